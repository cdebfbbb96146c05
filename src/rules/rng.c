#include "rules/rng.h"

#include <string.h>

void rng_seed(Rng *r, uint64_t seed)
{
    memset(r, 0, sizeof *r);
    r->inc = (seed << 1u) | 1u;
    r->state = 0;
    rng_next(r);
    r->state += seed ^ 0x853c49e6748fea9bULL;
    rng_next(r);
}

uint32_t rng_next(Rng *r)
{
    uint64_t old = r->state;
    r->state = old * 6364136223846793005ULL + r->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}

uint32_t rng_below(Rng *r, uint32_t n)
{
    uint32_t threshold = (uint32_t)(-n) % n;
    for (;;) {
        uint32_t x = rng_next(r);
        if (x >= threshold)
            return x % n;
    }
}

int rng_force(Rng *r, int value)
{
    if (value < 1 || value > 6 || r->nforced >= RNG_MAX_FORCED)
        return -1;
    r->forced[r->nforced++] = (unsigned char)value;
    return 0;
}

int rng_die(Rng *r, int *forced)
{
    if (r->nforced > 0) {
        int v = r->forced[0];
        memmove(r->forced, r->forced + 1, (size_t)(r->nforced - 1));
        r->nforced--;
        if (forced)
            *forced = 1;
        return v;
    }
    if (forced)
        *forced = 0;
    return (int)rng_below(r, 6) + 1;
}
