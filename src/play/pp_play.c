/* A game of A Perfect Plan and its autosave: see pp_play.h. */
#include "play/pp_play.h"
#include "pp_ai/pp_ai.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play/gamefile.h"
#include "rules/save.h"

#define PP_SAVE_MAGIC "guv-pp-save 1"

PpDecision pp_computer_chooser(const PpGame *g, void *ctx)
{
    const PpComputer *c = ctx;
    uint64_t seed = c->play->seed ^ ((uint64_t)c->play->nrec * 0x9e3779b97f4a7c15ull);
    /* the default play-outs, with no time cap: a capped search would
     * choose by the machine's speed, and the same game must play the same
     * everywhere (screen tests, a resumed game) */
    PpAiBudget b = pp_ai_default_budget();
    b.seconds = 0;
    if (c->playouts > 0)
        b.iterations = c->playouts;
    return pp_ai_choose(g, c->level, seed, &b); /* it reads g only through pp_view */
}

PpDecision pp_fallback_chooser(const PpGame *g, void *ctx)
{
    PpDecision ds[PP_MAX_LEGAL];
    int n = pp_legal(g, ds, PP_MAX_LEGAL);
    if (n > PP_MAX_LEGAL)
        n = PP_MAX_LEGAL;
    if (n <= 0)
        return (PpDecision){PP_D_DONE, -1, -1};
    return ds[rng_below((Rng *)ctx, (uint32_t)n)];
}

bool pp_play_autosave_path(char *out, size_t size) { return gamefile_autosave_path("perfect-plan.save", out, size); }

static void keep_event(PpPlay *p, const PpEvent *e, int rec)
{
    gamefile_push((void **)&p->log, &p->caplog, &p->nlog, sizeof *p->log, 256, &(PpLogEntry){*e, rec}, &p->oom);
}

static bool keep_record(PpPlay *p, const PpRecord *r)
{
    return gamefile_push((void **)&p->rec, &p->caprec, &p->nrec, sizeof *p->rec, 128, r, &p->oom);
}

static void save_body(FILE *f, const void *ctx)
{
    const PpPlay *p = ctx;
    fprintf(f, "%s\ndata %016llx\nseed %" PRIu64 "\ncomputer %s\n", PP_SAVE_MAGIC,
            (unsigned long long)p->pd->fingerprint, p->seed,
            p->computer < 0 ? "none" : pp_side_word(p->computer));
    for (int i = 0; i < p->nrec; i++) {
        if (p->rec[i].kind == PP_REC_DIE) {
            fprintf(f, "die %d\n", p->rec[i].die);
            continue;
        }
        char text[128];
        pp_decision_format(p->pd, &p->rec[i].d, text, sizeof text);
        fprintf(f, "do %s\n", text);
    }
}

bool pp_play_save(const PpPlay *p, const char *path, char *err, size_t n)
{
    return save_write_atomic(path, "the save", save_body, p, err, n);
}

static void autosave(PpPlay *p) { gamefile_autosave(&p->file, save_body, p); }

void pp_play_flush(PpPlay *p) { gamefile_flush(&p->file, save_body, p); }

static void start(PpPlay *p, const PpData *pd, uint64_t seed, int computer)
{
    p->pd = pd;
    p->seed = seed;
    p->computer = computer;
    pp_new(&p->g, pd, seed);
}

/* Applies one record to the game, logging its events; false with why. */
static bool replay_one(PpPlay *p, PpRecord *r, int index, char *why, size_t n)
{
    if (r->kind == PP_REC_DIE) {
        if (rng_force(&p->g.rng, r->die) != 0) {
            snprintf(why, n, "no more dice can be queued (or %d is not a die)", r->die);
            return false;
        }
        return true;
    }
    static PpEvents ev; /* large; one at a time */
    ev.n = 0;
    ev.overflow = false;
    r->side = (int8_t)pp_to_move(&p->g);
    if (pp_apply(&p->g, &r->d, &ev, why, n) != 0)
        return false;
    r->rolled = false;
    for (int i = 0; i < ev.n; i++) {
        if (ev.ev[i].kind == PP_EV_DIE)
            r->rolled = true;
        keep_event(p, &ev.ev[i], index);
    }
    return true;
}

bool pp_play_is_save(const char *path) { return gamefile_starts_with(path, PP_SAVE_MAGIC); }

void pp_play_new(PpPlay *p, const PpData *pd, uint64_t seed, bool standard, int computer, const char *path)
{
    memset(p, 0, sizeof *p);
    start(p, pd, seed, computer);
    snprintf(p->autosave, sizeof p->autosave, "%s", path ? path : "");
    for (int i = 0; standard && i < 2; i++) {
        PpDecision d = {PP_D_STANDARD, -1, -1};
        char why[200];
        bool deferred = p->deferred;
        p->deferred = true; /* one save for the two */
        pp_play_apply(p, &d, why, sizeof why);
        p->deferred = deferred;
    }
    p->dirty = false;
    autosave(p);
}

bool pp_play_replay_to(PpPlay *out, const PpPlay *whole, int n, char *why, size_t wn)
{
    if (n > whole->nrec)
        n = whole->nrec;
    pp_play_new(out, whole->pd, whole->seed, false, whole->computer, NULL);
    for (int i = 0; i < n; i++) {
        const PpRecord *r = &whole->rec[i];
        char reason[200] = "";
        if (r->kind == PP_REC_DIE ? !pp_play_force_die(out, r->die)
                                  : !pp_play_apply(out, &r->d, reason, sizeof reason)) {
            snprintf(why, wn, "record %d no longer replays: %s", i + 1, reason[0] ? reason : "a die out of place");
            pp_play_free(out);
            return false;
        }
    }
    return true;
}

bool pp_play_apply(PpPlay *p, const PpDecision *d, char *why, size_t n)
{
    PpRecord r = {.kind = PP_REC_DO, .d = *d};
    if (pp_refusal(&p->g, d, why, n))
        return false;
    if (!keep_record(p, &r)) {
        snprintf(why, n, "out of memory");
        return false;
    }
    if (!replay_one(p, &p->rec[p->nrec - 1], p->nrec - 1, why, n)) {
        p->nrec--;
        return false;
    }
    autosave(p);
    return true;
}

bool pp_play_force_die(PpPlay *p, int value)
{
    PpRecord r = {.kind = PP_REC_DIE, .die = (int8_t)value, .side = -1};
    if (value < 1 || value > 6 || p->g.rng.nforced >= RNG_MAX_FORCED || !keep_record(p, &r))
        return false;
    char why[100];
    if (!replay_one(p, &p->rec[p->nrec - 1], p->nrec - 1, why, sizeof why)) {
        p->nrec--;
        return false;
    }
    autosave(p);
    return true;
}

int pp_play_last_of(const PpPlay *p, int side)
{
    for (int i = p->nrec - 1; i >= 0; i--)
        if (p->rec[i].kind == PP_REC_DO && p->rec[i].side == side)
            return i;
    return -1;
}

/* Where undo for side would go back to (the record to drop from), or -1
 * with why. */
static int undo_target(const PpPlay *p, int side, char *why, size_t n)
{
    return gamefile_undo_target(p->rec, sizeof *p->rec, p->nrec, side, p->computer, why, n);
}

int pp_play_undo_depth(const PpPlay *p, int side)
{
    return gamefile_undo_depth(p->rec, sizeof *p->rec, p->nrec, side, p->computer);
}

/* p's game replayed from its seed through its first k records. */
static bool replay_to(PpPlay *p, int k, char *why, size_t n)
{
    int nrec = p->nrec;
    p->nrec = 0;
    p->nlog = 0;
    pp_new(&p->g, p->pd, p->seed);
    for (int i = 0; i < k && i < nrec; i++) {
        if (!replay_one(p, &p->rec[i], i, why, n))
            return false;
        p->nrec = i + 1;
    }
    return true;
}

bool pp_play_undo(PpPlay *p, int side, char *why, size_t n)
{
    int r = undo_target(p, side, why, n);
    if (r < 0)
        return false;
    if (!replay_to(p, r, why, n))
        return false;
    autosave(p);
    return true;
}

static int side_of_word(const char *w)
{
    return strcmp(w, "union") == 0 ? PP_UNION : strcmp(w, "confederate") == 0 ? PP_CONFEDERATE : -1;
}

/* A save being read (gamefile_read's ctx): the play, its data and its head so far. */
typedef struct {
    PpPlay *p;
    const PpData *pd;
    uint64_t seed;
} Reading;

/* One line of the save's head (before its first record); false with err. */
static bool head_line(void *ctx, const char *line, const char *path, int ln, bool *started, char *err, size_t n)
{
    Reading *r = ctx;
    char w[32];
    unsigned long long s;
    if (sscanf(line, "data %llx", &s) == 1) { /* (saves before it was written have none) */
        if (s == r->pd->fingerprint)
            return true;
        snprintf(err, n,
                 "%s:%d: this game was saved with other data for A Perfect Plan (%016llx; this guv has "
                 "%016llx): it would not replay the same; play it with the data it was saved with",
                 path, ln, s, (unsigned long long)r->pd->fingerprint);
        return false;
    }
    if (sscanf(line, "seed %llu", &s) == 1) {
        r->seed = s;
        return true;
    }
    if (sscanf(line, "computer %31s", w) == 1 && (strcmp(w, "none") == 0 || side_of_word(w) >= 0)) {
        *started = true;
        start(r->p, r->pd, r->seed, side_of_word(w));
        return true;
    }
    snprintf(err, n, "%s:%d: expected 'seed N' then 'computer union|confederate|none', not '%.100s'", path, ln,
             line);
    return false;
}

static bool read_die(void *ctx, int value) { return pp_play_force_die(((Reading *)ctx)->p, value); }

static bool read_decision(void *ctx, const char *text, char *why, size_t n)
{
    Reading *r = ctx;
    PpDecision d;
    return pp_decision_parse(r->pd, text, &d, why, n) && pp_play_apply(r->p, &d, why, n);
}

bool pp_play_load(PpPlay *p, const PpData *pd, const char *path, bool keep_saving, char *err, size_t n)
{
    static const GameFormat format = {PP_SAVE_MAGIC, "A Perfect Plan", "seed and computer lines", head_line,
                                      read_die, read_decision};
    memset(p, 0, sizeof *p);
    Reading r = {p, pd, 0};
    if (gamefile_read(&format, &r, path, &p->oom, keep_saving ? &p->file : NULL, err, n))
        return true;
    pp_play_free(p);
    return false;
}

void pp_play_finish(PpPlay *p)
{
    pp_play_flush(p);
    gamefile_finish(&p->file, pp_over(&p->g), "perfect-plan-finished.save");
}

void pp_play_free(PpPlay *p)
{
    pp_play_flush(p);
    free(p->rec);
    free(p->log);
    p->rec = NULL;
    p->log = NULL;
    p->nrec = p->caprec = p->nlog = p->caplog = 0;
}

void pp_play_result_text(const PpPlay *p, char *buf, size_t n)
{
    const PpData *pd = p->pd;
    int r = pp_result(&p->g);
    char held[300] = "";
    for (int i = 0; i < pd->nvictory; i++) {
        int a = pd->victory_areas[i];
        snprintf(held + strlen(held), sizeof held - strlen(held), "%s%s held by the %s", i ? ", " : "",
                 pd->areas[a].name, pd->sides[p->g.control[a]].shortname);
    }
    if (r < 0)
        snprintf(buf, n, "the game goes on (turn %d of %d): %s", p->g.turn, pd->turns, held);
    else if (r == PP_TIE)
        snprintf(buf, n, "A tie: the victory areas are split (%s).", held);
    else
        snprintf(buf, n, "The %s (%s) wins: it holds every victory area (%s).", pd->sides[r].name,
                 pd->sides[r].shortname, held);
}
