/* What the screen of The Red Die of Courage shows, as text (issue 18):
 * the battlefield as a grid of characters and styles (a cell a character:
 * its terrain, a linear obstacle on its east or south side, the soldier
 * standing there), the line of fire to a target, the odds of a roll before
 * it is rolled, the decisions and the squads in words. Pure: no curses;
 * src/ui/ui_rd.c paints it and scrolls it, the tests read it.
 *
 * The symbols (also in the screen's help, rd_help_lines):
 *   terrain   . open  = road  : woods  % dense woods  " bush  ~ marsh
 *             , rough  # building  ^ rocks  @ an objective's centre
 *   obstacles (on the cell whose east or south side they run along)
 *             + fence  & wall  $ hedge  / stream  [ trench  ! row of trees
 *   soldiers  the squad's letter: Union squads a-m, Confederates n-z;
 *             the leader in capitals (A), his men small (a); a lightly
 *             wounded man on his feet underlined; _ a man down (lightly
 *             wounded, prone); - a badly wounded man. Dead, fled,
 *             prisoners and escorts are off the table: the squads' list
 *             counts them.
 *   the fire  * the line of fire from the firing leader to the target's
 *             (marked blocked when it has none). */
#ifndef GUV_RD_SCREEN_H
#define GUV_RD_SCREEN_H

#include <stdbool.h>
#include <stddef.h>

#include "red_die/rd.h"

/* A cell's style; the curses layer gives each a colour and attribute. */
enum {
    RDS_OPEN,
    RDS_WOODS,    /* woods, dense woods, bush */
    RDS_WET,      /* marsh */
    RDS_ROUGH,    /* rough, rocks */
    RDS_BUILDING,
    RDS_ROAD,
    RDS_EDGE,     /* a linear obstacle */
    RDS_OBJECTIVE,
    RDS_UNION,    /* a Union soldier */
    RDS_CONFED,
    RDS_UNION_HURT, /* a Union soldier lightly wounded on his feet */
    RDS_CONFED_HURT,
    RDS_PICK,     /* a soldier of the squad chosen */
    RDS_TARGET,   /* a soldier of the squad aimed at */
    RDS_LOF,      /* the line of fire */
    RDS_BLOCKED,  /* a line of fire that is not there */
    RDS_DEST,     /* a cell the chosen squad's leader may go to */
    RDS_CURSOR,
    RDS_STYLES
};

typedef struct {
    int w, h;
    char ch[RD_MAX_H][RD_MAX_W];
    unsigned char st[RD_MAX_H][RD_MAX_W];
} RdMapGrid;

/* What to mark on the field. */
typedef struct {
    int squad;  /* the squad chosen (its soldiers in RDS_PICK), -1 */
    int target; /* the enemy squad aimed at (RDS_TARGET, the line of fire drawn from squad), -1 */
    int col, row; /* the cursor, -1 */
    const bool (*dest)[RD_MAX_W]; /* cells lit as destinations, NULL */
} RdMarks;

void rd_marks_none(RdMarks *m);
/* The whole field as drawn. marks may be NULL. */
void rd_map_grid(RdMapGrid *m, const RdGame *g, const RdMarks *marks);
char rd_cell_glyph(int kind);
char rd_edge_glyph(int kind);
/* A squad's letter (capital: its leader's). */
char rd_squad_letter(const RdGame *g, int squad);
/* A soldier's character on the field, and whether he is lightly wounded on his feet. */
char rd_soldier_glyph(const RdGame *g, int soldier, bool *hurt);

/* The odds of the roll d would make, before it is made. */
typedef struct {
    int dice, repeat, red, pool; /* chosen + repeat dice + red dice = pool */
    int needed;                  /* raw successes needed (4-5-6): -1 out of reach, 0 any (rally) */
    double success;              /* needed successes or more and no fiasco or disaster */
    double fiasco, disaster;
    double heroic;               /* a red die's 6 brings a heroic roll (and no fiasco or disaster) */
    double run_off;              /* the soldiers the red dice make skedaddle, on average, at most the squad (RDC-RED-DICE) */
    double run_any;              /* the chance that at least one does */
} RdOdds;
/* False when d rolls no dice (a loss chosen, a pass, holding fire, Enterprising's move). */
bool rd_odds(const RdGame *g, const RdDecision *d, RdOdds *o);
/* "3 dice + 1 red = 4: need 2: 52% success, 11% fiasco, 2% disaster, 13% heroic, 33% a man runs
 * off" (need: the successes; the heroic chance and the men the red dice make run off only with
 * red dice in the pool: "~4 run off" when more than one is likely). When that is wider than
 * width (0: any), the short form "4 dice, need 2: 52% ok, ...". */
void rd_odds_text(const RdOdds *o, int width, char *buf, size_t n);
/* Fits a line of the Red Die's screen into width: the log's hint goes, then long words
 * give way ("(medium range)" "(medium)", "successes" "succ.", "Confederate" "CSA",
 * "activations" "acts", "points" "VP"), then the line is cut with '~'. */
void rd_fit(char *s, size_t n, int width);
/* A fire or assault's target as the rules measure it (a fire: the leaders' distance, its range
 * band, the cover most of the target holds; an assault: the leader to the nearest target soldier):
 * "n 7th-tn at 32.5 cm between the leaders (medium range), cover light, -1 success; line of fire: yes". */
void rd_target_text(const RdGame *g, const RdDecision *d, char *buf, size_t n);

/* "Hazel Grove  pass 3/24  CSA has the initiative  red U1 C0  points U0 C5" */
void rd_status_text(const RdGame *g, char *buf, size_t n);
/* What the side to move is asked now, in words. */
void rd_question_text(const RdGame *g, char *buf, size_t n);
/* A decision in words: "A 114th-pa: fire at n 7th-tn (2+ dice)". */
void rd_decision_words(const RdGame *g, const RdDecision *d, char *buf, size_t n);
/* A squad's line in the list of squads: "A 114th-pa vet 6/8 1lt 1bad | 1 dead". */
void rd_squad_line(const RdGame *g, int squad, char *buf, size_t n);
/* What stands at a cell, in words (the cursor's line). */
void rd_cell_text(const RdGame *g, int col, int row, char *buf, size_t n);
/* The first column (or row) of a view `view` wide of a field `size` wide
 * that shows `focus`, moved from `from` only as far as it must. */
int rd_view_origin(int from, int focus, int size, int view);
/* The help's lines on the symbols, NULL-terminated. */
const char *const *rd_symbol_lines(void);

#endif
