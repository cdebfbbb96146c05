/* Every kind of decision, declared once. One row per kind:
 *
 *   X(KIND, "verb", SHAPE, apply, answers)
 *
 *   verb    the word that starts it in saves, scripts, the log and `legal`;
 *   SHAPE   how the words after the verb read and write (decision.c): the
 *           same for every kind of a shape; the words of SH_COMBAT,
 *           SH_EVENTS, SH_PLACEMENT and SH_PONTOON kinds are their rules
 *           part's (combat.c, events.c, placement.c, pontoon.c), the verb
 *           always the table's;
 *   apply   the function that carries it out once game_apply has routed it
 *           by phase and pending question (apply.c): it lives in the file
 *           of its rule part; apply_unknown for kinds that only come in a
 *           phase or question routed before (recovery, placement, the
 *           Automa's engagement);
 *   answers the pending questions (enum Pending) it answers, A(PEND_...);
 *           ANSWER_ONLY when it is never made but as an answer.
 *
 * Which kinds are open when is the business of legal.c and each part's
 * *_legal function, in the rulebook's order for each phase.
 *
 * Adding a kind: a row here (the enum DecisionKind follows it), its apply
 * function in the file of its rule part, its listing in that part's legal
 * function; a new SHAPE only when no shape fits its words. */
#ifndef GUV_DECISION_KINDS_H
#define GUV_DECISION_KINDS_H

#define A(pending) (1u << (pending))
#define ANSWER_ONLY (1u << 31)
#define A_COMBAT_ONLY (A(PEND_COMBAT) | ANSWER_ONLY)

#define DECISION_KINDS(X)                                                                                    \
    X(D_CHOOSE, "choose", SH_FORMATION, apply_choose, 0)                   /* ACT-POINTS */               \
    X(D_DONE, "done", SH_WORD, apply_done, 0)                              /* ACT-POINTS */               \
    X(D_ACTIVATE, "activate", SH_WORD, apply_activate, 0)                  /* ACT-CUP */                  \
    X(D_PASS, "pass", SH_WORD, apply_activate, 0)                          /* ACT-CUP */                  \
    X(D_END, "end", SH_WORD, apply_end, A(PEND_RETREAT_EVENT))             /* SEQ-DAY */                  \
    X(D_PLACE, "place", SH_HEX, apply_place, 0)                            /* ACT-RADIUS */               \
    X(D_ATTACH, "attach", SH_UNIT, apply_attach, 0)                        /* ACT-INDEP-ATTACH */         \
    X(D_MOVE, "move", SH_UNITS_HEX, apply_move, A(PEND_RETREAT_EVENT))     /* MOVE-BASIC */               \
    X(D_BOMBARD, "bombard", SH_BOMBARD, apply_bombard, 0)                  /* BOMBARD */                  \
    X(D_BREASTWORK, "breastwork", SH_WORD, apply_breastwork,                                                 \
      A(PEND_BREASTWORK) | A(PEND_COMBAT) | ANSWER_ONLY)                   /* BREASTWORK */               \
    X(D_NO_BREASTWORK, "no-breastwork", SH_WORD, apply_breastwork,                                           \
      A(PEND_BREASTWORK) | A(PEND_COMBAT) | ANSWER_ONLY)                   /* BREASTWORK */               \
    X(D_TAKE, "take", SH_UNIT, apply_take, A(PEND_BOMBARD_TAKE) | A(PEND_MARCH_LOSS) | ANSWER_ONLY)          \
    X(D_BREAK, "break", SH_BREAK, apply_break, A(PEND_BREAK_CONTACT) | ANSWER_ONLY) /* BREAK-CONTACT */   \
    X(D_STAY, "stay", SH_WORD, apply_break, A(PEND_BREAK_CONTACT) | ANSWER_ONLY)    /* BREAK-CONTACT */   \
    X(D_DISPLACE, "displace", SH_UNIT_HEX, apply_displace, A(PEND_STACK) | ANSWER_ONLY) /* STACK */       \
    X(D_ELIMINATE, "eliminate", SH_UNIT, apply_displace, A(PEND_STACK) | ANSWER_ONLY)   /* STACK */       \
    X(D_ATTACK, "attack", SH_COMBAT, combat_apply, 0)                      /* COMBAT-WHO */               \
    X(D_BW_DIE, "bw-die", SH_WORD, combat_apply, A_COMBAT_ONLY)          /* BREASTWORK */               \
    X(D_BW_STEP, "bw-step", SH_WORD, combat_apply, A_COMBAT_ONLY)        /* BREASTWORK */               \
    X(D_BONUS, "bonus", SH_COMBAT, combat_apply, A_COMBAT_ONLY)            /* ELITE-BONUS */              \
    X(D_LOSE, "lose", SH_UNIT, combat_apply, A_COMBAT_ONLY)              /* HITS */                     \
    X(D_RETREAT_INSTEAD, "retreat-instead", SH_WORD, combat_apply, A_COMBAT_ONLY) /* RETREAT */         \
    X(D_RETREAT, "retreat", SH_COMBAT, combat_apply, A_COMBAT_ONLY)        /* RETREAT */                  \
    X(D_ADVANCE, "advance", SH_UNITS_HEX, combat_apply, A_COMBAT_ONLY)        /* ADVANCE */                  \
    X(D_NO_ADVANCE, "no-advance", SH_WORD, combat_apply, A_COMBAT_ONLY)  /* ADVANCE */                  \
    X(D_RECOVER, "recover", SH_UNIT, apply_unknown, 0)                     /* RECOVERY, night.c */        \
    X(D_EXIT, "exit", SH_UNITS, apply_exit, 0)                             /* EXIT-MAP */                 \
    X(D_SKIRMISH, "skirmish", SH_UNIT_HEX, apply_skirmish, 0)              /* SKIRM-MAKE */               \
    X(D_SKIRM_DEFEND, "skirmisher", SH_HEX, combat_apply, A_COMBAT_ONLY) /* COMBAT-STEPS B, SKIRM-RULES */\
    X(D_NO_SKIRM, "no-skirmisher", SH_WORD, combat_apply, A_COMBAT_ONLY) /* COMBAT-STEPS B, SKIRM-RULES */ \
    X(D_HIGHER, "higher", SH_HIGHER, apply_higher, 0)                      /* HIGHER-CMD */               \
    X(D_DETACH, "detach", SH_HEX, apply_detach, 0)                         /* DETACH */                   \
    X(D_FORCED_MARCH, "forced-march", SH_WORD, apply_forced_march, 0)      /* FORCED-MARCH */             \
    X(D_DUMMY, "dummy", SH_HEX, apply_dummy, 0)                            /* DUMMIES */                  \
    X(D_REMOVE_DUMMY, "remove-dummy", SH_UNIT, apply_remove_dummy, 0)      /* DUMMIES */                  \
    X(D_SIX_HIT, "six-hit", SH_UNIT, combat_apply, A_COMBAT_ONLY)        /* RULE-OF-SIX */              \
    X(D_SIX_RETREAT, "six-retreat", SH_WORD, combat_apply, A_COMBAT_ONLY) /* RULE-OF-SIX */             \
    X(D_SIX_CANCEL, "six-cancel", SH_WORD, combat_apply, A_COMBAT_ONLY)  /* RULE-OF-SIX */              \
    X(D_BUILD, "build", SH_PONTOON, pontoon_apply, 0)                      /* PONTOON-BUILD */            \
    X(D_TAKE_UP, "take-up", SH_PONTOON, pontoon_apply, 0)                  /* PONTOON-REMOVE */           \
    X(D_DESTROY, "destroy", SH_PONTOON, pontoon_apply, 0)                  /* PONTOON-SEIZE */            \
    X(D_CAPTURE, "capture", SH_PONTOON, pontoon_apply, 0)                  /* PONTOON-SEIZE */            \
    X(D_EVENT, "event", SH_EVENTS, apply_event, A(PEND_COMBAT))            /* EVENTS */                   \
    X(D_DRAW_EVENT, "draw-event", SH_EVENTS, apply_event, 0)               /* EVENTS */                   \
    X(D_GOOD_GENERAL, "good-general", SH_EVENTS, apply_event, 0)           /* EVENTS */                   \
    X(D_NO_EVENT, "no-event", SH_EVENTS, apply_event, 0)                   /* EVENTS */                   \
    X(D_VP_PLACE, "vp-place", SH_PLACEMENT, apply_unknown, 0)              /* VARIANT-HYPOTHETICAL */     \
    X(D_DEPLOY, "deploy", SH_PLACEMENT, apply_unknown, 0)                  /* VARIANT-HYPOTHETICAL */     \
    X(D_SYSTEM, "automa", SH_WORD, apply_unknown, 0)                       /* AI-*: the system's step */  \
    X(D_ENTRENCH, "entrench", SH_HEX, apply_unknown, 0)                    /* AI-ENGAGEMENT */            \
    X(D_TRADE, "trade", SH_HEX, apply_unknown, 0)                          /* AI-RETREAT */               \
    X(D_VP_TRACK, "vp-track", SH_UNIT, apply_unknown, 0)                   /* AI-VP-TRACK */              \
    X(D_LAST_VP, "last-vp", SH_UNIT, apply_unknown, 0)                     /* AI-VP-TRACK */

/* How a kind's words after the verb read and write (decision.c). */
enum DecisionShape {
    SH_WORD,      /* nothing: "done" */
    SH_FORMATION, /* a formation in arg: "choose hill" */
    SH_HEX,       /* a hex in arg: "place 1820" */
    SH_UNIT,      /* a unit in arg: "attach nelson" */
    SH_UNIT_HEX,  /* a unit in arg, a hex in arg2: "skirmish heth 1921" */
    SH_UNITS,     /* units: "exit heth+lane" */
    SH_UNITS_HEX, /* units and a hex in arg: "move heth+lane 1921" */
    SH_BOMBARD,   /* "bombard walker+nelson 1820 troops" */
    SH_BREAK,     /* a hex, and units when only part of the stack breaks: "break 1921 [heth+lane]" */
    SH_HIGHER,    /* a commander and formations: "higher jackson hill+rodes" */
    SH_COMBAT,    /* attack, bonus, retreat: written and read by combat.c */
    SH_EVENTS,    /* by events.c */
    SH_PLACEMENT, /* by placement.c */
    SH_PONTOON,   /* by pontoon.c (a hexside) */
};

#endif
