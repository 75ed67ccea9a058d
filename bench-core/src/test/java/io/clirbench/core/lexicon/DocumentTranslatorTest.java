package io.clirbench.core.lexicon;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Document translation for indexing: expected texts written by hand from the two small lexicons below. */
class DocumentTranslatorTest {

    @TempDir
    Path dir;

    @Test
    void eachWordBecomesItsFirstTranslationOnceAndUnknownWordsAreKeptOnce() throws Exception {
        new Lexicon(new LanguagePair("de", "en"), Map.of("haus", List.of("house", "home"), "hund", List.of("big dog")))
                .write(dir.resolve("de-en"));
        new Lexicon(new LanguagePair("en", "es"), Map.of("house", List.of("casa"), "home", List.of("hogar")))
                .write(dir.resolve("en-es"));
        LexiconCache cache = new LexiconCache(dir);
        DocumentTranslator t = new DocumentTranslator(cache);
        Routes routes = new Routes(cache, "en");
        // Haus → house (not home, not twice); Hund → both words of "big dog"; "im", "Berlin", "42" unknown, kept once;
        // punctuation goes (Terms.words)
        assertThat(t.translate("Haus im Berlin, Hund 42.", routes.route("de", "en"))).isEqualTo("house im Berlin big dog 42");
        // through the pivot: house → casa; the rest unknown at the second step
        assertThat(t.translate("Haus Hund", routes.route("de", "es"))).isEqualTo("casa big dog");
        // the same language, or no dictionary: unchanged text, punctuation included
        assertThat(t.translate("Haus, Hund.", routes.route("de", "de"))).isEqualTo("Haus, Hund.");
        assertThat(t.translate("Haus, Hund.", routes.route("th", "en"))).isEqualTo("Haus, Hund.");
    }
}
