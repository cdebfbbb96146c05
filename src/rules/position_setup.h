/* The parts of position.c a system that commands a side (rules/variant.h)
 * uses to add its own set-up lines: the line being read, refusing it with
 * a reason, logging what it did, and the cup. The Automa's display lines
 * (set attitude, hooker, track, wheel, ...) are in automa/automa_position.c. */
#ifndef GUV_POSITION_SETUP_H
#define GUV_POSITION_SETUP_H

#include <stdbool.h>
#include <stddef.h>

#include "rules/game.h"

/* One set-up line being applied: its words, and where to say what is wrong. */
typedef struct PositionSetup {
    Game *g;
    const GameData *gd;
    GameState *st;
    char **tok;
    int n;
    char *why;
    size_t whysize;
} PositionSetup;

/* A `set WHAT ...` line's handler. */
typedef struct {
    const char *what;
    bool (*fn)(PositionSetup *s);
} PositionForm;

/* What a system adds to setting up by hand. */
typedef struct PositionHooks {
    const PositionForm *forms; /* its own set lines, listed after the rules' */
    int nforms;
    /* After the turn, the cup or the chit drawn changed by hand (and after
     * its own lines): put its display in order with them. */
    void (*tidy)(PositionSetup *s);
    /* A chit of its side named in a line: false (refused) when it has none such. */
    bool (*chit_check)(PositionSetup *s, const Chit *c, const char *word);
    /* Its chit goes into the cup or is drawn: it leaves the system's display. */
    bool (*chit_out)(PositionSetup *s, const Chit *c);
    /* The activation under way is cleared by hand. */
    void (*clear_activation)(Game *g);
    /* After every line: units set by hand are not losses, and so on. */
    void (*set_by_hand)(Game *g);
} PositionHooks;

/* Refuses the line: why gets the reason; returns false. */
bool position_refuse(PositionSetup *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A SETUP log entry, "by hand: ...". */
void position_note(PositionSetup *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool position_parse_int(const char *tok, int *out);
/* "on" or "off", else refused with usage. */
bool position_want_on_off(PositionSetup *s, const char *tok, bool *on, const char *usage);
bool position_chit_same(const Chit *a, const Chit *b);
/* The chit's place in the cup, -1. */
int position_cup_find(const GameState *st, const Chit *c);
void position_cup_take(GameState *st, int i);
/* Whether c is the chit drawn in the activation phase. */
bool position_drawn_is(const GameState *st, const Chit *c);

#endif
