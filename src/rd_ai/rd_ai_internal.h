/* Shared between the parts of the Red Die's AI (src/rd_ai). */
#ifndef GUV_RD_AI_INTERNAL_H
#define GUV_RD_AI_INTERNAL_H

#include "rd_ai/rd_ai.h"

/* Every decision open now, in a buffer of the AI's own (the next call
 * overwrites it); returns how many. */
int rd_ai_list(const RdGame *g, RdDecision **out);
/* careful.c */
RdDecision rd_ai_careful(const RdGame *g);

#endif
