package io.clirbench.core.repro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The QA and agent blocks of a reproduction file, and the values of JSON-shaped reports, cases written by hand. */
class ReproSpecPillarsTest {

    @TempDir
    Path dir;

    @Test
    void qaAndAgentBlocksResolveTheirPathsAgainstTheFile() throws Exception {
        ReproSpec qa = ReproSpecReader.read(write("""
                name: qa
                qa: {gold: g/gold.jsonl, predictions: [p/a.jsonl, p/b.json]}
                expected: [{run: a, metric: overall.answer.f1, value: 0.5, tolerance: 0, source: hand}]
                """));
        assertThat(qa.dataset()).isNull();
        assertThat(qa.qa().gold()).isEqualTo(dir.resolve("g/gold.jsonl").toAbsolutePath().normalize());
        assertThat(qa.qa().predictions()).containsExactly(dir.resolve("p/a.jsonl").toAbsolutePath().normalize(),
                dir.resolve("p/b.json").toAbsolutePath().normalize());
        assertThat(qa.qa().protocol()).isEqualTo("unicode");
        ReproSpec agent = ReproSpecReader.read(write("""
                name: agent
                agent: {run: runs/x, groundTruth: gt.jsonl, evidence: q.txt, judgements: j.jsonl}
                expected: [{run: x, metric: "Accuracy (%)", value: 50, tolerance: 0, source: hand}]
                """));
        assertThat(agent.agent().run()).isEqualTo(dir.resolve("runs/x").toAbsolutePath().normalize());
        assertThat(agent.agent().judgements().getFileName()).hasToString("j.jsonl");
    }

    @Test
    void badBlocksNameTheField() throws Exception {
        Path both = write("""
                name: both
                dataset: d
                qa: {gold: g.jsonl, predictions: [a.jsonl]}
                expected: [{run: a, metric: m, value: 1, tolerance: 0, source: hand}]
                """);
        assertThatThrownBy(() -> ReproSpecReader.read(both)).hasMessageContaining("'dataset' is the retrieval dataset");
        Path two = write("""
                name: two
                qa: {gold: g.jsonl, predictions: [a.jsonl]}
                agent: {run: r, groundTruth: g, evidence: e, judgements: j}
                expected: [{run: a, metric: m, value: 1, tolerance: 0, source: hand}]
                """);
        assertThatThrownBy(() -> ReproSpecReader.read(two)).hasMessageContaining("exactly one, found 2");
        Path protocol = write("""
                name: p
                qa: {gold: g.jsonl, predictions: [a.jsonl], protocol: fuzzy}
                expected: [{run: a, metric: m, value: 1, tolerance: 0, source: hand}]
                """);
        assertThatThrownBy(() -> ReproSpecReader.read(protocol)).hasMessageContaining("qa.protocol: unicode, legacy or hotpot, found 'fuzzy'");
        Path missing = write("""
                name: m
                agent: {run: r, groundTruth: g, evidence: e}
                expected: [{run: a, metric: m, value: 1, tolerance: 0, source: hand}]
                """);
        assertThatThrownBy(() -> ReproSpecReader.read(missing)).hasMessageContaining(": agent: missing field 'judgements'");
    }

    @Test
    void reportNumbersAreFoundUnderTheirKeyPath() {
        MetricTable table = MetricTable.ofReports(Map.of("pred", Map.of("count", 3, "overall", Map.of("answer", Map.of("f1", 0.25)),
                "protocol", "unicode", "per_query", List.of(1, 2))));
        assertThat(table.value("pred", 0, "overall.answer.f1")).isEqualTo(0.25);
        assertThat(table.value("pred", 1, "count")).isEqualTo(3.0);
        assertThat(table.value("pred", 0, "protocol")).isNull();
        assertThat(table.value("pred", 0, "per_query")).isNull();
        assertThat(table.value("other", 0, "count")).isNull();
    }

    private Path write(String text) throws Exception {
        Path file = dir.resolve("spec-" + System.nanoTime() + ".yaml");
        Files.writeString(file, text);
        return file;
    }
}
