package io.clirbench.core.dataset.importer;

import io.clirbench.core.dataset.Problem;
import io.clirbench.core.dataset.Problems;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class LanguageCodesTest {

    @Test
    void iso6393CodesAsNeuclirAndHc4WriteThemMapToIso6391() {
        // ISO 639-3 code table (iso639-3.sil.org): fas Persian, rus Russian, zho Chinese, eng English, swa Swahili, deu German
        assertThat(List.of("fas", "rus", "zho", "eng", "swa", "deu").stream().map(LanguageCodes::toIso6391))
                .containsExactly("fa", "ru", "zh", "en", "sw", "de");
    }

    @Test
    void miraclCodesAreIso6391AndMapToThemselves() {
        // MIRACL's 18 languages (miracl.py on the Hub)
        List<String> miracl = List.of("ar", "bn", "en", "es", "fa", "fi", "fr", "hi", "id", "ja", "ko", "ru", "sw", "te", "th",
                "zh", "de", "yo");
        assertThat(miracl.stream().map(LanguageCodes::toIso6391)).containsExactlyElementsOf(miracl);
    }

    @Test
    void tagsWithdrawnCodesAndEnglishNames() {
        // MTEB's script-tagged subsets, region tags, the withdrawn iw (Hebrew is he since 1989), NoMIRACL's directory names
        assertThat(LanguageCodes.toIso6391("zho-Hans")).isEqualTo("zh");
        assertThat(LanguageCodes.toIso6391("fas-Arab")).isEqualTo("fa");
        assertThat(LanguageCodes.toIso6391("zh-CN")).isEqualTo("zh");
        assertThat(LanguageCodes.toIso6391("pt_BR")).isEqualTo("pt");
        assertThat(LanguageCodes.toIso6391("iw")).isEqualTo("he");
        assertThat(LanguageCodes.toIso6391("Persian")).isEqualTo("fa");
        assertThat(LanguageCodes.toIso6391("japanese")).isEqualTo("ja");
    }

    @Test
    void unmappableCodesAreNullAndNamedWithFileAndLine() {
        // per is ISO 639-2/B (bibliographic) for Persian, not in the JDK's tables; tlh (Klingon) has no ISO 639-1 code
        assertThat(LanguageCodes.toIso6391("per")).isNull();
        assertThat(LanguageCodes.toIso6391("tlh")).isNull();
        assertThat(LanguageCodes.toIso6391("")).isNull();
        assertThat(LanguageCodes.toIso6391("xx-YY")).isNull();
        Problems problems = new Problems();
        assertThat(LanguageCodes.canonical("tlh", "lang", "topics.jsonl", 7, problems)).isNull();
        assertThat(problems.list()).extracting(Problem::toString).containsExactly("topics.jsonl line 7: lang: language 'tlh' is "
                + "neither an ISO 639-1 nor an ISO 639-3 code, nor a language tag or English name of one");
    }
}
