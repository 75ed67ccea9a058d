package io.clirbench.core.construct.qac;

import java.util.List;

/**
 * The question modes: {@code technical} (one concrete fact; its CSV column {@code question_type}) and {@code general}
 * (problem, solution or application, paraphrased; ChemCLIR's CSV calls it {@code semantic}, column {@code framing}),
 * each with its verifier quality criteria in the CSV's order. The kinds are the pilot CSV's values.
 */
public enum QacMode {
    TECHNICAL("technical", "technical", "type", List.of("parameter_or_condition", "material", "outcome", "method", "structure"),
            List.of("qual_search_bar_realism", "qual_specificity", "qual_phrasing_economy", "qual_focus", "qual_linguistic_quality")),
    GENERAL("general", "semantic", "framing", List.of("problem", "solution", "application"),
            List.of("qual_search_realism", "qual_lexical_distance", "qual_conceptual_framing", "qual_retrievability",
                "qual_linguistic_quality"));

    public static final List<String> FAITHFULNESS = List.of("faith_grounding", "faith_precision", "faith_numerical_fidelity");
    /** The verifier's faithfulness prompt, the same for both modes: the three candidates compared in one call. */
    public static final String FAITHFULNESS_PROMPT = "qac/verify-faithfulness.txt";

    private final String option;
    private final String csvName;
    private final String kindField;
    private final List<String> kinds;
    private final List<String> quality;

    QacMode(String option, String csvName, String kindField, List<String> kinds, List<String> quality) {
        this.option = option;
        this.csvName = csvName;
        this.kindField = kindField;
        this.kinds = kinds;
        this.quality = quality;
    }

    public String option() {
        return option;
    }

    /** The CSV's {@code mode} value. */
    public String csvName() {
        return csvName;
    }

    /** The generator reply's field naming the question's kind ({@code type} or {@code framing}). */
    public String kindField() {
        return kindField;
    }

    public List<String> kinds() {
        return kinds;
    }

    /** The verifier's quality criteria (1–5 each), in the CSV's column order. */
    public List<String> quality() {
        return quality;
    }

    public String generatorPrompt(String language) {
        return "qac/" + option + "." + language + ".txt";
    }

    /** The verifier's quality prompt of this mode: the three candidates compared in one call. */
    public String qualityPrompt() {
        return "qac/verify-quality-" + option + ".txt";
    }
}
