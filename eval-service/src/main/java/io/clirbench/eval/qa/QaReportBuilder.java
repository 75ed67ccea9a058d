package io.clirbench.eval.qa;

import io.clirbench.core.qa.eval.Protocol;
import io.clirbench.core.qa.eval.QaEvaluator;
import io.clirbench.core.qa.eval.QaResult;
import io.clirbench.core.dataset.LinkFreeTree;
import io.clirbench.core.qa.format.QaDatasetReader;
import io.clirbench.core.qa.model.FactKey;
import io.clirbench.core.qa.model.QaPrediction;
import io.clirbench.core.qa.report.QaReportFiles;
import io.clirbench.core.qa.report.QaRun;
import io.clirbench.core.qa.stats.QaStatistics;
import io.clirbench.proto.qa.v1.QaRunStarted;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Builds a QA run's report with exactly the code of {@code bench qa eval} (QaEvaluator, QaStatistics, QaReportFiles):
 * same dataset, protocol, seed and resamples, systems in run order; the predictions come from the events instead of files.
 */
public final class QaReportBuilder {

    /** What a system's "file" is in the report: where its predictions came from. */
    public static final String SOURCE = "qa-predictions.v1";

    private QaReportBuilder() {
    }

    /** The report files (bench qa eval's names plus {@code report.txt}, the printed table) by name. */
    public static Map<String, String> build(QaRunStarted started, Map<String, Map<String, QaPrediction>> bySystem) {
        Protocol protocol = Protocol.parse(started.getProtocol());
        QaDatasetReader reader = QaDatasetReader.open(LinkFreeTree.check(Path.of(started.getDatasetLocation())));
        if (!reader.info().id().equals(started.getDatasetId()) || !reader.info().version().equals(started.getDatasetVersion())) {
            throw new IllegalStateException("QA dataset at " + started.getDatasetLocation() + " is " + reader.info().id() + " "
                    + reader.info().version() + ", the run names " + started.getDatasetId() + " " + started.getDatasetVersion());
        }
        Map<String, QaEvaluator> evaluators = new LinkedHashMap<>();
        Map<String, String> files = new LinkedHashMap<>();
        for (String system : started.getSystemsList()) {
            evaluators.put(system, new QaEvaluator(protocol, bySystem.getOrDefault(system, Map.of())));
            files.put(system, SOURCE);
        }
        reader.stream(instance -> evaluators.values().forEach(e -> e.accept(instance)));
        Map<String, QaResult> results = new LinkedHashMap<>();
        evaluators.forEach((name, e) -> results.put(name, e.finish()));
        QaStatistics.Outcome statistics = started.getBootstrap() == 0 ? null
                : new QaStatistics(started.getBootstrap(), started.getSeed()).compute(results);
        QaRun run = new QaRun(reader.info().id(), protocol, results, files, statistics, started.getBootstrap(), started.getSeed());
        Map<String, String> out = new LinkedHashMap<>();
        Path dir = null;
        try {
            dir = Files.createTempDirectory("qa-report-");
            QaReportFiles.write(run, dir);
            for (String name : QaReportFiles.NAMES) {
                out.put(name, Files.readString(dir.resolve(name), StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("writing the QA report of run " + started.getRunId() + ": " + e.getMessage(), e);
        } finally {
            delete(dir);
        }
        out.put(QaReportFiles.TEXT, QaReportFiles.console(run));
        return out;
    }

    /** The core prediction of an event. */
    public static QaPrediction prediction(io.clirbench.proto.qa.v1.QaPrediction p) {
        Set<FactKey> facts = new LinkedHashSet<>();
        p.getSupportingFactsList().forEach(f -> facts.add(new FactKey(f.getParagraphId(), f.getSentenceId())));
        return new QaPrediction(p.getInstanceId(), p.getAnswer(), facts, false);
    }

    /** The instance ids of a dataset (the whole dataset is validated on the way). */
    public static Set<String> instanceIds(String location) {
        Set<String> ids = new java.util.HashSet<>();
        QaDatasetReader.open(LinkFreeTree.check(Path.of(location))).stream(i -> ids.add(i.id()));
        return ids;
    }

    private static void delete(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException ignored) {
            // a leftover temporary directory is harmless
        }
    }
}
