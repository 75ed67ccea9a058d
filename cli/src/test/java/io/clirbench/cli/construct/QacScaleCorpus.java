package io.clirbench.cli.construct;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * A seeded, ChemCLIR-size patent corpus for the QAC scale harness (issue 43): {@link #DOCUMENTS} documents in families of
 * one to five of en, de, fr, es, zh, each family one "patent" whose language versions are parallel renderings of the same
 * token sequence. A token is a concept (Zipf-distributed over {@link #CONCEPTS}; each concept has a fixed word per language:
 * Latin-script pseudo-words from the language's syllables, two Han characters in zh) or a literal that every version
 * shares verbatim, as patents share numbers and formulas (a temperature, a pressure, a mass fraction, a formula). Bodies
 * have 60–220 tokens (about a patent abstract; zh written without spaces); sentences of 10–25 tokens. So same-language
 * retrieval has real lexical evidence, cross-language retrieval only the shared literals.
 */
final class QacScaleCorpus {

    static final int DOCUMENTS = 23_787;
    static final int CONCEPTS = 20_000;
    /** Concepts ranked below this are the corpus's function words: questions do not ask with them. */
    static final int CONTENT_RANK = 40;
    static final List<String> LANGUAGES = List.of("en", "de", "fr", "es", "zh");
    /** Family language sets and their weights (percent): 20 % one-language families, left out by --min-languages 2. */
    private static final List<List<String>> SETS = List.of(List.of("en"), List.of("en", "de"), List.of("en", "fr"),
            List.of("en", "de", "fr"), List.of("en", "zh"), List.of("en", "es"), List.of("de", "fr"), List.of("en", "de", "fr", "es"),
            List.of("en", "de", "zh"), List.of("en", "de", "fr", "es", "zh"));
    private static final int[] SET_WEIGHTS = {20, 15, 10, 20, 10, 5, 5, 5, 5, 5};
    private static final Map<String, String[][]> SYLLABLES = Map.of(
            "en", new String[][] {{"b", "c", "d", "f", "g", "h", "l", "m", "n", "p", "r", "s", "t", "v", "w", "th", "st", "pr", "tr", "cl"},
                    {"a", "e", "i", "o", "u", "ea", "ou", "ai"}, {"", "", "n", "r", "s", "t", "l", "nd", "ng", "ck", "ss"}},
            "de", new String[][] {{"b", "d", "f", "g", "h", "k", "l", "m", "n", "p", "r", "s", "t", "w", "z", "sch", "st", "pf", "kr", "schl"},
                    {"a", "e", "i", "o", "u", "ä", "ö", "ü", "ei", "au", "ie"}, {"", "n", "r", "s", "t", "ch", "ng", "tz", "ck", "lt", "rk"}},
            "fr", new String[][] {{"b", "c", "d", "f", "g", "j", "l", "m", "n", "p", "r", "s", "t", "v", "ch", "gr", "pl", "tr"},
                    {"a", "e", "i", "o", "u", "é", "è", "eau", "ou", "oi", "ai"}, {"", "", "n", "r", "s", "t", "l", "x", "ion", "ment"}},
            "es", new String[][] {{"b", "c", "d", "f", "g", "j", "l", "m", "n", "p", "r", "s", "t", "v", "ll", "ñ", "qu", "tr", "cr"},
                    {"a", "e", "i", "o", "u", "ia", "ue", "ió"}, {"", "", "", "n", "r", "s", "l", "d", "ción"}});
    private static final String[] FORMULAS = {"Al2O3", "SiO2", "TiO2", "NaOH", "H2SO4", "CaCO3", "ZnO", "Fe2O3", "CH3COOH",
            "C6H12O6", "Pt/C", "LiFePO4", "K2CO3", "MgO", "HNO3", "NH3"};

    /** One family: its token sequence (a concept id, or -1 where {@code literals} has the shared literal). */
    record Family(String id, List<String> languages, int[] concepts, String[] literals) {
    }

    record Doc(String id, Family family, String lang, String text) {
    }

    private final List<Doc> docs = new ArrayList<>();
    private final Map<String, Doc> byText = new HashMap<>();
    private final Map<String, String[]> words = new HashMap<>();

    /** Generates the corpus of {@code documents} documents for {@code seed} (the last family may lose languages). */
    QacScaleCorpus(long seed, int documents) {
        for (String lang : LANGUAGES) {
            String[] w = new String[CONCEPTS];
            for (int c = 0; c < CONCEPTS; c++) {
                w[c] = word(lang, c);
            }
            words.put(lang, w);
        }
        double[] cumulative = zipf();
        Random random = new Random(seed);
        for (int f = 0; docs.size() < documents; f++) {
            List<String> langs = SETS.get(pick(random, SET_WEIGHTS));
            langs = langs.subList(0, Math.min(langs.size(), documents - docs.size()));
            int n = 60 + random.nextInt(161);
            int[] concepts = new int[n];
            String[] literals = new String[n];
            for (int i = 0; i < n; i++) {
                if (random.nextInt(25) == 0) {
                    concepts[i] = -1;
                    literals[i] = literal(random);
                } else {
                    concepts[i] = sample(random, cumulative);
                }
            }
            Family family = new Family(String.format(Locale.ROOT, "EP-%07d-A1", 1_000_000 + f), List.copyOf(langs), concepts, literals);
            long sentenceSeed = random.nextLong();
            for (String lang : langs) {
                Doc d = new Doc(family.id() + "_" + lang, family, lang, render(family, lang, new Random(sentenceSeed)));
                docs.add(d);
                byText.put(d.text(), d);
            }
        }
    }

    List<Doc> docs() {
        return docs;
    }

    /** The document whose text is {@code text} (a generator prompt's passage), or null. */
    Doc byText(String text) {
        return byText.get(text);
    }

    /** Concept {@code c}'s word in {@code lang}. */
    String word(int c, String lang) {
        return words.get(lang)[c];
    }

    int families() {
        return (int) docs.stream().map(d -> d.family().id()).distinct().count();
    }

    /** Writes {@code corpus.jsonl} in clirbench's layout ({@code _id}, {@code text}, {@code lang}, {@code family}). */
    void write(Path file) throws IOException {
        ObjectMapper json = new ObjectMapper();
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (Doc d : docs) {
                w.write(json.createObjectNode().put("_id", d.id()).put("text", d.text()).put("lang", d.lang())
                        .put("family", d.family().id()).toString());
                w.write('\n');
            }
        }
    }

    /** The family's tokens in {@code lang}: sentences of 10–25 tokens; zh without spaces (but around literals), with its punctuation. */
    String render(Family family, String lang, Random sentences) {
        boolean zh = lang.equals("zh");
        StringBuilder sb = new StringBuilder();
        int left = 10 + sentences.nextInt(16);
        boolean start = true;
        int n = family.concepts().length;
        for (int i = 0; i < n; i++) {
            boolean literal = family.concepts()[i] < 0;
            String token = literal ? family.literals()[i] : word(family.concepts()[i], lang);
            if (zh) {
                sb.append(literal ? " " + token + " " : token);
            } else {
                sb.append(start ? "" : " ").append(start ? Character.toUpperCase(token.charAt(0)) + token.substring(1) : token);
            }
            start = false;
            if (--left == 0 || i + 1 == n) {
                sb.append(zh ? "。" : ".");
                start = true;
                left = 10 + sentences.nextInt(16);
                if (!zh && i + 1 < n) {
                    sb.append(' ');
                }
            } else if (sentences.nextInt(12) == 0) {
                sb.append(zh ? "，" : ",");
            }
        }
        String text = sb.toString();
        return zh ? text.replaceAll(" +", " ").replaceAll(" ?([，。]) ?", "$1").strip() : text;
    }

    /** Concept {@code c}'s fixed word in {@code lang}: from a generator seeded by both, so it is the same in every corpus. */
    private static String word(String lang, int c) {
        Random r = new Random(31L * c + lang.hashCode() * 1_000_003L);
        if (lang.equals("zh")) {
            return new String(new char[] {(char) (0x4E00 + r.nextInt(0x5000)), (char) (0x4E00 + r.nextInt(0x5000))});
        }
        String[][] s = SYLLABLES.get(lang);
        int syllables = 1 + r.nextInt(c < CONTENT_RANK ? 1 : 3);
        StringBuilder w = new StringBuilder();
        for (int i = 0; i < syllables; i++) {
            w.append(s[0][r.nextInt(s[0].length)]).append(s[1][r.nextInt(s[1].length)]).append(s[2][r.nextInt(s[2].length)]);
        }
        return w.toString();
    }

    private static String literal(Random r) {
        return switch (r.nextInt(4)) {
            case 0 -> (20 + r.nextInt(480)) + " °C";
            case 1 -> (1 + r.nextInt(200)) + " bar";
            case 2 -> String.format(Locale.ROOT, "%.1f wt%%", 0.1 + r.nextInt(500) / 10.0);
            default -> FORMULAS[r.nextInt(FORMULAS.length)];
        };
    }

    private static double[] zipf() {
        double[] cumulative = new double[CONCEPTS];
        double sum = 0;
        for (int k = 0; k < CONCEPTS; k++) {
            sum += 1.0 / (k + 1);
            cumulative[k] = sum;
        }
        for (int k = 0; k < CONCEPTS; k++) {
            cumulative[k] /= sum;
        }
        return cumulative;
    }

    private static int sample(Random r, double[] cumulative) {
        int i = java.util.Arrays.binarySearch(cumulative, r.nextDouble());
        return Math.min(i < 0 ? -i - 1 : i, CONCEPTS - 1);
    }

    private static int pick(Random r, int[] weights) {
        int total = java.util.Arrays.stream(weights).sum();
        int x = r.nextInt(total);
        for (int i = 0; i < weights.length; i++) {
            x -= weights[i];
            if (x < 0) {
                return i;
            }
        }
        throw new IllegalStateException("weights");
    }
}
