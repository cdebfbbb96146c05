#include "rules/log.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

LogEntry *log_add(GameLog *log, int turn, int kind, const char *rule, const char *fmt, ...)
{
    if (log->count == log->cap) {
        int cap = log->cap ? log->cap * 2 : 64;
        LogEntry *p = realloc(log->items, (size_t)cap * sizeof *p);
        if (!p)
            return NULL;
        log->items = p;
        log->cap = cap;
    }
    LogEntry *e = &log->items[log->count];
    memset(e, 0, sizeof *e);
    e->seq = log->count + 1;
    e->turn = turn;
    e->kind = kind;
    strncpy(e->rule, rule ? rule : "-", sizeof e->rule - 1); /* cut as snprintf would; the entry is zeroed */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->text, sizeof e->text, fmt, ap);
    va_end(ap);
    log->count++;
    return e;
}

void log_free(GameLog *log)
{
    free(log->items);
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
