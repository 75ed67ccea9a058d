package io.clirbench.core.agentic;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.agentic.format.JudgementReader;
import io.clirbench.core.agentic.model.Judgement;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Both judgement formats: our JSONL and a directory of BrowseComp-Plus per-query evaluation JSON files. */
class JudgementFormatsTest {

    @TempDir
    Path dir;

    @Test
    void ourJsonlTakesYesNoBooleansAndNull() throws IOException {
        Path j = dir.resolve("judgements.jsonl");
        Files.writeString(j, """
                {"query_id": "1", "correct": "yes", "confidence": 80}
                {"query_id": 2, "correct": false}
                {"query_id": "3", "correct": null, "judge_response": "no verdict"}
                """);
        Map<String, Judgement> read = JudgementReader.read(j);
        assertThat(read.get("1")).isEqualTo(new Judgement("1", true, 80.0, null));
        assertThat(read.get("2")).isEqualTo(new Judgement("2", false, null, null));
        assertThat(read.get("3")).isEqualTo(new Judgement("3", null, null, "no verdict"));
    }

    @Test
    void aBrowseCompPlusEvalDirectoryIsReadFromJudgeResultAndItsSummaryIsIgnored() throws IOException {
        Files.writeString(dir.resolve("run_1_eval.json"), """
                {"query_id": "1", "judge_response": "correct: yes\\nconfidence: 55",
                 "judge_result": {"correct": true, "confidence": 55.0, "parse_error": false}}
                """);
        Files.writeString(dir.resolve("run_2_eval.json"), """
                {"query_id": "2", "judge_response": null, "judge_result": {"parse_error": true, "error": "Response incomplete"}}
                """);
        Files.writeString(dir.resolve("evaluation_summary.json"), "{\"Accuracy (%)\": 50.0}");
        Map<String, Judgement> read = JudgementReader.read(dir);
        assertThat(read).containsOnlyKeys("1", "2");
        assertThat(read.get("1")).isEqualTo(new Judgement("1", true, 55.0, "correct: yes\nconfidence: 55"));
        assertThat(read.get("2").correct()).isNull();
    }
}
