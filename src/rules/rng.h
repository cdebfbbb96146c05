/* The one random generator of a game (PCG32), kept inside the game state so
 * that a game replays exactly from its seed and its decisions. Tests and
 * rules lawyers may queue forced dice, which are used before any random one. */
#ifndef GUV_RNG_H
#define GUV_RNG_H

#include <stdint.h>

#define RNG_MAX_FORCED 64

typedef struct {
    uint64_t state;
    uint64_t inc;
    unsigned char forced[RNG_MAX_FORCED];
    int nforced;
} Rng;

void rng_seed(Rng *r, uint64_t seed);
uint32_t rng_next(Rng *r);
/* A uniform number in [0, n), n > 0, without modulo bias. */
uint32_t rng_below(Rng *r, uint32_t n);
/* Queues a die result (1-6) to be returned by the next rng_die; returns 0,
 * or -1 when the queue is full or the value is not 1-6. */
int rng_force(Rng *r, int value);
/* One six-sided die: the next forced value if any, else a random one.
 * *forced tells which. */
int rng_die(Rng *r, int *forced);

#endif
