/* The Automa plugged into the rules (rules/variant.h): where Hurrah For
 * Old Joe replaces or adds to what a Union player would do. Each hook
 * names the rule it carries out; the work is in automa.c, answer.c,
 * automa_engage.c and automa_move.c. */
#include "automa/automa.h"
#include "automa/automa_internal.h"
#include "rules/position_setup.h"
#include "rules/variant.h"

static bool data_present(const GameData *gd) { return gd->automa.present; }

static void setup(Game *g)
{
    automa_setup(g);
    g->st.options |= OPT_RULE_OF_SIX; /* AI-SIX: K.2 makes the rule of 6 part of the solitaire game */
}

static void turn_begins(Game *g) { AUTOMA(g->st).night_done = false; } /* AI-SEQUENCE */

static void chit_drawn(Game *g)
{
    if (g->st.drawn.side == SIDE_UNION)
        automa_drawn(g); /* the Automa acts: AI-ACTIVATE */
    else
        AUTOMA(g->st).confederate_acts++; /* AI-WHEEL: a marker jumps once per Confederate activation */
}

static int legal(const Game *g, Decision *out, int max) { return automa_legal(g, out, max, 0); }

static int answer_legal(const Game *g, Decision *out, int max) { return automa_engage_legal(g, out, max, 0); }

/* AI-SIX: the player picks among the tied strongest units for the Automa's 6. */
static int filter(const Game *g, Decision *list, int n) { return automa_six_choice(g) ? automa_six_filter(g, list, n) : n; }

static const char *refuse(const Game *g, const Decision *d)
{
    if (!automa_six_choice(g))
        return NULL;
    Decision tied[CB_MAX_UNITS * 2];
    int k = game_legal(g, tied, CB_MAX_UNITS * 2);
    for (int i = 0; i < k; i++)
        if (d->kind == D_SIX_HIT && tied[i].arg == d->arg)
            return NULL;
    return "the Automa's 6 hits one of the strongest Confederate units, infantry first: pick one "
           "(six-hit UNIT, see 'legal')";
}

static int cover_points(const Game *g) { return AUTOMA(g->st).cover_art; } /* AI-ARTILLERY (I.2) */

static int cover_step_from(const Game *g) { return g->gd->automa.rules.cover_step_from; }

static int defence_hits(Game *g, int rolled)
{
    int hits = automa_defence_hits(g, rolled); /* AI-PLAYER-ATTACK: the corps' modifiers after the roll */
    automa_marker_used(g, g->st.cb_def, g->st.cb_ndef);
    return hits;
}

static void night_rallied(Game *g, int unit)
{
    if (unit < AUTOMA_MAX_UNITS)
        AUTOMA(g->st).night_dem[unit] = true; /* the Automa's night clean-up leaves this one disorganized */
}

static const GameVariant solitaire = {
    .name = "solitaire",
    .side = SIDE_UNION,
    .state_size = sizeof(AutomaState),
    .hidden_option = OPT_HIDDEN_AUTOMA,
    .no_supply_phase = true,          /* M.1 */
    .player_south_only = true,        /* AI-PLAYER-SOUTH */
    .break_only_if_can_fight = true,  /* AI-BREAK-CONTACT (docs/rulings.md) */
    .data_present = data_present,
    .setup = setup,
    .turn_begins = turn_begins,
    .turn_ends = automa_end_turn,     /* AI-END-TURN, AI-DAY-VP, AI-WHEEL */
    .fill_cup = automa_cup,           /* AI-SEQUENCE */
    .chit_drawn = chit_drawn,
    .night = automa_night,            /* AI-NIGHT */
    .legal = legal,
    .apply = automa_apply,
    .answer_legal = answer_legal,     /* AI-ENGAGEMENT */
    .answer_apply = automa_engage_apply,
    .filter = filter,
    .refuse = refuse,
    .after_decision = automa_reconcile, /* AI-VP-TRACK */
    .cover_points = cover_points,
    .defence_marker = automa_defence_marker, /* AI-COMBAT-MARKER */
    .cover_step_from = cover_step_from,
    .defence_hits = defence_hits,
    .attacked = automa_attacked,      /* AI-WHEEL's jump, N.5 */
    .loss_removes = automa_loss_removes, /* K.3 */
    .victory = automa_victory,        /* AI-VP-TRACK */
    .night_rallied = night_rallied,
    .position = &automa_position,
};

void automa_register(void) { game_variant_register(&solitaire); }
