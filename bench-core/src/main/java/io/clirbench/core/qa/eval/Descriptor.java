package io.clirbench.core.qa.eval;

import io.clirbench.core.model.LanguageTag;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.Scripts;
import io.clirbench.core.qa.model.SupportingFact;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The language descriptors of one instance (METRICS.md §4 "Instance descriptors", "Conditions", "Bins").
 *
 * @param goldMismatch        ρ_G, the share of gold paragraphs not in the question language (0 without gold)
 * @param distractorMismatch  ρ_D over the distractors; {@code null} (not applicable) without distractors
 * @param goldLanguageCount   distinct gold paragraph languages
 * @param goldEntropy         H_G, normalised Shannon entropy of the gold paragraph languages
 * @param condition           the XHotpotQA condition name
 * @param scriptRelation      {@code same-script}, {@code mixed-script} or {@code different-script}
 * @param candidateLanguages  K_C, distinct candidate languages
 * @param distractorCount     candidates that hold no supporting fact
 * @param goldLanguages       the gold paragraph languages, in fact order (one per gold paragraph)
 */
public record Descriptor(double goldMismatch, Double distractorMismatch, int goldLanguageCount, double goldEntropy,
                         String condition, String scriptRelation, int candidateLanguages, int distractorCount,
                         List<String> goldLanguages) {

    /** Condition names in the order of the paper (S0–S4, after the aligned no-distractor control). */
    public static final List<String> CONDITIONS = List.of("gold-aligned-no-distractors", "fully-monolingual",
            "multilingual-distractors-only", "partial-gold-mismatch", "full-mismatch-single-evidence-language",
            "full-mismatch-multilingual-evidence");
    /** Short names S0–S4 (the aligned control has none). */
    public static final Map<String, String> SHORT = Map.of("fully-monolingual", "S0", "multilingual-distractors-only", "S1",
            "partial-gold-mismatch", "S2", "full-mismatch-single-evidence-language", "S3",
            "full-mismatch-multilingual-evidence", "S4");
    public static final List<String> MISMATCH_BINS = List.of("not-applicable", "zero", "partial", "full");
    public static final List<String> ENTROPY_BINS = List.of("zero", "intermediate", "maximal");
    public static final List<String> LANGUAGE_COUNT_BINS = List.of("one", "two-to-four", "five-to-eight", "nine-or-more");
    private static final double EPS = 1e-12;

    /** The descriptors of an instance; every language must be in {@link Scripts}. */
    public static Descriptor of(QaInstance instance) {
        // languages by identity (ARCHITECTURE.md "Language tags"): a pt-BR question's pt paragraph is no mismatch
        String q = LanguageTag.identityOf(instance.questionLanguage());
        Set<String> goldIds = new LinkedHashSet<>();
        for (SupportingFact fact : instance.supportingFacts()) {
            goldIds.add(fact.paragraphId());
        }
        Map<String, String> languageOf = new HashMap<>();
        Set<String> candidateLanguages = new HashSet<>();
        for (Candidate c : instance.candidates()) {
            languageOf.putIfAbsent(c.id(), LanguageTag.identityOf(c.language()));
            candidateLanguages.add(LanguageTag.identityOf(c.language()));
        }
        List<String> gold = new ArrayList<>();
        goldIds.forEach(id -> gold.add(languageOf.get(id)));
        List<String> distractors = new ArrayList<>();
        for (Candidate c : instance.candidates()) {
            if (!goldIds.contains(c.id())) {
                distractors.add(LanguageTag.identityOf(c.language()));
            }
        }
        double rhoG = gold.isEmpty() ? 0 : mismatch(q, gold);
        Double rhoD = distractors.isEmpty() ? null : mismatch(q, distractors);
        int goldLanguageCount = new HashSet<>(gold).size();
        return new Descriptor(rhoG, rhoD, goldLanguageCount, entropy(gold), condition(rhoG, rhoD, goldLanguageCount),
                scriptRelation(q, gold), candidateLanguages.size(), distractors.size(), List.copyOf(gold));
    }

    private static double mismatch(String q, List<String> languages) {
        int other = 0;
        for (String l : languages) {
            if (!l.equals(q)) {
                other++;
            }
        }
        return (double) other / languages.size();
    }

    // Shannon entropy (natural log) over ln(number of gold paragraphs); 0 with at most one
    private static double entropy(List<String> languages) {
        if (languages.size() <= 1) {
            return 0;
        }
        Map<String, Integer> counts = new HashMap<>();
        languages.forEach(l -> counts.merge(l, 1, Integer::sum));
        double h = 0;
        for (int count : counts.values()) {
            double share = (double) count / languages.size();
            h -= share * Math.log(share);
        }
        return h / Math.log(languages.size());
    }

    private static String condition(double rhoG, Double rhoD, int goldLanguages) {
        if (rhoG == 0) {
            if (rhoD == null) {
                return "gold-aligned-no-distractors";
            }
            return rhoD == 0 ? "fully-monolingual" : "multilingual-distractors-only";
        }
        if (rhoG < 1) {
            return "partial-gold-mismatch";
        }
        return goldLanguages == 1 ? "full-mismatch-single-evidence-language" : "full-mismatch-multilingual-evidence";
    }

    private static String scriptRelation(String q, List<String> gold) {
        String script = Scripts.of(q);
        Set<String> scripts = new HashSet<>();
        gold.forEach(l -> scripts.add(Scripts.of(l)));
        if (scripts.equals(Set.of(script))) {
            return "same-script";
        }
        return scripts.contains(script) ? "mixed-script" : "different-script";
    }

    /** The bin of ρ_G. */
    public String goldMismatchBin() {
        return mismatchBin(goldMismatch);
    }

    /** The bin of ρ_D ({@code not-applicable} without distractors). */
    public String distractorMismatchBin() {
        return distractorMismatch == null ? "not-applicable" : mismatchBin(distractorMismatch);
    }

    /** The bin of H_G. */
    public String goldEntropyBin() {
        return goldEntropy <= EPS ? "zero" : goldEntropy >= 1 - EPS ? "maximal" : "intermediate";
    }

    /** The bin of K_C. */
    public String candidateLanguagesBin() {
        if (candidateLanguages <= 1) {
            return "one";
        }
        return candidateLanguages <= 4 ? "two-to-four" : candidateLanguages <= 8 ? "five-to-eight" : "nine-or-more";
    }

    /** The single evidence language when every gold paragraph has the same language, else {@code mixed}; {@code none} without gold. */
    public String evidenceLanguage() {
        if (goldLanguages.isEmpty()) {
            return "none";
        }
        return goldLanguageCount == 1 ? goldLanguages.get(0) : "mixed";
    }

    private static String mismatchBin(double value) {
        return value <= EPS ? "zero" : value >= 1 - EPS ? "full" : "partial";
    }
}
