package io.clirbench.eval.qa;

import io.clirbench.core.qa.QaEvaluation;
import io.clirbench.core.qa.eval.Protocol;
import io.clirbench.core.dataset.LinkFreeTree;
import io.clirbench.core.qa.format.QaDatasetReader;
import io.clirbench.core.qa.model.FactKey;
import io.clirbench.core.qa.model.QaPrediction;
import io.clirbench.core.qa.report.QaReportBundle;
import io.clirbench.core.stats.Stats;
import io.clirbench.proto.Topics;
import io.clirbench.proto.qa.v1.QaRunStarted;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds a QA run's report with exactly the code of {@code bench qa eval} (bench-core {@link QaEvaluation} and
 * {@link QaReportBundle}): same dataset, protocol, seed and resamples, systems in run order; the predictions come from
 * the events instead of files.
 */
public final class QaReportBuilder {

    /** What a system's "file" is in the report: where its predictions came from. */
    public static final String SOURCE = Topics.QA_PREDICTIONS;

    private QaReportBuilder() {
    }

    /** The report files ({@link io.clirbench.core.report.ReportFiles#QA}: bench qa eval's, with {@code report.txt}) by name. */
    public static Map<String, String> build(QaRunStarted started, Map<String, Map<String, QaPrediction>> bySystem) {
        Protocol protocol = Protocol.parse(started.getProtocol());
        QaDatasetReader reader = QaDatasetReader.open(LinkFreeTree.check(Path.of(started.getDatasetLocation())));
        if (!reader.info().id().equals(started.getDatasetId()) || !reader.info().version().equals(started.getDatasetVersion())) {
            throw new IllegalStateException("QA dataset at " + started.getDatasetLocation() + " is " + reader.info().id() + " "
                    + reader.info().version() + ", the run names " + started.getDatasetId() + " " + started.getDatasetVersion());
        }
        List<QaEvaluation.Input> inputs = new ArrayList<>();
        for (String system : started.getSystemsList()) {
            inputs.add(new QaEvaluation.Input(system, SOURCE, bySystem.getOrDefault(system, Map.of())));
        }
        Stats stats = Stats.of(started.getBootstrap(), started.getSeed());
        return QaReportBundle.render(QaEvaluation.evaluate(reader, protocol, inputs, stats));
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
}
