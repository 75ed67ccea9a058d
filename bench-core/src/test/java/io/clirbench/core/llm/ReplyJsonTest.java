package io.clirbench.core.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.construct.qajudge.JudgeReply;
import org.junit.jupiter.api.Test;

/**
 * Issue 45: a model's reply whose JSON holds half a surrogate pair ({@code "\ud800"}: valid JSON, but no text) is
 * unusable, so it is asked again and then recorded as a rejection; before, it was accepted and the writer of the
 * output turned it into '?'.
 */
class ReplyJsonTest {

    @Test
    void aLoneSurrogateEscapeMakesAReplyUnusable() {
        assertThatThrownBy(() -> ReplyJson.object("{\"title\": \"T\", \"sentences\": [\"a\\ud800\"]}"))
                .isInstanceOf(UnusableReplyException.class)
                .hasMessage("the reply's JSON is not text: 'sentences[0]' has an unpaired surrogate U+D800 at character 1 (a \\u"
                        + " escape of half a pair, not text)");
        assertThatThrownBy(() -> JudgeReply.parse("{\"score\": 90, \"rationale\": \"\\udc00\", \"error_tags\": []}"))
                .isInstanceOf(UnusableReplyException.class)
                .hasMessageStartingWith("the reply's JSON is not text: 'rationale' has an unpaired surrogate U+DC00 at character 0");
    }

    @Test
    void aPairedEscapeAndControlCharactersInTextAreKept() throws Exception {
        // U+1F600 written as its pair is text; a line break inside a sentence is JSON's business, escaped on write
        assertThat(ReplyJson.object("{\"t\": \"\\ud83d\\ude00 a\\nb\"}").get("t").textValue()).isEqualTo("\uD83D\uDE00 a\nb");
    }
}
