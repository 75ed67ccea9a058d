package io.clirbench.core.agentic.judge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.llm.UnusableReplyException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * The judge's reply fields, read as BrowseComp-Plus's {@code parse_judge_response} reads them (its regular expressions,
 * applied by hand to each reply below), and the shipped prompts: rendered with the three placeholders, hashed over the
 * file's bytes.
 */
class JudgeVerdictTest {

    @Test
    void aPlainReplyGivesEveryField() throws Exception {
        JudgeVerdict v = JudgeVerdict.parse("extracted_final_answer: Tschaikowski\n\n[correct_answer]: Tchaikovsky\n\n"
                + "reasoning: A German transliteration of the same composer.\n\ncorrect: yes\n\nconfidence: 85%");
        // answer: up to the newline; reasoning: up to "\ncorrect:"; confidence: the number before %
        assertThat(v).isEqualTo(new JudgeVerdict("Tschaikowski", "A German transliteration of the same composer.", true, 85.0));
    }

    @Test
    void boldLabelsAreReadAndConfidenceIsClippedTo100() throws Exception {
        JudgeVerdict v = JudgeVerdict.parse("**extracted_final_answer**: 1987\n\n**reasoning**: Same year.\n**correct**: No\n"
                + "**confidence**: 120");
        // "**correct**: No" matches the second pattern, case-insensitively: false; 120 > 100 becomes 100
        assertThat(v).isEqualTo(new JudgeVerdict("1987", "Same year.", false, 100.0));
    }

    @Test
    void theFirstCorrectAnywhereWinsAsInBrowseCompPlus() throws Exception {
        // the first "correct: (yes|no)" in the text, even inside the reasoning, is the verdict
        JudgeVerdict v = JudgeVerdict.parse("reasoning: one might say correct: no, but\ncorrect: yes");
        assertThat(v.correct()).isFalse();
        assertThat(v.confidence()).isNull();
        assertThat(v.extractedFinalAnswer()).isNull();
    }

    @Test
    void aReplyWithoutAVerdictIsMalformedAndItsOtherFieldsAreStillRead() {
        String reply = "extracted_final_answer: Kyoto\nreasoning: They match.\ncorrect: probably\nconfidence: 40%";
        assertThatThrownBy(() -> JudgeVerdict.parse(reply)).isInstanceOf(UnusableReplyException.class)
                .hasMessageContaining("correct: yes");
        // the reasoning stops before "\ncorrect:", even a "correct: probably" that gives no verdict
        assertThat(JudgeVerdict.fields(reply)).isEqualTo(new JudgeVerdict("Kyoto", "They match.", null, 40.0));
        assertThatThrownBy(() -> JudgeVerdict.parse("")).isInstanceOf(UnusableReplyException.class).hasMessageContaining("empty");
    }

    @Test
    void theShippedPromptsRenderTheirPlaceholdersAndCarryTheFilesHash() throws Exception {
        for (String name : new String[] {"bcp", "xbcp"}) {
            JudgePrompt p = JudgePrompt.of(name);
            byte[] bytes;
            try (var in = JudgePrompt.class.getResourceAsStream("/io/clirbench/core/construct/prompts/agent-judge/" + name + ".txt")) {
                bytes = in.readAllBytes();
            }
            assertThat(p.sha256()).isEqualTo(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)));
            String text = p.render("Who composed it?", "Exact Answer: Tschaikowski", "Tchaikovsky").messages().get(0).content();
            // both ask for the four fields BrowseComp-Plus's parser reads, in its order
            assertThat(text).contains("[question]: Who composed it?\n\n[response]: Exact Answer: Tschaikowski\n\n[correct_answer]: Tchaikovsky\n")
                    .containsSubsequence("extracted_final_answer:", "reasoning:", "correct:", "confidence:")
                    .doesNotContain("{{");
            assertThat(new String(bytes, StandardCharsets.UTF_8)).startsWith("# id: agent-judge-" + name);
        }
        assertThat(JudgePrompt.of("xbcp").render("q", "r", "a").messages().get(0).content()).contains("transliteration");
    }

    @Test
    void aUsersPromptFileIsHashedAndMustHaveEveryPlaceholder(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path ok = dir.resolve("mine.txt");
        java.nio.file.Files.writeString(ok, "# id: mine\n# version: 1\n[system]\nBe strict.\n[user]\nQ {{question}} R {{response}} A {{correct_answer}}\n");
        JudgePrompt mine = JudgePrompt.of(ok.toString());
        assertThat(mine.id()).isEqualTo("mine");
        assertThat(mine.sha256()).isEqualTo(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                .digest(java.nio.file.Files.readAllBytes(ok))));
        assertThat(mine.render("q", "r", "a").messages()).hasSize(2);
        java.nio.file.Path bad = dir.resolve("bad.txt");
        java.nio.file.Files.writeString(bad, "# id: bad\n# version: 1\n[user]\nQ {{question}} A {{correct_answer}}\n");
        assertThatThrownBy(() -> JudgePrompt.of(bad.toString())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bad.txt").hasMessageContaining("{{response}}");
        assertThatThrownBy(() -> JudgePrompt.of("xbpc")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("neither bcp, xbcp nor a prompt file");
    }
}
