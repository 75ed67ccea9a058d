package io.clirbench.core.construct.xbcp;

/**
 * One translation to ask for: a part (the text or the title) of an evidence document, its docid and language, the
 * target language, and the source wording of that part.
 */
public record TranslationRequest(String sourceId, String sourceLang, String targetLang, Part part, String text) {

    /** Which part of the document a request translates, with its prompt file and the placeholder the wording fills. */
    public enum Part {
        TEXT("xbcp/translate.txt", "text"),
        TITLE("xbcp/title.txt", "title");

        private final String prompt;
        private final String placeholder;

        Part(String prompt, String placeholder) {
            this.prompt = prompt;
            this.placeholder = placeholder;
        }

        /** The prompt file's name under the prompts directory. */
        public String prompt() {
            return prompt;
        }

        String placeholder() {
            return placeholder;
        }

        /** As written in records and the report: {@code text} or {@code title}. */
        public String label() {
            return placeholder;
        }
    }

    /** The docid the configuration gives the translation ({@code LANG/SOURCE-DOCID}, as {@code bench agent configure}). */
    public String translatedId() {
        return targetLang + "/" + sourceId;
    }
}
