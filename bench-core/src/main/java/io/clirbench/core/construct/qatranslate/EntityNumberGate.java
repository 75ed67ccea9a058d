package io.clirbench.core.construct.qatranslate;

import com.ibm.icu.lang.UCharacter;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaInstance;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Entity and number consistency, per translated unit (a paragraph's title and sentences; the question with its answer),
 * as the translation prompt asks ("preserve named entities, numbers, dates"):
 * <ul>
 *   <li><b>numbers</b>: every run of decimal digits in the source (any script's digits, read as their values, so
 *       {@code ١٩٦١} is {@code 1961}; {@code 1,234} is the runs {@code 1} and {@code 234}, so {@code 1.234} matches) must
 *       occur as a run in the translation. For every target language.</li>
 *   <li><b>entities</b>, for Latin-script targets only (others transliterate names): the capitalised words of the source
 *       that do not open a sentence (two letters or more) are its entity words; when there are at least
 *       {@value #MIN_ENTITIES}, at least half of them must occur, as words, in the translation. A translated name
 *       ("United States" into "Vereinigte Staaten") costs a word; a paragraph whose names were dropped or replaced fails.</li>
 * </ul>
 */
public final class EntityNumberGate implements ReleaseGate {

    public static final String NAME = "entity-number";
    static final int MIN_ENTITIES = 2;
    static final double MIN_ENTITY_RECALL = 0.5;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<Failure> paragraph(Candidate s, Candidate t) {
        List<String> from = new ArrayList<>(s.sentences());
        from.addFirst(s.title());
        List<String> to = new ArrayList<>(t.sentences());
        to.addFirst(t.title());
        List<Failure> out = new ArrayList<>();
        unit("paragraph " + s.id(), from, to, t.language(), out);
        return out;
    }

    @Override
    public List<Failure> question(QaInstance source, QaInstance translated) {
        List<Failure> out = new ArrayList<>();
        unit("question", List.of(source.question(), source.answer()), List.of(translated.question(), translated.answer()),
                translated.questionLanguage(), out);
        return out;
    }

    private static void unit(String unit, List<String> source, List<String> translation, String language, List<Failure> out) {
        Set<String> have = numbers(translation);
        Set<String> missing = new LinkedHashSet<>(numbers(source));
        missing.removeAll(have);
        if (!missing.isEmpty()) {
            out.add(new Failure(unit, "number(s) " + missing + " of the source missing from the " + language + " translation"));
        }
        if (!LanguageIdentification.latinScript(language)) {
            return;
        }
        Set<String> entities = entities(source);
        if (entities.size() < MIN_ENTITIES) {
            return;
        }
        Set<String> words = new LinkedHashSet<>();
        translation.forEach(t -> words.addAll(List.of(t.split("[^\\p{L}\\p{M}\\p{N}]+"))));
        Set<String> lost = new LinkedHashSet<>(entities);
        lost.removeAll(words);
        int found = entities.size() - lost.size();
        if (found < MIN_ENTITY_RECALL * entities.size()) {
            out.add(new Failure(unit, String.format(Locale.ROOT, "%d of %d entity words of the source in the %s translation (fewer than "
                    + "half); missing %s", found, entities.size(), language, lost)));
        }
    }

    /** Runs of decimal digits, each as ASCII digits. */
    static Set<String> numbers(List<String> texts) {
        Set<String> out = new LinkedHashSet<>();
        for (String text : texts) {
            StringBuilder run = new StringBuilder();
            for (int i = 0; i <= text.length(); ) {
                int cp = i < text.length() ? text.codePointAt(i) : -1;
                int digit = cp < 0 ? -1 : UCharacter.digit(cp, 10);
                if (digit >= 0) {
                    run.append((char) ('0' + digit));
                } else if (!run.isEmpty()) {
                    out.add(run.toString());
                    run.setLength(0);
                }
                i += cp < 0 ? 1 : Character.charCount(cp);
            }
        }
        return out;
    }

    /** Capitalised words of two letters or more that do not open a sentence (a text, or a sentence after . ! ?). */
    static Set<String> entities(List<String> texts) {
        Set<String> out = new LinkedHashSet<>();
        for (String text : texts) {
            boolean opening = true;
            for (String token : text.split("\\s+")) {
                String word = token.replaceAll("^[^\\p{L}\\p{N}]+|[^\\p{L}\\p{M}\\p{N}]+$", "");
                if (!opening && word.length() >= 2 && Character.isUpperCase(word.codePointAt(0)) && word.chars().allMatch(
                        c -> Character.isLetter(c) || Character.getType(c) == Character.NON_SPACING_MARK)) {
                    out.add(word);
                }
                opening = word.isEmpty() ? opening : token.matches(".*[.!?][\"')\\]]*$");
            }
        }
        return out;
    }

}
