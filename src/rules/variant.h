/* A game system that plugs into the rules and commands one side: the
 * solitaire game's Automa (Hurrah For Old Joe) is one. The rules never
 * include it: they call these hooks where the rulebook lets such a system
 * replace or add to what a player would do, and the system works through
 * the rules' functions (game.h, and the parts' shared functions in
 * game_internal.h: unit_put, retreats, the bombardment table, ...).
 *
 * A program links the systems it offers and registers them once at start
 * (automa_register() for the Automa). A scenario that names a system
 * (a scenario file with `solitaire = yes` names "solitaire") gets that system's
 * hooks in Game.variant at game_new; without it registered, game_new says
 * so and fails. The base game (Game.variant NULL) never calls a hook.
 *
 * The system's own state lives in GameState.variant_state: room the rules
 * keep for it and never read, so that the whole game stays one plain value
 * (copied for undo, compared by the tests). The system says how much it
 * needs (state_size); game_new refuses one that does not fit. */
#ifndef GUV_VARIANT_H
#define GUV_VARIANT_H

#include <stdbool.h>
#include <stddef.h>

#include "rules/game.h"

typedef struct GameVariant {
    const char *name;  /* as a scenario names it: "solitaire" */
    int side;          /* the side the system commands */
    size_t state_size; /* bytes of GameState.variant_state it uses */
    /* What the system changes in the rules for everyone (properties, not
     * code): its side's stacks are open to the player unless the option
     * hidden_option is on (VISIBILITY); no supply phase at night; the
     * player's units stay south of the great rivers; only a stack the
     * system could fight breaks contact from its moves; its side puts no
     * Independent chit of the rules in the cup (its own cup hook does). */
    unsigned hidden_option;
    bool no_supply_phase;
    bool player_south_only;
    bool break_only_if_can_fight;

    /* Whether the data holds the system's files (without them the scenario
     * is played by two players), then the game's start, after the
     * scenario's set-up, and the turn's steps. */
    bool (*data_present)(const GameData *gd);
    void (*setup)(Game *g);
    void (*turn_begins)(Game *g); /* the choosing phase has begun */
    void (*turn_ends)(Game *g);   /* the end-of-turn clean-up, before victory is checked */
    int (*fill_cup)(Game *g, Chit *out, int max); /* its chits for the cup */
    void (*chit_drawn)(Game *g);  /* a chit of either side was drawn (st.drawn) */
    bool (*night)(Game *g);       /* its night work first: true while it has some */

    /* Decisions: its own (when st.to_move is its side), and the player's
     * answers to its questions (st.pending PEND_SYSTEM). filter narrows the
     * player's list of the rules' decisions (returns the new count); refuse
     * says why a decision of the player is not one of those, or NULL. */
    int (*legal)(const Game *g, Decision *out, int max);
    bool (*apply)(Game *g, const Decision *d, char *why, size_t n);
    int (*answer_legal)(const Game *g, Decision *out, int max);
    bool (*answer_apply)(Game *g, const Decision *d, char *why, size_t n);
    int (*filter)(const Game *g, Decision *list, int n);
    const char *(*refuse)(const Game *g, const Decision *d);
    void (*after_decision)(Game *g); /* every decision applied, the game not over */

    /* The player attacks the system's side (its defence). */
    int (*cover_points)(const Game *g);                      /* defence points added */
    int (*defence_marker)(const Game *g, const short *def, int ndef); /* dice added */
    int (*cover_step_from)(const Game *g);                   /* for the preview */
    int (*defence_hits)(Game *g, int rolled);                /* hits it scores, after its roll */
    void (*attacked)(Game *g);                               /* a combat against it is declared */
    bool (*loss_removes)(const Game *g); /* its unit retreats rather than take this loss */

    /* Victory (victory.ini type = solitaire), checked as the rules check theirs. */
    bool (*victory)(Game *g, bool last_turn);
    /* At night a demoralized unit of either side became only disorganized. */
    void (*night_rallied)(Game *g, int unit);

    /* Its part in setting up a position by hand (rules/position_setup.h), NULL: none. */
    const struct PositionHooks *position;
} GameVariant;

/* Makes a system known to game_new (idempotent; up to 4). */
void game_variant_register(const GameVariant *v);
/* The registered system of that name, or NULL. */
const GameVariant *game_variant_find(const char *name);
/* The i-th registered system, NULL past the last. */
const GameVariant *game_variant_at(int i);

#endif
