package io.clirbench.benchmarks;

import io.clirbench.core.qa.eval.Protocol;
import io.clirbench.core.qa.eval.QaEvaluator;
import io.clirbench.core.qa.eval.QaResult;
import io.clirbench.core.qa.format.QaDatasetReader;
import io.clirbench.core.qa.format.QaDatasetWriter;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.FactKey;
import io.clirbench.core.qa.model.QaDatasetInfo;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.QaPrediction;
import io.clirbench.core.qa.model.SupportingFact;
import io.clirbench.core.qa.stats.QaStatistics;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * Times the QA evaluation of METRICS.md §4 on a synthetic validation-sized set: 7,405 instances (the
 * HotpotQA distractor validation split), 10 candidates of about 4 sentences (~40 sentences), 2 gold
 * paragraphs, 13 question languages, one prediction per instance. Reports, each the median of the timed
 * repetitions after warm-ups: (a) the floor, a pass that only touches every sentence; (b) the evaluation
 * without intervals (scoring, descriptors, every aggregate); (c) the same with intervals and tests off vs on
 * (B = 10,000 BCa for answer, support, joint F1 on overall, conditions, script relations); (d) the whole
 * file path: validate {@code instances.jsonl.gz}, stream and evaluate. Peak heap: the JVM heap pools' peak
 * during a streamed evaluation (instances generated one at a time, never held) and the heap retained
 * afterwards (the result with its per-example records). Usage: see benchmarks/README.md.
 */
public final class QaEvalSpeedHarness {

    private static final String[] LANGS = {"en", "de", "fr", "es", "ru", "zh", "ja", "ko", "ar", "hi", "th", "el", "tr"};
    private static final String[] WORDS = {"river", "city", "king", "music", "film", "war", "year", "book", "team", "school",
            "Stadt", "Fluss", "musique", "año", "город", "城市", "音楽", "도시", "مدينة", "शहर", "เมือง", "πόλη", "şehir"};

    private QaEvalSpeedHarness() {
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 7_405;
        int replicates = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
        int repetitions = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        System.out.printf(Locale.ROOT, "machine: %d cores, %s %s, max heap %d MiB, load average %.2f%n",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name"), System.getProperty("java.vm.version"),
                Runtime.getRuntime().maxMemory() >> 20, ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        List<QaInstance> instances = new ArrayList<>(n);
        generate(n, 11L, instances::add);
        Map<String, QaPrediction> predictions = predictions(instances, 13L);
        double sentences = instances.stream().mapToInt(i -> i.candidates().stream().mapToInt(c -> c.sentences().size()).sum()).average().orElse(0);
        System.out.printf(Locale.ROOT, "workload: %,d instances, 10 candidates, %.1f sentences per instance, %d question languages, protocol unicode%n",
                n, sentences, LANGS.length);

        double floor = time(repetitions, () -> touch(instances));
        double[] eval = new double[1];
        QaResult[] result = new QaResult[1];
        eval[0] = time(repetitions, () -> result[0] = evaluate(instances, predictions));
        System.out.printf(Locale.ROOT, "(a) floor (touch every sentence)        %.3f s%n", floor);
        System.out.printf(Locale.ROOT, "(b) evaluation, no intervals             %.3f s  = %,.0f instances/s  (%.1fx the floor)%n", eval[0],
                n / eval[0], eval[0] / floor);
        QaStatistics statistics = new QaStatistics(new io.clirbench.core.stats.Stats(replicates, 42L));
        double withIntervals = time(Math.max(1, repetitions / 2), () -> statistics.compute(Map.of("system", evaluate(instances, predictions))));
        System.out.printf(Locale.ROOT, "(c) evaluation + intervals (B = %,d)     %.3f s  = %,.0f instances/s  (%.1fx (b))%n", replicates,
                withIntervals, n / withIntervals, withIntervals / eval[0]);

        Path dir = Files.createTempDirectory("qa-speed");
        QaDatasetWriter.write(new QaDatasetInfo("synthetic", "synthetic", "1", "none", "QaEvalSpeedHarness",
                List.of(new java.util.TreeSet<>(Arrays.asList(LANGS)).toArray(String[]::new))), instances, dir);
        double file = time(repetitions, () -> {
            QaDatasetReader reader = QaDatasetReader.open(dir);
            QaEvaluator e = new QaEvaluator(Protocol.UNICODE, predictions);
            reader.stream(e::accept);
            e.finish();
        });
        System.out.printf(Locale.ROOT, "(d) validate + stream %s (%.1f MiB) + evaluate  %.3f s%n", "instances.jsonl.gz",
                Files.size(dir.resolve("instances.jsonl.gz")) / 1048576.0, file);

        instances.clear();
        System.gc();
        long before = usedHeap();
        resetPeaks();
        QaEvaluator streamed = new QaEvaluator(Protocol.UNICODE, predictions);
        long[] live = {0};
        int[] seen = {0};
        generate(n, 11L, instance -> { // one instance alive at a time
            streamed.accept(instance);
            if (++seen[0] == n / 2) {
                System.gc(); // the live set halfway: predictions, aggregates, the records so far, one instance
                live[0] = usedHeap() - before;
            }
        });
        QaResult kept = streamed.finish();
        long peak = peakHeap();
        System.gc();
        long retained = usedHeap() - before;
        System.out.printf(Locale.ROOT, "heap: %.1f MiB before (predictions held); live set halfway through the streamed evaluation "
                + "+%.1f MiB; retained by the result +%.1f MiB (%d per-example records); peak of the heap pools %.1f MiB (garbage "
                + "included)%n", before / 1048576.0, live[0] / 1048576.0, retained / 1048576.0, kept.examples().size(), peak / 1048576.0);
    }

    private static QaResult evaluate(List<QaInstance> instances, Map<String, QaPrediction> predictions) {
        QaEvaluator e = new QaEvaluator(Protocol.UNICODE, predictions);
        instances.forEach(e::accept);
        return e.finish();
    }

    private static long touch(List<QaInstance> instances) {
        long sum = 0;
        for (QaInstance i : instances) {
            for (Candidate c : i.candidates()) {
                for (String s : c.sentences()) {
                    sum += s.length();
                }
            }
        }
        return sum;
    }

    private static double time(int repetitions, Runnable work) {
        double[] times = new double[repetitions];
        for (int i = -3; i < repetitions; i++) { // three warm-ups
            long start = System.nanoTime();
            work.run();
            if (i >= 0) {
                times[i] = (System.nanoTime() - start) / 1e9;
            }
        }
        Arrays.sort(times);
        return times[repetitions / 2];
    }

    /** Seeded synthetic instances, handed out one at a time. */
    static void generate(int n, long seed, Consumer<QaInstance> sink) {
        SplittableRandom random = new SplittableRandom(seed);
        for (int k = 0; k < n; k++) {
            String lq = LANGS[k % LANGS.length];
            List<Candidate> candidates = new ArrayList<>(10);
            int gold1 = random.nextInt(10);
            int gold2 = (gold1 + 1 + random.nextInt(9)) % 10;
            for (int c = 0; c < 10; c++) {
                String lang = random.nextInt(3) == 0 ? LANGS[random.nextInt(LANGS.length)] : lq;
                int count = 2 + random.nextInt(5); // 2..6, mean 4
                List<String> sentences = new ArrayList<>(count);
                for (int s = 0; s < count; s++) {
                    sentences.add(sentence(random));
                }
                candidates.add(new Candidate(String.format(Locale.ROOT, "p%02d", c), "Title " + k + "/" + c, sentences, lang, null, null));
            }
            List<SupportingFact> facts = List.of(new SupportingFact(String.format(Locale.ROOT, "p%02d", gold1), 0, "bridge"),
                    new SupportingFact(String.format(Locale.ROOT, "p%02d", gold2), 1, "answer"));
            sink.accept(new QaInstance("syn-" + k, "src-" + (k / 2), "validation", "bridge", "hard", "Which " + sentence(random) + "?",
                    WORDS[random.nextInt(WORDS.length)] + " " + WORDS[random.nextInt(WORDS.length)], lq, lq, candidates, facts, "accepted", null));
        }
    }

    private static String sentence(SplittableRandom random) {
        StringBuilder b = new StringBuilder();
        int words = 8 + random.nextInt(12);
        for (int w = 0; w < words; w++) {
            b.append(w == 0 ? "" : " ").append(WORDS[random.nextInt(WORDS.length)]);
        }
        return b.append(". ").toString();
    }

    private static Map<String, QaPrediction> predictions(List<QaInstance> instances, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        Map<String, QaPrediction> out = new HashMap<>();
        for (QaInstance i : instances) {
            Set<FactKey> facts = new HashSet<>();
            for (SupportingFact f : i.supportingFacts()) {
                if (random.nextInt(4) > 0) {
                    facts.add(f.key());
                }
            }
            facts.add(new FactKey(String.format(Locale.ROOT, "p%02d", random.nextInt(10)), random.nextInt(2)));
            String answer = random.nextInt(3) == 0 ? i.answer() : WORDS[random.nextInt(WORDS.length)] + " " + i.answer().split(" ")[0];
            out.put(i.id(), new QaPrediction(i.id(), answer, facts, false));
        }
        return out;
    }

    private static long usedHeap() {
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }

    private static void resetPeaks() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                pool.resetPeakUsage();
            }
        }
    }

    private static long peakHeap() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }
}
