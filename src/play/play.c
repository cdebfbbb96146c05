/* A game and its autosave: see play.h. */
#include "play/play.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "rules/position.h"
#include "rules/save.h"

bool play_autosave_path(char *out, size_t size)
{
    char dir[4096];
    if (!save_dir(dir, sizeof dir))
        return false;
    snprintf(out, size, "%s/current.save", dir);
    return true;
}

static void autosave(Play *p)
{
    if (p->deferred && p->autosave[0]) {
        p->dirty = true; /* written by play_flush, before the next key */
        return;
    }
    p->save_error[0] = '\0';
    if (!p->autosave[0])
        return;
    char err[1200];
    if (!save_write(&p->game, p->autosave, err, sizeof err))
        snprintf(p->save_error, sizeof p->save_error, "%s", err);
}

bool play_new(Play *p, const GameData *gd, int scenario, uint64_t seed, unsigned options, const char *path,
              char *err, size_t errsize)
{
    memset(p, 0, sizeof *p);
    if (!game_new_options(&p->game, gd, scenario, seed, options, err, errsize))
        return false;
    p->started = true;
    snprintf(p->autosave, sizeof p->autosave, "%s", path ? path : "");
    autosave(p);
    return true;
}

void play_adopt(Play *p, Game *g, const char *path)
{
    memset(p, 0, sizeof *p);
    p->game = *g;
    memset(g, 0, sizeof *g); /* the play owns it now */
    p->started = true;
    snprintf(p->autosave, sizeof p->autosave, "%s", path ? path : "");
    autosave(p);
}

bool play_resume(Play *p, const GameData *gd, const char *path, char *err, size_t errsize)
{
    int good;
    return play_resume_checked(p, gd, path, err, errsize, &good);
}

bool play_resume_checked(Play *p, const GameData *gd, const char *path, char *err, size_t errsize, int *good)
{
    memset(p, 0, sizeof *p);
    if (!save_load_checked(gd, path, &p->game, err, errsize, good))
        return false;
    p->started = true;
    snprintf(p->autosave, sizeof p->autosave, "%s", path);
    return true;
}

bool play_resume_good_part(Play *p, const GameData *gd, const char *path, int good, char *err, size_t errsize)
{
    memset(p, 0, sizeof *p);
    /* the damaged file is kept as it is, beside: nothing is lost by playing on from its good part */
    char kept[4400];
    for (int k = 1; k < 100; k++) {
        snprintf(kept, sizeof kept, k == 1 ? "%s.damaged" : "%s.damaged-%d", path, k);
        if (link(path, kept) == 0)
            break;
        if (errno != EEXIST) {
            snprintf(err, errsize, "cannot keep the damaged save aside as %s: %s", kept, strerror(errno));
            return false;
        }
    }
    if (!save_load_upto(gd, path, good, &p->game, err, errsize))
        return false;
    p->started = true;
    snprintf(p->autosave, sizeof p->autosave, "%s", path);
    autosave(p);
    return true;
}

bool play_apply(Play *p, const Decision *d, char *why, size_t whysize)
{
    if (!game_apply(&p->game, d, why, whysize))
        return false;
    autosave(p);
    return true;
}

bool play_undo(Play *p, int side, char *why, size_t whysize)
{
    if (!game_undo(&p->game, side, why, whysize))
        return false;
    autosave(p);
    return true;
}

bool play_force_die(Play *p, int value)
{
    if (!game_force_die(&p->game, value))
        return false;
    autosave(p);
    return true;
}

void play_flush(Play *p)
{
    if (!p->dirty)
        return;
    p->dirty = false;
    bool deferred = p->deferred;
    p->deferred = false;
    autosave(p);
    p->deferred = deferred;
}

void play_finish(Play *p)
{
    play_flush(p); /* the last decisions are in the file renamed */
    if (!p->autosave[0] || p->game.st.phase != PH_GAME_OVER)
        return;
    char done[4200];
    snprintf(done, sizeof done, "%s", p->autosave);
    char *slash = strrchr(done, '/');
    snprintf(slash ? slash + 1 : done, sizeof done - (size_t)(slash ? slash + 1 - done : 0), "finished.save");
    if (rename(p->autosave, done) != 0)
        snprintf(p->save_error, sizeof p->save_error, "the finished game stays in %s", p->autosave);
}

bool play_replay_to(const Game *g, int k, Game *out, char *err, size_t errsize)
{
    if (!game_new_options(out, g->gd, g->st.scenario, g->seed, g->start_options, err, errsize))
        return false;
    for (int i = 0; i < k && i < g->nrec; i++) {
        const GameRecord *r = &g->rec[i];
        Decision d;
        char why[300];
        if (r->setup ? !position_apply(out, r->text, why, sizeof why)
            : r->dice ? !game_force_die(out, r->die)
                      : !decision_parse(out, r->text, &d) || !game_apply(out, &d, why, sizeof why)) {
            snprintf(err, errsize, "record %d (%s) does not replay", i + 1, r->dice ? "a die" : r->text);
            game_free(out);
            return false;
        }
    }
    return true;
}

void play_free(Play *p)
{
    if (p->started)
        play_flush(p);
    if (p->started)
        game_free(&p->game);
    p->started = false;
}
