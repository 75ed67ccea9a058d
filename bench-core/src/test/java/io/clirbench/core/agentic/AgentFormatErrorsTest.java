package io.clirbench.core.agentic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.agentic.format.BcpQrelsReader;
import io.clirbench.core.agentic.format.BcpRunReader;
import io.clirbench.core.agentic.format.GroundTruthReader;
import io.clirbench.core.agentic.format.JudgementReader;
import io.clirbench.core.agentic.format.TraceJsonl;
import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.core.dataset.DatasetFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every input error of the agentic formats names the file, the line (for line formats) and the field or value. */
class AgentFormatErrorsTest {

    static final String GOOD = """
            {"query_id": "7", "tool_call_counts": {"search": 1}, "status": "completed", "retrieved_docids": ["3"],
             "result": [{"type": "tool_call", "tool_name": "search", "arguments": "{}", "output": "[{\\"docid\\": \\"3\\"}]"},
                        {"type": "output_text", "output": "Exact Answer: x"}]}
            """;

    @TempDir
    Path dir;

    private Path runDir(String... files) throws IOException {
        Path runs = Files.createDirectories(dir.resolve("runs"));
        for (int i = 0; i < files.length; i += 2) {
            Files.writeString(runs.resolve(files[i]), files[i + 1]);
        }
        return runs;
    }

    @Test
    void aRunFileThatIsNotJsonIsAnErrorInStrictModeAndAListedSkipOtherwise() throws IOException {
        Path runs = runDir("run_7.json", GOOD, "run_8.json", "{\"query_id\": \"8\", ");
        assertThatThrownBy(() -> BcpRunReader.read(runs, "r", true)).isInstanceOf(DatasetFormatException.class)
                .hasMessageContaining("run_8.json").hasMessageContaining("malformed JSON");
        AgentRun lenient = BcpRunReader.read(runs, "r", false);
        assertThat(lenient.traces()).extracting(t -> t.queryId()).containsExactly("7");
        assertThat(lenient.skipped()).singleElement().satisfies(s -> {
            assertThat(s.file()).isEqualTo("run_8.json");
            assertThat(s.reason()).contains("malformed JSON");
        });
    }

    @Test
    void eachMissingOrMistypedFieldIsNamed() throws IOException {
        Path runs = runDir(
                "run_a.json", "{\"tool_call_counts\": {}, \"status\": \"completed\", \"retrieved_docids\": [], \"result\": []}",
                "run_b.json", "{\"query_id\": \"b\", \"tool_call_counts\": {}, \"retrieved_docids\": [], \"result\": []}",
                "run_c.json", "{\"query_id\": \"c\", \"status\": \"completed\", \"retrieved_docids\": [], \"result\": []}",
                "run_d.json", "{\"query_id\": \"d\", \"tool_call_counts\": {}, \"status\": \"completed\", \"result\": []}",
                "run_e.json", "{\"query_id\": \"e\", \"tool_call_counts\": {}, \"status\": \"completed\", \"retrieved_docids\": []}",
                "run_f.json", "{\"query_id\": \"f\", \"tool_call_counts\": {\"search\": -1}, \"status\": \"completed\", \"retrieved_docids\": [1.5], \"result\": {}}",
                "run_g.json", "{\"query_id\": \"g\", \"tool_call_counts\": {}, \"status\": \"completed\", \"retrieved_docids\": [], "
                        + "\"result\": [{\"type\": \"tool_call\", \"tool_name\": \"search\", \"output\": \"not a list\"}]}");
        assertThatThrownBy(() -> BcpRunReader.read(runs, "r", true)).isInstanceOf(DatasetFormatException.class)
                .hasMessageContaining("run_a.json: missing field 'query_id'")
                .hasMessageContaining("run_b.json: missing field 'status'")
                .hasMessageContaining("run_c.json: missing field 'tool_call_counts'")
                .hasMessageContaining("run_d.json: missing field 'retrieved_docids'")
                .hasMessageContaining("run_e.json: missing field 'result'")
                .hasMessageContaining("run_f.json: field 'tool_call_counts.search' must be a count")
                .hasMessageContaining("run_f.json: field 'retrieved_docids[0]' must be a string or integer docid, found 1.5")
                .hasMessageContaining("run_f.json: field 'result' must be an array")
                .hasMessageContaining("run_g.json: field 'result[0].output' must be a JSON list");
        assertThat(BcpRunReader.read(runs, "r", false).skipped()).hasSize(7);
    }

    @Test
    void aQueryIdInTwoFilesAndAnEmptyDirectoryAreErrors() throws IOException {
        Path runs = runDir("run_7.json", GOOD, "run_7b.json", GOOD);
        assertThatThrownBy(() -> BcpRunReader.read(runs, "r", true)).hasMessageContaining("run_7b.json: query_id '7' is also in run_7.json");
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertThatThrownBy(() -> BcpRunReader.read(empty, "r", true)).hasMessageContaining("no .json run files");
    }

    @Test
    void qrelsLinesNeedFourColumnsAndAnIntegerRelevance() throws IOException {
        Path q = dir.resolve("qrel_evidence.txt");
        Files.writeString(q, "1 Q0 d1 1\n1 Q0 d2\n2 Q0 d3 yes\n");
        assertThatThrownBy(() -> BcpQrelsReader.read(q)).isInstanceOf(DatasetFormatException.class)
                .hasMessageContaining("qrel_evidence.txt line 2: expected 4 columns 'qid Q0 docid rel', found 3")
                .hasMessageContaining("qrel_evidence.txt line 3: relevance must be an integer, found 'yes'");
    }

    @Test
    void groundTruthLinesNeedTheirFieldsAndUniqueIds() throws IOException {
        Path g = dir.resolve("ground_truth.jsonl");
        Files.writeString(g, """
                {"query_id": "1", "query": "q", "answer": "a"}
                {"query_id": "2", "query": "q"}
                {"query_id": "1", "query": "q", "answer": "a"}
                {"query": "q", "answer": "a"}
                not json
                """);
        assertThatThrownBy(() -> GroundTruthReader.read(g)).isInstanceOf(DatasetFormatException.class)
                .hasMessageContaining("ground_truth.jsonl line 2: missing or non-string field 'answer' (query_id '2')")
                .hasMessageContaining("ground_truth.jsonl line 3: query_id '1' repeats line 1")
                .hasMessageContaining("ground_truth.jsonl line 4: missing or invalid field 'query_id'")
                .hasMessageContaining("ground_truth.jsonl line 5: malformed JSON");
    }

    @Test
    void judgementsNeedAKnownVerdictANumericConfidenceAndOneLinePerQuery() throws IOException {
        Path j = dir.resolve("judgements.jsonl");
        Files.writeString(j, """
                {"query_id": "1", "correct": "maybe"}
                {"query_id": "2", "correct": "yes", "confidence": "high"}
                {"query_id": "3", "correct": true}
                {"query_id": "3", "correct": false}
                """);
        assertThatThrownBy(() -> JudgementReader.read(j)).isInstanceOf(DatasetFormatException.class)
                .hasMessageContaining("judgements.jsonl line 1: field 'correct' of query_id '1' must be yes, no, true, false or null, found \"maybe\"")
                .hasMessageContaining("judgements.jsonl line 2: field 'confidence' of query_id '2' must be a number, found \"high\"")
                .hasMessageContaining("judgements.jsonl line 4: query_id '3' is judged twice");
    }

    @Test
    void traceLinesNeedAKnownTypeAndEveryQueryAFinalAnswer() throws IOException {
        Path t = dir.resolve("trace.jsonl");
        Files.writeString(t, """
                {"query_id": "1", "type": "tool_call", "tool": "search", "docids": ["a"]}
                {"query_id": "1", "type": "final_answer", "status": "completed", "text": "x"}
                {"query_id": "1", "type": "tool_call", "tool": "search", "docids": ["b"]}
                {"query_id": "2", "type": "thought"}
                {"query_id": "3", "type": "tool_call", "tool": "search", "docids": "a"}
                {"query_id": "4", "type": "tool_call", "tool": "search", "docids": []}
                """);
        assertThatThrownBy(() -> TraceJsonl.read(t, "t")).isInstanceOf(DatasetFormatException.class)
                .hasMessageContaining("trace.jsonl line 3: query_id '1' has a line after its final answer")
                .hasMessageContaining("trace.jsonl line 4: field 'type' must be tool_call or final_answer, found \"thought\"")
                .hasMessageContaining("trace.jsonl line 5: field 'docids' of '3' must be an array")
                .hasMessageContaining("trace.jsonl: query_id '4' has tool calls but no final_answer line");
    }
}
