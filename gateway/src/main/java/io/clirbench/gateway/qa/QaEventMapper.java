package io.clirbench.gateway.qa;

import io.clirbench.core.qa.model.FactKey;
import io.clirbench.core.qa.model.QaPrediction;
import io.clirbench.gateway.qa.reader.ReaderAnswer;
import io.clirbench.proto.qa.v1.Fact;
import io.clirbench.proto.qa.v1.QaRunCompleted;
import io.clirbench.proto.qa.v1.QaRunStarted;
import io.clirbench.proto.qa.v1.ReaderUsage;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** Builds the {@code qa.v1} messages from core values. */
public final class QaEventMapper {

    private QaEventMapper() {
    }

    /** The run's start: dataset reference, systems in order, expected instances, protocol and statistics settings. */
    public static QaRunStarted started(String runId, String datasetId, String version, String location, List<String> systems,
                                       int instances, String protocol, long seed, int bootstrap, long nowMillis) {
        return QaRunStarted.newBuilder().setRunId(runId).setDatasetId(datasetId).setDatasetVersion(version)
                .setDatasetLocation(location).addAllSystems(systems).setExpectedInstances(instances).setProtocol(protocol)
                .setSeed(seed).setBootstrap(bootstrap).setStartedAtEpochMs(nowMillis).build();
    }

    /** One prediction; facts sorted by (paragraph id, sentence) so equal content gives equal bytes. */
    public static io.clirbench.proto.qa.v1.QaPrediction prediction(String runId, String system, QaPrediction p, long latencyMicros,
                                                                  ReaderAnswer reader) {
        var b = io.clirbench.proto.qa.v1.QaPrediction.newBuilder().setRunId(runId).setSystem(system).setInstanceId(p.id())
                .setAnswer(p.answer() == null ? "" : p.answer()).setLatencyMicros(latencyMicros);
        p.support().stream().sorted(Comparator.comparing(FactKey::paragraphId).thenComparingInt(FactKey::sentenceId))
                .forEach(f -> b.addSupportingFacts(Fact.newBuilder().setParagraphId(f.paragraphId()).setSentenceId(f.sentenceId())));
        if (reader != null) {
            b.setReader(ReaderUsage.newBuilder().setPromptTokens(reader.promptTokens()).setCompletionTokens(reader.completionTokens())
                    .setAttempts(reader.attempts()).setLatencyMicros(reader.latencyMicros()));
        }
        return b.build();
    }

    public static QaRunCompleted completed(String runId, QaRunCompleted.Outcome outcome, String message, Map<String, Integer> published,
                                           long nowMillis) {
        return QaRunCompleted.newBuilder().setRunId(runId).setOutcome(outcome).setMessage(message == null ? "" : message)
                .putAllPublished(published).setCompletedAtEpochMs(nowMillis).build();
    }
}
