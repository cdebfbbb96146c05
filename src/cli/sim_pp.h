/* guv sim --game perfect-plan: A Perfect Plan between two computer players. */
#ifndef GUV_SIM_PP_H
#define GUV_SIM_PP_H

/* argv as cmd_sim has it; the --game option among the rest. */
int cmd_sim_pp(int argc, char **argv, const char *data_option);
/* guv sim --game red-die: The Red Die of Courage between two computer players (sim_rd.c). */
int cmd_sim_rd(int argc, char **argv, const char *data_option);

#include <stdbool.h>
#include <stddef.h>

/* A whole decimal number in [lo, hi] into *out (sim.c): both sims' options. */
bool sim_parse_number(const char *s, unsigned long long lo, unsigned long long hi, unsigned long long *out);
/* Writes all n bytes to fd (a worker's results to the parent), false on failure (sim.c). */
bool sim_write_all(int fd, const char *p, size_t n);

#endif
