package io.clirbench.benchmarks;

/** The bare JVM that {@link StartupHarness} compares {@code bench}'s start-up with: prints one line and exits. */
public final class HelloWorld {

    private HelloWorld() {
    }

    public static void main(String[] args) {
        System.out.println("hello");
    }
}
