package io.clirbench.core.construct.qac;

import io.clirbench.core.llm.Prompt;
import java.util.List;

/**
 * One item's outcome: the candidates (empty when the generator's replies were unusable; unscored when the verifier's
 * were), the kept one's index, or why none was kept; and the prompts used with the replies each took (their id,
 * version and hash are the records' provenance; a prompt never asked is null, its attempts 0).
 */
public record QacResult(QacItem item, Prompt generatorPrompt, int generatorAttempts, Prompt faithfulnessPrompt,
                        int faithfulnessAttempts, Prompt qualityPrompt, int qualityAttempts, List<QacCandidate> candidates,
                        int kept, String rejection) {

    public boolean ok() {
        return rejection == null;
    }

    public QacCandidate best() {
        return candidates.get(kept);
    }
}
