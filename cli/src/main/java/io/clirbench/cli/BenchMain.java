package io.clirbench.cli;

import io.clirbench.cli.retrieval.EvalArguments;
import io.clirbench.cli.retrieval.EvalCommand;
import io.clirbench.core.Version;
import java.util.concurrent.Callable;

/**
 * The entry point of bench.jar. {@code bench --version} (or {@code -V}) is answered here, as picocli would print it,
 * {@code bench NAME... --help} from the help texts stored in the jar ({@link StoredHelp}) and the usual
 * {@code bench eval} line read by {@link EvalArguments}, without building picocli's command model; everything else
 * goes to {@link BenchCommand}. Those requests then start about as fast as a
 * hello-world JVM (benchmarks/README.md, "Start-up of the command").
 */
public final class BenchMain {

    private BenchMain() {
    }

    public static void main(String[] args) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            System.out.println(versionLine());
            exit(0);
            return;
        }
        if (StoredHelp.print(args, System.out)) {
            exit(0);
            return;
        }
        QrelsPrefetch.start(args);
        EvalCommand eval = EvalArguments.parse(args);
        exit(eval != null ? call("bench eval", eval) : BenchCommand.run(args));
    }

    /**
     * Runs a command read without picocli ({@link EvalArguments}) as picocli's {@code execute} would: its exit status,
     * or, when it throws, the line {@link BenchCommand}'s execution exception handler prints and status 1.
     */
    static int call(String name, Callable<Integer> command) {
        try {
            return command.call();
        } catch (Exception e) {
            System.err.println(name + ": " + InputErrors.describe(e));
            System.err.flush();
            return 1;
        }
    }

    /** What {@code bench --version} prints: {@code bench 0.1.0-SNAPSHOT}. */
    static String versionLine() {
        return "bench " + Version.current();
    }

    /**
     * Ends the command with {@code status}. A successful command whose other threads are all daemons returns from
     * {@code main} instead of calling {@link System#exit}: the JVM then ends with status 0 as {@code System.exit(0)}
     * would (shutdown hooks run, daemon threads stop), without the logger that {@code Runtime.exit} looks up on every
     * call since JDK 21 (a service lookup on the class path and about 30 classes, a few milliseconds of a 0.1 s
     * command). A failure, or a thread that would keep the JVM alive, takes {@code System.exit} as before.
     */
    static void exit(int status) {
        if (status != 0 || otherLiveThreads()) {
            System.exit(status);
        }
    }

    /** Whether a thread of this program other than the current one would keep the JVM running. */
    private static boolean otherLiveThreads() {
        ThreadGroup group = Thread.currentThread().getThreadGroup();
        Thread[] threads = new Thread[group.activeCount() + 16];
        int count = group.enumerate(threads, true);
        for (int i = 0; i < count; i++) {
            Thread thread = threads[i];
            if (thread != Thread.currentThread() && thread.isAlive() && !thread.isDaemon()) {
                return true;
            }
        }
        return count == threads.length; // more threads than the array holds: be safe
    }
}
