/* The game log: everything that happens, each entry with the checklist rule
 * that governed it, and every die with its purpose and value. It lives
 * beside the game state (not in it): the state stays a small plain value. */
#ifndef GUV_LOG_H
#define GUV_LOG_H

#include <stdbool.h>

#include "rules/log_facts.h"

enum LogKind { LOG_EVENT, LOG_ROLL, LOG_DECISION };

typedef struct {
    int seq;
    int turn;
    int kind;
    char rule[32]; /* the longest checklist id, SCENARIO-CHANCELLORSVILLE, is 25 characters */
    char text[200];
    int die;      /* LOG_ROLL: the die as rolled */
    int modified; /* LOG_ROLL: after modifiers */
    bool forced;  /* LOG_ROLL: a queued (forced) die */
    int secret;   /* 0: for both sides; side + 1: hidden from the other side (a chit drawn, formations chosen);
                     -(side + 1): for the other side only (what it sees of a hidden move, VISIBILITY) */
} LogEntry;

typedef struct {
    LogEntry *items;
    int count, cap;
    LogFact *facts; /* what the lines tell, for programs (log_facts.h) */
    int nfacts, capfacts;
    /* No words: the lines keep their rule, kind, dice and facts, their text
     * stays empty (guv sim, where nobody reads it). Nothing else changes. */
    bool textless;
} GameLog;

LogEntry *log_add(GameLog *log, int turn, int kind, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* Room for `count` lines and `nfacts` facts without growing again (a caller
 * that knows how long its log gets: guv sim, from the games before). */
bool log_reserve(GameLog *log, int count, int nfacts);
/* Records a fact with the line that follows (log_facts.h). */
void log_fact(GameLog *log, int kind, int a, int b, int c, int d);
/* Whether the lines get their words: callers may skip building text that
 * would only go into a line when not. */
static inline bool log_wants_text(const GameLog *log) { return !log->textless; }
/* Takes the log back to its first `count` lines, with their facts. */
void log_truncate(GameLog *log, int count);
void log_free(GameLog *log);
/* Whether `viewer` (a side) reads the entry. */
bool log_visible(const LogEntry *e, int viewer);
/* One line, stable and machine-readable:
 * "17 turn=3 roll RAIN die=2 mod=2 forced=0 | rain check: 2 against 1" */
void log_format(const LogEntry *e, char *buf, int size);

#endif
