#include "rules/log.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Room for cap lines (items_room) or cap facts (facts_room); callers never
 * ask for less than there is. */
static bool items_room(GameLog *log, int cap)
{
    LogEntry *p = realloc(log->items, (size_t)cap * sizeof *p);
    if (!p)
        return false;
    log->items = p;
    log->cap = cap;
    return true;
}

static bool facts_room(GameLog *log, int cap)
{
    LogFact *p = realloc(log->facts, (size_t)cap * sizeof *p);
    if (!p)
        return false;
    log->facts = p;
    log->capfacts = cap;
    return true;
}

LogEntry *log_add(GameLog *log, int turn, int kind, const char *rule, const char *fmt, ...)
{
    if (log->count == log->cap && !items_room(log, log->cap ? log->cap * 2 : 64))
        return NULL;
    LogEntry *e = &log->items[log->count];
    memset(e, 0, sizeof *e);
    e->seq = log->count + 1;
    e->turn = turn;
    e->kind = kind;
    const char *r = rule ? rule : "-";
    memcpy(e->rule, r, strnlen(r, sizeof e->rule - 1)); /* cut as snprintf would; the entry is zeroed */
    if (!log->textless) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(e->text, sizeof e->text, fmt, ap);
        va_end(ap);
    }
    log->count++;
    return e;
}

bool log_reserve(GameLog *log, int count, int nfacts)
{
    return (count <= log->cap || items_room(log, count)) && (nfacts <= log->capfacts || facts_room(log, nfacts));
}

void log_fact(GameLog *log, int kind, int a, int b, int c, int d)
{
    if (log->nfacts == log->capfacts && !facts_room(log, log->capfacts ? log->capfacts * 2 : 64))
        return;
    log->facts[log->nfacts++] = (LogFact){kind, log->count, a, b, c, d};
}

void log_truncate(GameLog *log, int count)
{
    if (count < 0 || count > log->count)
        return;
    log->count = count;
    while (log->nfacts > 0 && log->facts[log->nfacts - 1].entry >= count)
        log->nfacts--;
}

void log_free(GameLog *log)
{
    free(log->items);
    free(log->facts);
    memset(log, 0, sizeof *log);
}

void log_format(const LogEntry *e, char *buf, int size)
{
    static const char *const kinds[] = {"event", "roll", "decision"};
    static const char *const secret[] = {"", " secret=union", " secret=confederate"};
    static const char *const others[] = {"", " for=confederate", " for=union"}; /* -(side + 1): the other side's */
    const char *sec = e->secret >= 0 && e->secret <= 2 ? secret[e->secret] : e->secret >= -2 ? others[-e->secret] : "";
    if (e->kind == LOG_ROLL)
        snprintf(buf, (size_t)size, "%d turn=%d roll %s die=%d mod=%d forced=%d | %s", e->seq, e->turn, e->rule, e->die,
                 e->modified, e->forced ? 1 : 0, e->text);
    else
        snprintf(buf, (size_t)size, "%d turn=%d %s %s%s | %s", e->seq, e->turn, kinds[e->kind], e->rule, sec, e->text);
}

bool log_visible(const LogEntry *e, int viewer)
{
    return e->secret == 0 || e->secret == viewer + 1 || (e->secret < 0 && -e->secret != viewer + 1);
}
