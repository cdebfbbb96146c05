/* A game of The Red Die of Courage and its autosave: see rd_play.h. */
#include "play/rd_play.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play/gamefile.h"
#include "rd_ai/rd_ai.h"
#include "rules/save.h"

#define RD_SAVE_MAGIC "guv-rd-save 1"

RdDecision rd_fallback_chooser(const RdGame *g, void *ctx)
{
    RdDecision *ds = malloc(RD_MAX_LEGAL * sizeof *ds);
    RdDecision d = {RD_D_PASS, -1, 0, -1, -1, -1, 0};
    if (!ds)
        return d;
    int n = rd_legal(g, ds, RD_MAX_LEGAL);
    if (n > RD_MAX_LEGAL)
        n = RD_MAX_LEGAL;
    if (n > 0)
        d = ds[rng_below((Rng *)ctx, (uint32_t)n)];
    free(ds);
    return d;
}

RdDecision rd_computer_chooser(const RdGame *g, void *ctx)
{
    const RdComputer *c = ctx;
    Rng rng;
    rng_seed(&rng, c->play->seed ^ ((uint64_t)c->play->nrec * 0x9e3779b97f4a7c15ull));
    return rd_ai_choose(g, c->level, &rng);
}

bool rd_play_autosave_path(char *out, size_t size) { return gamefile_autosave_path("red-die.save", out, size); }

static void keep_event(RdPlay *p, const RdEvent *e, int rec)
{
    gamefile_push((void **)&p->log, &p->caplog, &p->nlog, sizeof *p->log, 256, &(RdLogEntry){*e, rec}, &p->oom);
}

static bool keep_record(RdPlay *p, const RdRecord *r)
{
    return gamefile_push((void **)&p->rec, &p->caprec, &p->nrec, sizeof *p->rec, 128, r, &p->oom);
}

static void save_body(FILE *f, const void *ctx)
{
    const RdPlay *p = ctx;
    fprintf(f, "%s\ndata %016llx\nfield %s\nseed %" PRIu64 "\ncomputer %s\n", RD_SAVE_MAGIC,
            (unsigned long long)p->rd->fingerprint, p->rd->fields[p->field].id, p->seed,
            p->computer < 0 ? "none" : rd_side_word(p->computer));
    for (int i = 0; i < p->nrec; i++) {
        if (p->rec[i].kind == RD_REC_DIE)
            fprintf(f, "die %d\n", p->rec[i].die);
        else
            fprintf(f, "do %s\n", p->rec[i].text);
    }
}

bool rd_play_save(const RdPlay *p, const char *path, char *err, size_t n)
{
    return save_write_atomic(path, "the save", save_body, p, err, n);
}

static void autosave(RdPlay *p) { gamefile_autosave(&p->file, save_body, p); }

void rd_play_flush(RdPlay *p) { gamefile_flush(&p->file, save_body, p); }

static void start(RdPlay *p, const RdData *rd, int field, uint64_t seed, int computer)
{
    p->rd = rd;
    p->field = field;
    p->seed = seed;
    p->computer = computer;
    rd_new(&p->g, &rd->rules, &rd->fields[field], seed);
}

/* Applies one record to the game, logging its events; false with why. */
static bool replay_one(RdPlay *p, RdRecord *r, int index, char *why, size_t n)
{
    if (r->kind == RD_REC_DIE) {
        if (rng_force(&p->g.rng, r->die) != 0) {
            snprintf(why, n, "no more dice can be queued (or %d is not a die)", r->die);
            return false;
        }
        return true;
    }
    static RdEvents ev; /* large; one at a time */
    ev.n = 0;
    ev.overflow = false;
    r->side = (int8_t)rd_to_move(&p->g);
    rd_decision_format(&p->g, &r->d, r->text, sizeof r->text); /* in the words of the game it was taken in */
    if (rd_apply(&p->g, &r->d, &ev, why, n) != 0)
        return false;
    r->rolled = false;
    for (int i = 0; i < ev.n; i++) {
        if (ev.ev[i].kind == RD_EV_DIE)
            r->rolled = true;
        keep_event(p, &ev.ev[i], index);
    }
    return true;
}

bool rd_play_is_save(const char *path) { return gamefile_starts_with(path, RD_SAVE_MAGIC); }

void rd_play_new(RdPlay *p, const RdData *rd, int field, uint64_t seed, int computer, const char *path)
{
    memset(p, 0, sizeof *p);
    start(p, rd, field, seed, computer);
    snprintf(p->autosave, sizeof p->autosave, "%s", path ? path : "");
    autosave(p);
}

bool rd_play_apply(RdPlay *p, const RdDecision *d, char *why, size_t n)
{
    RdRecord r = {.kind = RD_REC_DO, .d = *d};
    if (rd_refusal(&p->g, d, why, n))
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

bool rd_play_force_die(RdPlay *p, int value)
{
    RdRecord r = {.kind = RD_REC_DIE, .die = (int8_t)value, .side = -1};
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

/* Where undo for side would go back to (the record to drop from), or -1
 * with why. */
static int undo_target(const RdPlay *p, int side, char *why, size_t n)
{
    return gamefile_undo_target(p->rec, sizeof *p->rec, p->nrec, side, p->computer, why, n);
}

int rd_play_undo_depth(const RdPlay *p, int side)
{
    return gamefile_undo_depth(p->rec, sizeof *p->rec, p->nrec, side, p->computer);
}

/* p's game replayed from its seed through its first k records. */
static bool replay_to(RdPlay *p, int k, char *why, size_t n)
{
    int nrec = p->nrec;
    p->nrec = 0;
    p->nlog = 0;
    rd_new(&p->g, &p->rd->rules, &p->rd->fields[p->field], p->seed);
    for (int i = 0; i < k && i < nrec; i++) {
        if (!replay_one(p, &p->rec[i], i, why, n))
            return false;
        p->nrec = i + 1;
    }
    return true;
}

bool rd_play_undo(RdPlay *p, int side, char *why, size_t n)
{
    int r = undo_target(p, side, why, n);
    if (r < 0)
        return false;
    if (!replay_to(p, r, why, n))
        return false;
    autosave(p);
    return true;
}

bool rd_play_replay_to(RdPlay *out, const RdPlay *whole, int n, char *why, size_t wn)
{
    if (n > whole->nrec)
        n = whole->nrec;
    rd_play_new(out, whole->rd, whole->field, whole->seed, whole->computer, NULL);
    for (int i = 0; i < n; i++) {
        const RdRecord *r = &whole->rec[i];
        char reason[200] = "";
        if (r->kind == RD_REC_DIE ? !rd_play_force_die(out, r->die)
                                  : !rd_play_apply(out, &r->d, reason, sizeof reason)) {
            snprintf(why, wn, "record %d no longer replays: %s", i + 1, reason[0] ? reason : "a die out of place");
            rd_play_free(out);
            return false;
        }
    }
    return true;
}

static int side_of_word(const char *w)
{
    return strcmp(w, "union") == 0 ? RD_UNION : strcmp(w, "confederate") == 0 ? RD_CONFEDERATE : -1;
}

/* A save being read (gamefile_read's ctx): the play, its data and its head so far. */
typedef struct {
    RdPlay *p;
    const RdData *rd;
    int field;
    uint64_t seed;
} Reading;

/* One line of the save's head (before its first record); false with err. */
static bool head_line(void *ctx, const char *line, const char *path, int ln, bool *started, char *err, size_t n)
{
    Reading *r = ctx;
    const RdData *rd = r->rd;
    char w[64];
    unsigned long long s;
    if (sscanf(line, "data %llx", &s) == 1) {
        if (s == rd->fingerprint)
            return true;
        snprintf(err, n,
                 "%s:%d: this game was saved with other data for the Red Die (%016llx; this guv has %016llx): it "
                 "would not replay the same; play it with the data it was saved with",
                 path, ln, s, (unsigned long long)rd->fingerprint);
        return false;
    }
    if (sscanf(line, "field %63s", w) == 1) {
        if ((r->field = rd_field_index(rd, w)) >= 0)
            return true;
        snprintf(err, n, "%s:%d: no battlefield '%s' in this data (see config/red-die/fields)", path, ln, w);
        return false;
    }
    if (sscanf(line, "seed %llu", &s) == 1) {
        r->seed = s;
        return true;
    }
    if (sscanf(line, "computer %63s", w) == 1 && (strcmp(w, "none") == 0 || side_of_word(w) >= 0)) {
        if (r->field < 0) {
            snprintf(err, n, "%s:%d: the save names no battlefield ('field NAME') before this line", path, ln);
            return false;
        }
        start(r->p, rd, r->field, r->seed, side_of_word(w));
        *started = true;
        return true;
    }
    snprintf(err, n, "%s:%d: expected 'data', 'field NAME', 'seed N' then 'computer union|confederate|none', not '%.100s'",
             path, ln, line);
    return false;
}

static bool read_die(void *ctx, int value) { return rd_play_force_die(((Reading *)ctx)->p, value); }

static bool read_decision(void *ctx, const char *text, char *why, size_t n)
{
    RdPlay *p = ((Reading *)ctx)->p;
    RdDecision d;
    return rd_decision_parse(&p->g, text, &d, why, n) && rd_play_apply(p, &d, why, n);
}

bool rd_play_load(RdPlay *p, const RdData *rd, const char *path, bool keep_saving, char *err, size_t n)
{
    static const GameFormat format = {RD_SAVE_MAGIC, "the Red Die of Courage", "field, seed and computer lines",
                                      head_line, read_die, read_decision};
    memset(p, 0, sizeof *p);
    Reading r = {p, rd, -1, 0};
    if (gamefile_read(&format, &r, path, &p->oom, keep_saving ? &p->file : NULL, err, n))
        return true;
    rd_play_free(p);
    return false;
}

void rd_play_finish(RdPlay *p)
{
    rd_play_flush(p);
    gamefile_finish(&p->file, rd_over(&p->g), "red-die-finished.save");
}

void rd_play_free(RdPlay *p)
{
    rd_play_flush(p);
    free(p->rec);
    free(p->log);
    p->rec = NULL;
    p->log = NULL;
    p->nrec = p->caprec = p->nlog = p->caplog = 0;
}

void rd_play_result_text(const RdPlay *p, char *buf, size_t n)
{
    int pts[RD_SIDES];
    rd_points(&p->g, pts);
    int r = rd_result(&p->g);
    if (r < 0)
        snprintf(buf, n, "the game goes on (pass %d of %d): Union %d, Confederates %d points", p->g.passes,
                 p->g.field->length, pts[RD_UNION], pts[RD_CONFEDERATE]);
    else if (r == RD_DRAW)
        snprintf(buf, n, "A draw: Union %d, Confederates %d points.", pts[RD_UNION], pts[RD_CONFEDERATE]);
    else
        snprintf(buf, n, "The %s win%s, %d points to %d.", r == RD_UNION ? "Union" : "Confederates",
                 r == RD_UNION ? "s" : "", pts[r], pts[1 - r]);
}
