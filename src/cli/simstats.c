/* guv sim's intervals (simstats.h). */
#include "cli/simstats.h"

#include <math.h>

#define Z95 1.959963984540054  /* two-sided 5% */
#define Z80 0.8416212335729143 /* one-sided 20%: power 80% */

Estimate share95(long k, long n)
{
    if (n <= 0)
        return (Estimate){0, 0, 1};
    double p = (double)k / (double)n, z2 = Z95 * Z95, nn = (double)n;
    double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
    double half = Z95 * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
    double lo = centre - half, hi = centre + half;
    return (Estimate){p, lo < 0 ? 0 : lo, hi > 1 ? 1 : hi};
}

Estimate mean95(double sum, double sumsq, long n)
{
    if (n <= 0)
        return (Estimate){0, 0, 0};
    double nn = (double)n, mean = sum / nn;
    double var = n > 1 ? (sumsq - nn * mean * mean) / (nn - 1) : 0;
    double se = var > 0 ? sqrt(var / nn) : 0;
    return (Estimate){mean, mean - Z95 * se, mean + Z95 * se};
}

Estimate ratio95(double sx, double sn, double sxx, double snn, double sxn, long games)
{
    if (games <= 0 || sn <= 0)
        return (Estimate){0, 0, 0};
    double r = sx / sn, g = (double)games;
    /* the games' residuals x - r n sum to 0; their spread gives the error */
    double ss = sxx - 2 * r * sxn + r * r * snn;
    double se = games > 1 && ss > 0 ? sqrt(g / (g - 1) * ss) / sn : 0;
    double lo = r - Z95 * se, hi = r + Z95 * se;
    return (Estimate){r, lo, hi};
}

Estimate ratio_diff95(Estimate a, Estimate b)
{
    double sa = (a.hi - a.lo) / (2 * Z95), sb = (b.hi - b.lo) / (2 * Z95);
    double d = a.est - b.est, half = Z95 * sqrt(sa * sa + sb * sb);
    return (Estimate){d, d - half, d + half};
}

Estimate share_diff95(long ka, long na, long kb, long nb)
{
    Estimate a = share95(ka, na), b = share95(kb, nb);
    double d = a.est - b.est;
    double lo = d - sqrt((a.est - a.lo) * (a.est - a.lo) + (b.hi - b.est) * (b.hi - b.est));
    double hi = d + sqrt((a.hi - a.est) * (a.hi - a.est) + (b.est - b.lo) * (b.est - b.lo));
    return (Estimate){d, lo, hi};
}

Estimate mean_diff95(double suma, double sumsqa, long na, double sumb, double sumsqb, long nb)
{
    Estimate a = mean95(suma, sumsqa, na), b = mean95(sumb, sumsqb, nb);
    double sea = (a.hi - a.est) / Z95, seb = (b.hi - b.est) / Z95;
    double d = a.est - b.est, half = Z95 * sqrt(sea * sea + seb * seb);
    return (Estimate){d, d - half, d + half};
}

long games_to_see(double p, double d)
{
    if (d <= 0)
        return 0;
    double z = Z95 + Z80;
    return (long)ceil(z * z * 2 * p * (1 - p) / (d * d));
}

int estimate_significant(Estimate e) { return e.lo > 0 || e.hi < 0; }
