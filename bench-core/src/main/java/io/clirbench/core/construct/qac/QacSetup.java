package io.clirbench.core.construct.qac;

/**
 * How a source document's target language is chosen (ChemCLIR-Bench's strategies, with their CSV numbers):
 * {@code random-any} any target language (seeded), {@code random-existing} a language the family has (the query has
 * same- and cross-language gold),
 * {@code random-missing} a target language the family lacks (a no-home query), {@code all} every target language.
 */
public enum QacSetup {
    RANDOM_ANY("random-any", 1, "random_any"),
    RANDOM_EXISTING("random-existing", 3, "random_existing"),
    RANDOM_MISSING("random-missing", 2, "random_missing"),
    ALL("all", 4, "all");

    private final String option;
    private final int strategy;
    private final String strategyName;

    QacSetup(String option, int strategy, String strategyName) {
        this.option = option;
        this.strategy = strategy;
        this.strategyName = strategyName;
    }

    public String option() {
        return option;
    }

    public int strategy() {
        return strategy;
    }

    public String strategyName() {
        return strategyName;
    }

    /**
     * The setups of {@code --setup}: one, or with {@code mixed} all four in the CSV's strategy order (a balanced,
     * seeded per-source mix: {@link QacPlanner}).
     */
    public static java.util.List<QacSetup> listOf(String option) {
        if (option.equals("mixed")) {
            return java.util.List.of(RANDOM_ANY, RANDOM_MISSING, RANDOM_EXISTING, ALL);
        }
        return java.util.List.of(of(option));
    }

    public static QacSetup of(String option) {
        for (QacSetup s : values()) {
            if (s.option.equals(option)) {
                return s;
            }
        }
        throw new IllegalArgumentException("--setup '" + option + "' is not one of random-any, random-existing, random-missing, all, mixed");
    }
}
