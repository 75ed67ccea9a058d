package io.clirbench.index.search;

/** Prints the kernel this JVM picks, and one exact search result; run by {@link KernelFallbackTest} in a child JVM. */
public final class KernelProbe {

    private KernelProbe() {
    }

    public static void main(String[] args) {
        float[][] rows = {{1, 0}, {0, 1}, {1, 1}};
        TopN.Ranked r = new ExactSearcher().search(BlockedLayout.fromRows(rows), 2, 3, new int[] {2, 1, 0},
                new float[][] {{1, 1}}, 3, null, 1)[0];
        System.out.println(DotKernel.best().name() + " " + java.util.Arrays.toString(r.rows()));
    }
}
