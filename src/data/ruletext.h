/* config/rule-text.ini: a short explanation of every rule id the game's log
 * names (MOVE-BASIC, AI-WHEEL, EXIT-MAP, ...), for the player to read from a
 * log entry. The file is optional: gamedata_load reads it only when it is
 * there, and a data set without it simply has no rule texts. */
#ifndef GUV_RULETEXT_H
#define GUV_RULETEXT_H

#include <stdbool.h>

#include "data/diag.h"

/* id and title hold at most 31 and 79 characters; section at most 15. The
 * id is longer than the 24 bytes first planned: the checklist has
 * SCENARIO-CHANCELLORSVILLE (25 characters). */
typedef struct {
    char id[32];      /* upper-case letters, digits and '-' */
    char title[80];   /* a short name */
    char section[16]; /* the rulebook chapter or solitaire section, "" when not given */
    char *text;       /* a few sentences (owned) */
    int line;         /* of the [ID] header */
} RuleText;

typedef struct {
    RuleText *items;
    int count;
} RuleTexts;

/* Loads path (shown as rel in messages); every problem goes to d as
 * "rel:line: message". *out is always set and must be freed, even after
 * errors (it then holds the entries that were sound). Returns true when no
 * error was added. A file that cannot be read is one error. */
bool ruletext_load(const char *path, const char *rel, RuleTexts *out, Diags *d);
/* The entry for id, NULL when absent. */
const RuleText *ruletext_find(const RuleTexts *rt, const char *id);
void ruletext_free(RuleTexts *rt);
/* Whether s is a rule id: upper-case letters, digits and '-', starting with
 * a letter (the length is not checked). */
bool ruletext_valid_id(const char *s);

#endif
