package io.clirbench.core.construct.xbcp;

import io.clirbench.core.llm.UnusableReplyException;
import java.util.List;

/**
 * Whether a translator's reply is usable for its request. Any part: not empty, and keeping every item {@link
 * PreservationCheck} finds in the source. A title, besides: one line, and not wrapped in quotation marks the source
 * title does not have (the prompt asks for the title alone; a model that adds them would put them into the corpus).
 */
final class TranslationReply {

    private static final String QUOTES = "\"'“”„«»‹›「」『』";

    private TranslationReply() {
    }

    /** The translated wording, stripped; or why the reply is unusable. */
    static String usable(TranslationRequest r, String content) throws UnusableReplyException {
        String text = content.strip();
        String what = r.part() == TranslationRequest.Part.TITLE ? "the title's translation" : "the translation";
        if (text.isEmpty()) {
            throw new UnusableReplyException(what + " is empty");
        }
        if (r.part() == TranslationRequest.Part.TITLE) {
            long lines = text.lines().count();
            if (lines > 1) {
                throw new UnusableReplyException(what + " has " + lines + " lines; answer with the translated title alone, on one line");
            }
            if (quoted(text) && !quoted(r.text().strip())) {
                throw new UnusableReplyException(what + " is wrapped in quotation marks; answer with the translated title alone");
            }
        }
        List<String> missing = PreservationCheck.missing(r.text(), text);
        if (!missing.isEmpty()) {
            throw new UnusableReplyException(what + " does not keep, exactly as written, " + String.join(", ", missing));
        }
        return text;
    }

    private static boolean quoted(String s) {
        return s.length() >= 2 && QUOTES.indexOf(s.charAt(0)) >= 0 && QUOTES.indexOf(s.charAt(s.length() - 1)) >= 0;
    }
}
