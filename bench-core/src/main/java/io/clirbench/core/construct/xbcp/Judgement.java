package io.clirbench.core.construct.xbcp;

/**
 * The judge's scores (1–5) of one translation, or why its replies were unusable ({@code rejection}; scores 0 then).
 */
public record Judgement(String docId, String lang, int accuracy, int fluency, int completeness, String comment,
                        String rejection, int attempts) {

    public boolean ok() {
        return rejection == null;
    }

    /** The score of one of {@link TranslationJudge#CRITERIA}. */
    public int score(String criterion) {
        return switch (criterion) {
            case "accuracy" -> accuracy;
            case "fluency" -> fluency;
            case "completeness" -> completeness;
            default -> throw new IllegalArgumentException("no criterion '" + criterion + "'");
        };
    }
}
