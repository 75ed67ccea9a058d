package io.clirbench.core.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The examples of ARCHITECTURE.md "Language tags" and issue 41. Expected values come from the spec and from the
 * IANA language subtag registry / ISO 639-3 tables (fas, zho, rus are the ISO 639-3 codes of fa, zh, ru; iw, in, ji are
 * deprecated for he, id, yi; CLDR's likely subtags give zh → Hans, zh-TW → Hant, sr → Cyrl, pt → Latn, pa → Guru).
 */
class LanguageTagTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        // underscores to hyphens, case normalised
        "pt_BR, pt-BR", "pt_br, pt-BR", "PT-br, pt-BR", "ZH-hant, zh-Hant", "ZH_hans_cn, zh-Hans-CN", "EN, en",
        // 3-letter and deprecated codes to their shortest form
        "fas, fa", "rus, ru", "zho, zh", "deu, de", "iw, he", "in, id", "ji, yi", "mo, ro",
        // ISO 639-1 codes stay as written, even those ICU would rewrite (tl -> fil)
        "tl, tl", "en, en", "zh, zh", "sr, sr", "no, no",
        // nb and nob are written no
        "nb, no", "nob, no", "nb-NO, no-NO", "nn, nn",
        // region, variants kept
        "zh-TW, zh-TW", "de-DE-1996, de-DE-1996", "sr-Latn-RS, sr-Latn-RS"})
    void canonicalTags(String value, String canonical) {
        assertThat(LanguageTag.canonical(value)).isEqualTo(canonical);
    }

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({
        "pt, pt", "pt-BR, pt", "pt-PT, pt", "pt_BR, pt",
        "zh, zh", "zh-CN, zh", "zh-Hans, zh", "zho, zh", "zh-Hans-TW, zh",
        "zh-Hant, zh-Hant", "zh-TW, zh-Hant", "zh-HK, zh-Hant",
        "sr, sr", "sr-Cyrl, sr", "sr-RS, sr", "sr-Latn, sr-Latn", "sh, sr-Latn",
        "fas, fa", "fa-IR, fa", "no, no", "nb, no", "nb-NO, no",
        "pa, pa", "pa-PK, pa-Arab", "en-GB, en", "en-Latn, en"})
    void identityIsLanguageAndScriptPrintedShortest(String value, String identity) {
        assertThat(LanguageTag.parse(value).identity()).isEqualTo(identity);
        assertThat(LanguageTag.identityOf(value)).isEqualTo(identity);
    }

    @Test
    void sameLanguageComparesLanguageAndScriptNotRegion() {
        assertThat(LanguageTag.sameLanguage("pt-BR", "pt-PT")).isTrue();
        assertThat(LanguageTag.sameLanguage("pt-BR", "pt")).isTrue();
        assertThat(LanguageTag.sameLanguage("zh", "zh-CN")).isTrue();
        assertThat(LanguageTag.sameLanguage("zh-Hans", "zh-Hant")).isFalse();
        assertThat(LanguageTag.sameLanguage("zh-TW", "zh-Hant")).isTrue();
        assertThat(LanguageTag.sameLanguage("sr-Cyrl", "sr-Latn")).isFalse();
        assertThat(LanguageTag.sameLanguage("no", "nb")).isTrue();
        assertThat(LanguageTag.sameLanguage("no", "nn")).isFalse();
        assertThat(LanguageTag.sameLanguage("en", "de")).isFalse();
    }

    @Test
    void theLanguageSubtagChoosesAnalyzers() {
        LanguageTag tag = LanguageTag.parse("zh-Hant-TW");
        assertThat(tag.language()).isEqualTo("zh");
        assertThat(tag.script()).isEqualTo("Hant");
        assertThat(LanguageTag.languageOf("pt_BR")).isEqualTo("pt");
        assertThat(LanguageTag.languageOf("sr-Latn")).isEqualTo("sr");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "xx1|language 'xx1' is not a BCP-47 language tag or ISO 639 code",
        "''|language '' is not a BCP-47 language tag or ISO 639 code",
        "en--US|language 'en--US' is not a BCP-47 language tag or ISO 639 code (ill-formed at character 4)",
        "en--US|language 'en--US' is not a BCP-47 language tag or ISO 639 code",
        "en-|language 'en-' is not a BCP-47 language tag or ISO 639 code",
        "und|language 'und' names no language",
        "x-klingon|language 'x-klingon' names no language",
        "xx|language 'xx' is not a language ICU knows",
        "english|language 'english' is not a language ICU knows",
        "qaa|language 'qaa' is not a language ICU knows",
        "zh cn|language 'zh cn' is not a BCP-47 language tag or ISO 639 code"})
    void garbageIsRefusedNamingTheValue(String value, String message) {
        assertThatThrownBy(() -> LanguageTag.parse(value)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(message);
        // identityOf never fails: a refused value is its own identity (readers refuse it before evaluation)
        assertThat(LanguageTag.identityOf(value)).isEqualTo(value);
    }

    @Test
    void aControlCharacterIsShownEscaped() {
        assertThatThrownBy(() -> LanguageTag.parse("e\nn")).hasMessageStartingWith("language 'e\\u000An' is not");
    }

    @Test
    void everyIso6391CodeIsItsOwnCanonicalTagAndIdentity() {
        // what keeps datasets written with ISO 639-1 codes exactly as they were (nb aside, written no)
        for (String code : Locale.getISOLanguages()) {
            if (Languages.isIso6391(code) && !code.equals("nb")) {
                LanguageTag tag = LanguageTag.parse(code);
                assertThat(tag.tag()).as(code).isEqualTo(code);
                assertThat(tag.identity()).as(code).isEqualTo(code);
            }
        }
    }
}
