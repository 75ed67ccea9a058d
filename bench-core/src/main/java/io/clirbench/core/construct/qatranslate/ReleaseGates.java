package io.clirbench.core.construct.qatranslate;

import io.clirbench.core.qa.model.QaInstance;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The release gates a translated instance must pass to be released; one that fails any is quarantined with every failure
 * (gate, unit, reason). The gates, in the order they run: {@link LanguageIdGate}, {@link EntityNumberGate},
 * {@link AnswerOccurrenceGate}, {@link ExactCopyGate}.
 */
public final class ReleaseGates {

    private static final List<ReleaseGate> ALL = List.of(new LanguageIdGate(), new EntityNumberGate(), new AnswerOccurrenceGate(),
            new ExactCopyGate());

    private final List<ReleaseGate> gates;

    private ReleaseGates(List<ReleaseGate> gates) {
        this.gates = List.copyOf(gates);
    }

    /**
     * One gate's failure on an instance.
     *
     * @param gate   the gate's name
     * @param unit   the unit that failed
     * @param reason why
     */
    public record Issue(String gate, String unit, String reason) {
    }

    /**
     * What the gates said of one instance.
     *
     * @param source     the source instance
     * @param translated its translation
     * @param issues     every failure, in gate order (empty: released)
     */
    public record Verdict(QaInstance source, QaInstance translated, List<Issue> issues) {
        public boolean released() {
            return issues.isEmpty();
        }
    }

    /** The names of every gate, in order. */
    public static List<String> names() {
        return ALL.stream().map(ReleaseGate::name).toList();
    }

    /**
     * The gates named ({@code all}, {@code none}, or gate names); an unknown name is an error listing the known ones.
     */
    public static ReleaseGates of(List<String> names) {
        if (names.equals(List.of("all"))) {
            return new ReleaseGates(ALL);
        }
        if (names.equals(List.of("none"))) {
            return new ReleaseGates(List.of());
        }
        Map<String, ReleaseGate> byName = new LinkedHashMap<>();
        ALL.forEach(g -> byName.put(g.name(), g));
        List<ReleaseGate> chosen = new ArrayList<>();
        for (String n : names) {
            ReleaseGate g = byName.get(n);
            if (g == null) {
                throw new IllegalArgumentException("--gates: '" + n + "' is not a gate; give all, none, or some of " + names());
            }
            if (!chosen.contains(g)) {
                chosen.add(g);
            }
        }
        return new ReleaseGates(ALL.stream().filter(chosen::contains).toList());
    }

    /** The names of the gates that run, in order. */
    public List<String> active() {
        return gates.stream().map(ReleaseGate::name).toList();
    }

    public Verdict judge(QaInstance source, QaInstance translated) {
        List<Issue> issues = new ArrayList<>();
        for (ReleaseGate g : gates) {
            g.check(source, translated).forEach(f -> issues.add(new Issue(g.name(), f.unit(), f.reason())));
        }
        return new Verdict(source, translated, issues);
    }
}
