package io.clirbench.eval.retrieval;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.proto.events.v1.Retriever;
import io.clirbench.proto.events.v1.RunStarted;
import org.junit.jupiter.api.Test;

/** A RunStarted's retrievers carry the id as the gateway parsed it: canonical text, kind, models; a missing part is poison. */
class EventChecksTest {

    private static RunStarted started(Retriever retriever) {
        return RunStarted.newBuilder().setRunId("r1").setDatasetId("d").setDepth(10).addRetrievers(retriever).build();
    }

    @Test
    void aRetrieverWithItsKindAndModelsPasses() {
        assertThatCode(() -> EventChecks.checkStarted(started(Retriever.newBuilder().setId("m/exact").setKind("dense")
                .addModels("m").build()))).doesNotThrowAnyException();
        assertThatCode(() -> EventChecks.checkStarted(started(Retriever.newBuilder().setId("random(7)").setKind("random").build())))
                .doesNotThrowAnyException();
    }

    @Test
    void aRetrieverWithoutKindOrWithABlankModelIsPoisonNamingIt() {
        assertThatThrownBy(() -> EventChecks.checkStarted(started(Retriever.newBuilder().setId("m/exact").build())))
                .hasMessage("RunStarted of run 'r1' retriever 'm/exact': empty kind");
        assertThatThrownBy(() -> EventChecks.checkStarted(started(Retriever.newBuilder().setId("m/exact").setKind("dense")
                .addModels("").build()))).hasMessage("RunStarted of run 'r1' retriever 'm/exact': empty models");
    }
}
