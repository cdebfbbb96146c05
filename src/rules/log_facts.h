/* What the log records besides its words: the few facts guv sim's report
 * reads (cli/simcorps.c, cli/sim.c), each with the numbers it carries, so
 * that nothing reads the text back and the sim need not write it. Declared
 * once. One row per kind:
 *
 *   X(KIND, "what it is and what its numbers a, b, c, d hold")
 *
 * A fact is recorded just before the log line that tells it (log_fact; a
 * march's while its line is being written): it goes with that line, and an
 * undo that takes the line back takes the fact back too (log_truncate). The numbers are the Automa's where it is the one
 * acting (automa.h). */
#ifndef GUV_LOG_FACTS_H
#define GUV_LOG_FACTS_H

#define LOG_FACTS(X)                                                                                                   \
    X(LF_MARCH, "a march's lead division (AUTOMA_LOG_LEAD): a the unit, b the hex it started from, c the hex it "     \
                "stopped on (b when it could get no closer)")                                                          \
    X(LF_ENGAGE, "an Automa formation begins an engagement (AUTOMA_LOG_ENGAGES): a the formation")                    \
    X(LF_INTERRUPT, "an interruption roll (AI-INTERRUPT): a 1 when it called the attack off, else 0")                 \
    X(LF_HITS, "hits rolled in an engagement (AUTOMA_LOG_HITS_ON_...): a the side hit, b the hits")                    \
    X(LF_READ, "a paragraph read (AUTOMA_LOG_READ_FOR): a its number, b the formation it is read for (-1: the "       \
               "army), c 1 when read under AI-OBJECTIVE (an objective's paragraph), else 0")                           \
    X(LF_REACHES, "a formation reaches its objective (AUTOMA_LOG_REACHES): a the formation")                          \
    X(LF_VP, "VP scored (automa_vp): a the side, b the points, c why (enum AutomaVpWhy)")                             \
    X(LF_OBJECTIVE, "an objective marker placed: a its value, b the area's number")

enum LogFactKind {
#define X(kind, what) kind,
    LOG_FACTS(X)
#undef X
        LF_COUNT
};

typedef struct {
    int kind;  /* enum LogFactKind */
    int entry; /* the index of the log line it goes with */
    int a, b, c, d;
} LogFact;

#endif
