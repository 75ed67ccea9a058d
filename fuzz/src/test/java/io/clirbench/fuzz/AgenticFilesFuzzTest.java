package io.clirbench.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.clirbench.core.agentic.format.BcpQrelsReader;
import io.clirbench.core.agentic.format.GroundTruthReader;
import io.clirbench.core.agentic.format.JudgementReader;
import io.clirbench.core.agentic.format.TraceJsonl;
import io.clirbench.core.dataset.DatasetFormatException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * The other agentic inputs, each given the same file: BrowseComp-Plus ground truth JSONL ({@link GroundTruthReader}),
 * qrels ({@link BcpQrelsReader}), judgements JSONL ({@link JudgementReader}) and our trace JSONL ({@link TraceJsonl}).
 * Each documents {@link DatasetFormatException} naming file, line and field; an {@link UncheckedIOException} is accepted
 * only for a corrupt or oversize gzip.
 */
class AgenticFilesFuzzTest {

    @FuzzTest
    @DictionaryEntries({"\"query_id\"", "\"query\"", "\"answer\"", "\"correct\"", "\"confidence\"", "\"judge_response\"",
            "\"type\"", "\"tool_call\"", "\"final_answer\"", "\"tool\"", "\"arguments\"", "\"docids\"", "\"status\"",
            "\"text\"", " Q0 ", "\"yes\"", "\"no\""})
    void agenticFiles(byte[] data) {
        Path file = Fuzz.write(Fuzz.scratch(), "input.jsonl", data);
        for (int reader = 0; reader < 4; reader++) {
            try {
                switch (reader) {
                    case 0 -> GroundTruthReader.read(file);
                    case 1 -> BcpQrelsReader.read(file);
                    case 2 -> JudgementReader.read(file);
                    default -> TraceJsonl.read(file, "fuzz");
                }
            } catch (DatasetFormatException e) {
                // documented
            } catch (UncheckedIOException e) {
                Fuzz.acceptGzipFailure(e, data);
            }
        }
    }
}
