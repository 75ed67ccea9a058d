package io.clirbench.cli.construct;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.core.construct.qajudge.JudgeUnit;
import io.clirbench.core.construct.qajudge.QaJudgeReport;
import io.clirbench.core.construct.qajudge.WeightedOverall;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bench build qa-judge-compare}: two judged versions of a dataset (V1.1 → V2), their weighted scores and difference. */
@Command(name = "qa-judge-compare", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compare two bench build qa-judge outputs of the same design (e.g. a dataset's V1.1 and V2): per language and "
                + "overall, each version's weighted score (paragraph : question : answer as sampled, 80 : 20 : 20 by default) and "
                + "the difference candidate - baseline, with 95%% intervals from a within-stratum bootstrap of each version "
                + "(independent samples: no pairing)."})
public class BuildQaJudgeCompareCommand implements Callable<Integer> {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Option(names = "--baseline", required = true, paramLabel = "DIR", description = "The earlier version's qa-judge output.")
    Path baseline;

    @Option(names = "--candidate", required = true, paramLabel = "DIR", description = "The later version's qa-judge output.")
    Path candidate;

    @picocli.CommandLine.Mixin
    io.clirbench.cli.StatsOptions statsOptions;

    @Option(names = "--out", paramLabel = "DIR", description = "Also write comparison.json and comparison.md here.")
    Path out;

    @Override
    public Integer call() throws IOException {
        int bootstrap = statsOptions.stats().bootstrap();
        long seed = statsOptions.stats().seed();
        Map<JudgeUnit.Kind, Integer> weights = weights(baseline);
        if (!weights.equals(weights(candidate))) {
            throw new IllegalArgumentException("--candidate " + candidate + " was sampled as " + weights(candidate) + ", --baseline "
                    + baseline + " as " + weights + ": the weighted scores of different designs do not compare");
        }
        WeightedOverall.Scores a = scores(baseline);
        WeightedOverall.Scores b = scores(candidate);
        ObjectNode root = JSON.createObjectNode();
        root.set("baseline", WeightedOverall.json(a, weights, bootstrap, seed));
        root.set("candidate", WeightedOverall.json(b, weights, bootstrap, seed));
        root.set("difference", WeightedOverall.compare(a, b, weights, bootstrap, seed));
        StringBuilder md = new StringBuilder(String.format(Locale.ROOT, "# XHotpotQA translation quality: %s against %s%n",
                candidate.getFileName(), baseline.getFileName()));
        QaJudgeReport.weighted(md, "Baseline " + baseline.getFileName(), root.get("baseline"));
        QaJudgeReport.weighted(md, "Candidate " + candidate.getFileName(), root.get("candidate"));
        QaJudgeReport.weighted(md, "Difference (candidate - baseline)", root.get("difference"));
        System.out.print(md);
        if (out != null) {
            Files.createDirectories(out);
            Files.writeString(out.resolve("comparison.json"), root.toPrettyString() + "\n", StandardCharsets.UTF_8);
            Files.writeString(out.resolve("comparison.md"), md.toString(), StandardCharsets.UTF_8);
        }
        return 0;
    }

    private static Map<JudgeUnit.Kind, Integer> weights(Path dir) throws IOException {
        Path report = dir.resolve("build-report.json");
        if (!Files.isRegularFile(report)) {
            throw new IllegalArgumentException(dir + ": no build-report.json (not a bench build qa-judge output)");
        }
        JsonNode sample = JSON.readTree(report.toFile()).at("/setup/sample_per_language");
        Map<JudgeUnit.Kind, Integer> out = new EnumMap<>(JudgeUnit.Kind.class);
        for (JudgeUnit.Kind k : JudgeUnit.Kind.values()) {
            if (!sample.path(k.label()).isInt()) {
                throw new IllegalArgumentException(report + ": setup.sample_per_language." + k.label() + " is missing");
            }
            out.put(k, sample.get(k.label()).asInt());
        }
        return out;
    }

    private static WeightedOverall.Scores scores(Path dir) throws IOException {
        Path file = dir.resolve("judgements.jsonl");
        Map<String, Map<JudgeUnit.Kind, List<Integer>>> lists = new TreeMap<>();
        BuildJsonl.forEach(file, (line, o) -> {
            JudgeUnit.Kind kind = null;
            for (JudgeUnit.Kind k : JudgeUnit.Kind.values()) {
                kind = k.label().equals(o.path("unit").asText()) ? k : kind;
            }
            if (kind == null || !o.path("language").isTextual() || !o.path("score").isInt()) {
                throw new IllegalArgumentException(file + ":" + line + ": not a judgement line (language, unit, score)");
            }
            lists.computeIfAbsent(o.get("language").asText(), l -> new EnumMap<>(JudgeUnit.Kind.class))
                    .computeIfAbsent(kind, k -> new ArrayList<>()).add(o.get("score").asInt());
        });
        return WeightedOverall.Scores.from(lists);
    }
}
