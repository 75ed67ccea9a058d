package io.clirbench.core.construct.qatranslate;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.lang.UScript;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A cheap identification of a text's language, for XHotpotQA's 24 languages, in two steps.
 * <ol>
 *   <li><b>Script</b> (ICU4J {@link UScript}): the share of the text's letters written in the language's script(s)
 *       (zh Han; ja Han, Hiragana, Katakana; ko Hangul, Han; hi Devanagari; bn Bengali; ar, fa, ur Arabic; ru Cyrillic;
 *       el Greek; th Thai; the others Latin) must be at least {@value #MIN_SCRIPT_SHARE}. Names kept in Latin inside a
 *       Thai or Russian sentence pass; a paragraph left in English does not.</li>
 *   <li><b>Function words</b>, for the 13 Latin-script languages only (a script cannot tell English from German): each
 *       has a list of 20 frequent function words; a text fails when another language's list matches at least
 *       {@value #MIN_HITS} of its tokens and more than the target's does. Short texts with fewer hits are not judged.
 *       This is a heuristic, not a classifier: it catches a paragraph left in (or drifted into) another Latin language,
 *       not a poor translation.</li>
 * </ol>
 */
public final class LanguageIdentification {

    static final double MIN_SCRIPT_SHARE = 0.5;
    static final int MIN_HITS = 3;

    private static final Map<String, Set<Integer>> SCRIPTS = Map.ofEntries(
            Map.entry("zh", Set.of(UScript.HAN)), Map.entry("ja", Set.of(UScript.HAN, UScript.HIRAGANA, UScript.KATAKANA)),
            Map.entry("ko", Set.of(UScript.HANGUL, UScript.HAN)), Map.entry("hi", Set.of(UScript.DEVANAGARI)),
            Map.entry("bn", Set.of(UScript.BENGALI)), Map.entry("ar", Set.of(UScript.ARABIC)), Map.entry("fa", Set.of(UScript.ARABIC)),
            Map.entry("ur", Set.of(UScript.ARABIC)), Map.entry("ru", Set.of(UScript.CYRILLIC)), Map.entry("el", Set.of(UScript.GREEK)),
            Map.entry("th", Set.of(UScript.THAI)));

    private static final Map<String, Set<String>> FUNCTION_WORDS = new LinkedHashMap<>();

    static {
        words("en", "the of and to in is was that for with as by which from his her are were this who");
        words("de", "der die das und ist war nicht mit von den dem ein eine auch sich wurde für auf im zu");
        words("fr", "le la les et est une des du dans qui pour par sur au aux était avec il elle sont");
        words("es", "el la los las y es una del en que por con para fue su al se como lo entre");
        words("pt", "o os as e é uma do da dos das em no na que por com para foi seu sua");
        words("it", "il lo gli le e è una del della di che per con nel nella sono fu era anche dei");
        words("nl", "de het een en is van dat die niet met op voor zijn werd was ook naar bij aan door");
        words("sv", "och är att det som en ett av för med på till var den inte har om från vid eller");
        words("pl", "i w z na się jest nie do że to był była oraz przez jak od po dla jego które");
        words("tr", "ve bir bu da de ile için olan olarak çok daha gibi ise ki sonra tarafından yılında veya ancak kadar");
        words("id", "dan yang di ini itu dengan untuk dari adalah pada dalam tidak akan oleh sebagai juga ke atau telah tersebut");
        words("vi", "và của là có được trong cho những với các một không người này đã từ khi năm đến theo");
        words("sw", "na ya wa kwa ni za katika la cha kuwa hii huo yake alikuwa pia lakini kama au mwaka baada");
    }

    private LanguageIdentification() {
    }

    private static void words(String language, String list) {
        FUNCTION_WORDS.put(language, Set.of(list.split(" ")));
    }

    /** Whether {@code language} is written in the Latin script (every language outside the non-Latin table is). */
    public static boolean latinScript(String language) {
        return !SCRIPTS.containsKey(language);
    }

    /** Null when {@code text} may be in {@code language}, else why not. */
    public static String problem(String text, String language) {
        Set<Integer> scripts = SCRIPTS.getOrDefault(language, Set.of(UScript.LATIN));
        int letters = 0;
        int inScript = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            if (UCharacter.isLetter(cp)) {
                letters++;
                inScript += scripts.contains(UScript.getScript(cp)) ? 1 : 0;
            }
        }
        if (letters > 0 && (double) inScript / letters < MIN_SCRIPT_SHARE) {
            return String.format(Locale.ROOT, "%d of %d letters (%.0f%%) are in the script of %s (%s), fewer than %.0f%%", inScript, letters,
                    100.0 * inScript / letters, language, scriptNames(scripts), 100 * MIN_SCRIPT_SHARE);
        }
        Set<String> target = FUNCTION_WORDS.get(language);
        if (target == null) {
            return null;
        }
        List<String> tokens = List.of(UCharacter.toLowerCase(Locale.ROOT, text).split("[^\\p{L}\\p{M}]+"));
        int own = hits(tokens, target);
        String best = null;
        int most = 0;
        for (Map.Entry<String, Set<String>> e : FUNCTION_WORDS.entrySet()) {
            int h = hits(tokens, e.getValue());
            if (!e.getKey().equals(language) && h > most) {
                best = e.getKey();
                most = h;
            }
        }
        if (best != null && most >= MIN_HITS && most > own) {
            return "it reads as " + best + " (" + most + " of its function words) rather than " + language + " (" + own + ")";
        }
        return null;
    }

    private static int hits(List<String> tokens, Set<String> words) {
        int n = 0;
        for (String t : tokens) {
            n += words.contains(t) ? 1 : 0;
        }
        return n;
    }

    private static String scriptNames(Set<Integer> scripts) {
        return scripts.stream().sorted().map(UScript::getName).reduce((a, b) -> a + ", " + b).orElse("");
    }
}
