package io.clirbench.index.search;

/** Picks the kernel once: the Vector API class is loaded only when its incubator module is in the boot layer. */
final class Kernels {

    static final DotKernel BEST = load();

    private Kernels() {
    }

    private static DotKernel load() {
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            return new ScalarDotKernel();
        }
        try {
            return (DotKernel) Class.forName("io.clirbench.index.search.VectorApiDotKernel")
                    .getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError e) {
            return new ScalarDotKernel();
        }
    }
}
