package io.clirbench.lexical;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.DelegatingAnalyzerWrapper;
import org.apache.lucene.analysis.cn.smart.SmartChineseAnalyzer;
import org.apache.lucene.analysis.de.GermanAnalyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.es.SpanishAnalyzer;
import org.apache.lucene.analysis.fr.FrenchAnalyzer;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.tartarus.snowball.ext.EnglishStemmer;
import org.tartarus.snowball.ext.FrenchStemmer;
import org.tartarus.snowball.ext.GermanStemmer;
import org.tartarus.snowball.ext.SpanishStemmer;

import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One analyzer per language, chosen by the language subtag of its BCP-47 tag ({@code pt-BR} and {@code pt} are
 * {@code pt}, {@code zh-Hant} is {@code zh}; ARCHITECTURE.md "Language tags"): English, German, French, Spanish with
 * Snowball stemmers and the languages' stop words; Chinese with smartcn (word segmentation); every other language with
 * Lucene's standard analyzer (Unicode word breaks, lower case, no stemming). The text of a document in
 * language {@code xx-YY} goes to field {@code text_xx} ({@link #field}), analysed by that language.
 */
public final class LanguageAnalyzers extends DelegatingAnalyzerWrapper {

    static final String FIELD_PREFIX = "text_";

    private final Map<String, Analyzer> byLang = new ConcurrentHashMap<>();

    public LanguageAnalyzers() {
        super(PER_FIELD_REUSE_STRATEGY);
    }

    /** The field that holds texts in {@code lang}: one per language subtag. */
    public static String field(String lang) {
        return FIELD_PREFIX + languageSubtag(lang);
    }

    /** The analyzer of {@code lang} (a language tag such as {@code de} or {@code pt-BR}), by its language subtag. */
    public Analyzer forLanguage(String lang) {
        return byLang.computeIfAbsent(languageSubtag(lang), LanguageAnalyzers::create);
    }

    /**
     * The language subtag of a tag, lower-cased: what precedes the first hyphen (or underscore, as in
     * {@code pt_BR}). The tags reach this module canonicalised by bench-core's {@code LanguageTag}, so
     * {@code fas} is already {@code fa} here.
     */
    public static String languageSubtag(String lang) {
        int end = 0;
        while (end < lang.length() && lang.charAt(end) != '-' && lang.charAt(end) != '_') {
            end++;
        }
        return lang.substring(0, end).toLowerCase(Locale.ROOT);
    }

    /** Name of the analysis chain for {@code lang}, for descriptions and tests. */
    public static String describe(String lang) {
        return switch (languageSubtag(lang)) {
            case "en" -> "snowball-english";
            case "de" -> "snowball-german";
            case "fr" -> "snowball-french";
            case "es" -> "snowball-spanish";
            case "zh" -> "smartcn";
            default -> "standard";
        };
    }

    private static Analyzer create(String lang) {
        return switch (lang) {
            case "en" -> new SnowballLanguageAnalyzer(EnglishAnalyzer.ENGLISH_STOP_WORDS_SET, null, EnglishStemmer::new);
            case "de" -> new SnowballLanguageAnalyzer(GermanAnalyzer.getDefaultStopSet(), null, GermanStemmer::new);
            case "fr" -> new SnowballLanguageAnalyzer(FrenchAnalyzer.getDefaultStopSet(), FrenchAnalyzer.DEFAULT_ARTICLES,
                    FrenchStemmer::new);
            case "es" -> new SnowballLanguageAnalyzer(SpanishAnalyzer.getDefaultStopSet(), null, SpanishStemmer::new);
            case "zh" -> new SmartChineseAnalyzer();
            default -> new StandardAnalyzer();
        };
    }

    @Override
    protected Analyzer getWrappedAnalyzer(String fieldName) {
        if (fieldName.startsWith(FIELD_PREFIX)) {
            return forLanguage(fieldName.substring(FIELD_PREFIX.length()));
        }
        return forLanguage("");
    }
}
