/* The arithmetic of guv sim's report (issue 16): 95% intervals for shares
 * and means, for the difference of two of them, and how many games it
 * takes to see a difference. Pure: no output. */
#ifndef GUV_SIMSTATS_H
#define GUV_SIMSTATS_H

typedef struct {
    double est, lo, hi; /* the estimate and its 95% interval */
} Estimate;

/* A share of k in n (Wilson's score interval). */
Estimate share95(long k, long n);
/* A mean from the sum and the sum of squares of n values (the standard
 * error, normal approximation). */
Estimate mean95(double sum, double sumsq, long n);
/* A ratio of two totals over games, sum x / sum n (the share of marches
 * that went nowhere, say), from the sums over games of x, n, x*x, n*n and
 * x*n: the games, not the marches, are the independent draws (the
 * standard error of a ratio estimate, normal approximation). */
Estimate ratio95(double sx, double sn, double sxx, double snn, double sxn, long games);
/* The difference of two such ratios from two runs, a - b (their standard
 * errors combined). */
Estimate ratio_diff95(Estimate a, Estimate b);
/* The difference of two shares, a - b (Newcombe's method from the two
 * Wilson intervals); significant when the interval leaves out 0. */
Estimate share_diff95(long ka, long na, long kb, long nb);
/* The difference of two means, a - b (the standard errors combined). */
Estimate mean_diff95(double suma, double sumsqa, long na, double sumb, double sumsqb, long nb);
/* Games in each of two runs to see a difference d in a share near p,
 * two-sided at 5% with 80% power; 0 when d <= 0. */
long games_to_see(double p, double d);
/* Whether an interval leaves out zero. */
int estimate_significant(Estimate e);

#endif
