package io.clirbench.core.stats;

/** The chi-square distribution's survival function, through the regularized incomplete gamma function. */
public final class ChiSquare {

    private static final int MAX_ITERATIONS = 10_000;
    private static final double EPS = 1e-15;
    private static final double FPMIN = Double.MIN_NORMAL / EPS;

    private ChiSquare() {
    }

    /** {@code P(X > x)} for X chi-square with {@code df} degrees of freedom. */
    public static double survival(double x, int df) {
        if (df < 1) {
            throw new IllegalArgumentException("chi-square needs df >= 1, got " + df);
        }
        if (x <= 0) {
            return 1;
        }
        return upperRegularizedGamma(df / 2.0, x / 2.0);
    }

    /** {@code Q(a, x) = Γ(a, x) / Γ(a)} (Numerical Recipes: series below a+1, continued fraction above). */
    static double upperRegularizedGamma(double a, double x) {
        if (x < a + 1) {
            return 1 - lowerSeries(a, x);
        }
        return upperContinuedFraction(a, x);
    }

    private static double lowerSeries(double a, double x) {
        double ap = a;
        double delta = 1 / a;
        double sum = delta;
        for (int n = 0; n < MAX_ITERATIONS; n++) {
            ap++;
            delta *= x / ap;
            sum += delta;
            if (Math.abs(delta) < Math.abs(sum) * EPS) {
                break;
            }
        }
        return sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
    }

    private static double upperContinuedFraction(double a, double x) {
        double b = x + 1 - a;
        double c = 1 / FPMIN;
        double d = 1 / b;
        double h = d;
        for (int i = 1; i < MAX_ITERATIONS; i++) {
            double an = -i * (i - a);
            b += 2;
            d = an * d + b;
            d = Math.abs(d) < FPMIN ? FPMIN : d;
            c = b + an / c;
            c = Math.abs(c) < FPMIN ? FPMIN : c;
            d = 1 / d;
            double delta = d * c;
            h *= delta;
            if (Math.abs(delta - 1) < EPS) {
                break;
            }
        }
        return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
    }

    /** {@code ln Γ(x)} for x > 0 (Lanczos, as in Numerical Recipes' gammln; error below 2e-10). */
    static double logGamma(double x) {
        double[] cof = {76.18009172947146, -86.50532032941677, 24.01409824083091, -1.231739572450155,
            0.1208650973866179e-2, -0.5395239384953e-5};
        double y = x;
        double tmp = x + 5.5;
        tmp -= (x + 0.5) * Math.log(tmp);
        double ser = 1.000000000190015;
        for (double c : cof) {
            ser += c / ++y;
        }
        return -tmp + Math.log(2.5066282746310005 * ser / x);
    }
}
