package io.clirbench.benchmarks;

import io.clirbench.core.qa.QaEvaluation;
import io.clirbench.core.qa.eval.Protocol;
import io.clirbench.core.qa.format.PredictionReader;
import io.clirbench.core.qa.report.QaRun;
import io.clirbench.core.stats.Stats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code bench qa eval} against XHotpotQA v0.4.0's own {@code python3 -m xhotpotqa evaluate}, side by side and
 * alternating, on the same gold and predictions ({@link PeerQaData}: xquad-mix records made loadable by the peer,
 * repeated with new ids; the lexical-overlap predictions), at 6,650, 66,500 and 665,000 instances and protocols
 * {@code unicode} ({@code unicode_script_aware}) and {@code legacy} ({@code legacy_hotpot}). Per size: the I/O floor
 * (reading both files, counting lines) and the in-process evaluation (validate, read the predictions, score,
 * aggregate: what the command does between JVM start and printing) in this JVM; then per protocol the pairs, the
 * ratio peer / command per pair (median, spread) and the load average. At 66,500: the command with B = 10,000. At the
 * largest size: the command once under {@code -Xmx256m}. The peer is {@code ../shared/tools/xhotpotqa} (or
 * {@code --peer DIR}); without {@code python3} or the package its runs are skipped and said so. See benchmarks/README.md.
 */
public final class QaPeerSpeedHarness {

    private static final String DEFAULT_COMMAND = "./bench qa eval --dataset {dataset} --pred {pred} --protocol {protocol} --bootstrap 0";

    private QaPeerSpeedHarness() {
    }

    public static void main(String[] args) throws Exception {
        List<Integer> sizes = new ArrayList<>(List.of(6_650, 66_500, 665_000));
        List<String> protocols = List.of("unicode", "legacy");
        Path dir = Path.of("benchmarks", "target", "qa-peer");
        Path source = Path.of("datasets", "xquad-mix");
        Path peer = Path.of("..", "shared", "tools", "xhotpotqa");
        String command = DEFAULT_COMMAND;
        int pairs = 3;
        int bigPairs = 1;
        int warmups = 1;
        for (int i = 0; i < args.length; i += 2) {
            String v = i + 1 < args.length ? args[i + 1] : null;
            switch (args[i]) {
                case "--sizes" -> {
                    sizes.clear();
                    for (String s : v.split(",")) {
                        sizes.add(Integer.parseInt(s.replace("_", "")));
                    }
                }
                case "--protocols" -> protocols = List.of(v.split(","));
                case "--dir" -> dir = Path.of(v);
                case "--source" -> source = Path.of(v);
                case "--peer" -> peer = Path.of(v);
                case "--command" -> command = v;
                case "--pairs" -> pairs = Integer.parseInt(v);
                case "--big-pairs" -> bigPairs = Integer.parseInt(v);
                case "--warmups" -> warmups = Integer.parseInt(v);
                default -> throw new IllegalArgumentException("unknown option '" + args[i] + "'; options: --sizes N,N --protocols P,P"
                        + " --dir DIR --source DIR --peer DIR --command CMD --pairs N --big-pairs N --warmups N");
            }
        }
        String loadAtStart = Timings.loadAverage();
        System.out.printf(Locale.ROOT, "machine: %d cores, %s %s, max heap %d MiB; load average at start %s%n",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name"), System.getProperty("java.vm.version"),
                Runtime.getRuntime().maxMemory() >> 20, loadAtStart);
        String python = python(peer);
        System.out.println(python == null
                ? "peer: skipped (no python3 on PATH or no XHotpotQA package in " + peer + ")"
                : "peer: XHotpotQA v0.4.0 from " + peer + " (" + python + ")");
        System.out.println("command: " + command);
        int perCopy = PeerQaData.create(source, dir, 1).count();
        int largest = sizes.stream().mapToInt(Integer::intValue).max().orElse(0);
        for (int size : sizes) {
            if (size % perCopy != 0) {
                throw new IllegalArgumentException("size " + size + " is not a multiple of " + perCopy + " (peer-loadable records per copy)");
            }
            long t0 = System.nanoTime();
            PeerQaData.Files3 files = PeerQaData.create(source, dir, size / perCopy);
            System.out.printf(Locale.ROOT, "%n== %,d instances: %s (%.0f MiB), %s (%.1f MiB); ready in %.1f s; load average %s%n", size,
                    files.instances(), Files.size(files.instances()) / 1048576.0, files.predictions().getFileName(),
                    Files.size(files.predictions()) / 1048576.0, (System.nanoTime() - t0) / 1e9, Timings.loadAverage());
            int n = size >= 665_000 ? bigPairs : pairs;
            int w = size >= 665_000 ? 0 : warmups;
            boolean big = size >= 665_000; // minutes per run: the memory check and the pairs first, the in-process figures last
            if (size == largest && big) {
                memoryCheck(command, files);
            }
            if (big) {
                for (String protocol : protocols) {
                    sideBySide(files, protocol, command, python, peer, n, w, size);
                }
            }
            Timings floor = print(Timings.of("I/O floor (read both files, count lines)", w, n,
                    () -> LineCount.of(files.instances()) + LineCount.of(files.predictions()) + " lines"));
            for (String protocol : protocols) {
                Timings eval = print(Timings.of("in-process evaluation, " + protocol, w, n, () -> evaluate(files, protocol)));
                System.out.printf(Locale.ROOT, "  in-process evaluation / I/O floor = %.2f (goal at 665,000: <= 3)%n",
                        eval.median() / floor.median());
            }
            if (!big) {
                for (String protocol : protocols) {
                    sideBySide(files, protocol, command, python, peer, n, w, size);
                }
            }
            if (size == 66_500) {
                String b = expand(command, files, "unicode").replace("--bootstrap 0", "--bootstrap 10000");
                Timings t = print(new Timings("command, B = 10,000 (goal < 10 s)", new double[] {Timings.runCommand(b)}, ""));
                System.out.printf(Locale.ROOT, "  B = 10,000 at 66,500: %.2f s -> %s%n", t.median(), t.median() < 10 ? "holds" : "DOES NOT hold");
            }
            if (size == largest && !big) {
                memoryCheck(command, files);
            }
        }
        System.out.printf(Locale.ROOT, "%nload average: at start %s, at end %s%n", loadAtStart, Timings.loadAverage());
    }

    // the command once with a 256 MiB heap
    private static void memoryCheck(String command, PeerQaData.Files3 files) throws Exception {
        String small = "BENCH_JAVA_OPTS='-Xmx256m -XX:+UseSerialGC' " + expand(command, files, "unicode");
        try {
            double s = Timings.runCommand(small);
            System.out.printf(Locale.ROOT, "  under -Xmx256m: completed in %.2f s (%s)%n", s, small);
        } catch (IllegalStateException e) {
            System.out.println("  under -Xmx256m: FAILED (" + e.getMessage() + ")");
        }
    }

    private static void sideBySide(PeerQaData.Files3 files, String protocol, String command, String python, Path peer, int pairs,
                                   int warmups, int size) throws Exception {
        String ours = expand(command, files, protocol);
        if (python == null) {
            print(Timings.of("command, " + protocol + " (no peer)", warmups, pairs, () -> Timings.runCommand(ours)));
            return;
        }
        Path metrics = files.dir().resolve("peer-" + protocol + ".json");
        String theirs = "PYTHONPATH=" + peer.toAbsolutePath() + " " + python + " -m xhotpotqa evaluate --gold " + files.instances()
                + " --predictions " + files.predictions() + " --output " + metrics + " --protocol "
                + (protocol.equals("legacy") ? "legacy_hotpot" : "unicode_script_aware");
        for (int i = 0; i < warmups; i++) {
            Timings.runCommand(theirs);
            Timings.runCommand(ours);
        }
        double[] p = new double[pairs];
        double[] c = new double[pairs];
        double[] r = new double[pairs];
        String load = Timings.loadAverage();
        for (int i = 0; i < pairs; i++) {
            p[i] = Timings.runCommand(theirs);
            c[i] = Timings.runCommand(ours);
            r[i] = p[i] / c[i];
        }
        Timings peerT = print(new Timings("XHotpotQA evaluate, " + protocol, p, ""));
        Timings ourT = print(new Timings("bench qa eval, " + protocol, c, ""));
        Timings ratio = new Timings("ratio", r, "");
        double goal = size >= 665_000 ? 10 : size >= 66_500 ? 5 : 1;
        double median = peerT.median() / ourT.median();
        System.out.printf(Locale.ROOT, "  %,d %s: peer / command = %.2fx (median / median), per pair %.2fx .. %.2fx; goal >= %.0fx: %s;"
                        + " load average before %s, after %s%n", size, protocol, median, ratio.min(), ratio.max(), goal,
                median >= goal ? "holds" : "DOES NOT hold", load, Timings.loadAverage());
    }

    private static String expand(String command, PeerQaData.Files3 files, String protocol) {
        return command.replace("{dataset}", files.dir().toString()).replace("{pred}", files.predictions().toString())
                .replace("{protocol}", protocol);
    }

    private static Object evaluate(PeerQaData.Files3 files, String protocol) {
        // what the command does: the predictions read, then one parallel read of the dataset, no per-example records
        QaRun run = QaEvaluation.evaluate(files.dir(), Protocol.parse(protocol), List.of(new QaEvaluation.Input("lexical-overlap",
                files.predictions().toString(), PredictionReader.read(files.predictions()).byId())), new Stats(0, 42L), false);
        var overall = run.systems().get("lexical-overlap").overall();
        return String.format(Locale.ROOT, "n %d, support F1 %.4f", overall.n(), overall.mean(1, 3));
    }

    // python3 when it and the package are there, else null
    private static String python(Path peer) {
        if (!Files.isDirectory(peer.resolve("xhotpotqa"))) {
            return null;
        }
        try {
            Process p = new ProcessBuilder("python3", "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor() == 0 ? "python3" : null;
        } catch (IOException | InterruptedException e) {
            return null;
        }
    }

    private static Timings print(Timings timings) {
        System.out.println(timings.line());
        return timings;
    }
}
