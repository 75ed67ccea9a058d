package io.clirbench.gateway.qa.reader;

import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.FactKey;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.openai.ChatMessage;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The reader's prompt: the evidence sentences (those a selector predicted, or the gold ones for the
 * oracle-evidence task), each with its paragraph title, and the question; the answer is asked for in the
 * question's language, as a short span without explanation (what EM/F1 of METRICS.md §4 score).
 */
public final class ReaderPrompt {

    private ReaderPrompt() {
    }

    /** The system and user messages for one instance and its evidence. */
    public static List<ChatMessage> messages(QaInstance instance, Set<FactKey> evidence) {
        String language = Locale.forLanguageTag(instance.questionLanguage()).getDisplayLanguage(Locale.ENGLISH);
        String system = "You answer questions from the evidence given. Reply with the shortest answer span only, written in "
                + language + " (language code " + instance.questionLanguage() + "), with no explanation. The evidence may be "
                + "in other languages.";
        StringBuilder user = new StringBuilder("Evidence:\n");
        evidence.stream().sorted(Comparator.comparing(FactKey::paragraphId).thenComparingInt(FactKey::sentenceId)).forEach(f -> {
            Candidate c = instance.candidate(f.paragraphId());
            if (c != null && f.sentenceId() >= 0 && f.sentenceId() < c.sentences().size()) {
                user.append("- [").append(c.title()).append("] ").append(c.sentences().get(f.sentenceId()).strip()).append('\n');
            }
        });
        user.append("\nQuestion: ").append(instance.question().strip()).append("\nAnswer:");
        return List.of(new ChatMessage("system", system), new ChatMessage("user", user.toString()));
    }
}
