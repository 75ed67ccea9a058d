package io.clirbench.core.lexicon;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TranslationRoutesTest {

    @TempDir
    Path dir;

    @Test
    void routesAreDirectReversedPivotOrNone() throws Exception {
        LexiconCache cache = cache();
        Routes routes = new Routes(cache, "en");
        assertThat(routes.route("de", "de").kind()).isEqualTo(Route.Kind.SAME);
        assertThat(routes.route("de", "en").kind()).isEqualTo(Route.Kind.DIRECT);
        assertThat(routes.route("en", "de").kind()).isEqualTo(Route.Kind.DIRECT);     // reversal of de-en
        assertThat(routes.route("de", "es").describe()).isEqualTo("de→es via en");
        assertThat(routes.route("th", "de").describe()).isEqualTo("th→de no dictionary");
        assertThat(new Routes(cache, null).route("de", "es").kind()).isEqualTo(Route.Kind.NONE);
        // de, en, es, th: 16 routes, 4 same; th to and from each of 3 others has none = 6
        assertThat(routes.uncovered(List.of("de", "en", "es", "th"))).hasSize(6);
    }

    @Test
    void languageTagsRouteByIdentityAndPickLexiconsByLanguageSubtag() throws Exception {
        Routes routes = new Routes(cache(), "en");
        // ARCHITECTURE.md "Language tags": de-AT and de are one language; de-AT -> en uses the de-en lexicon
        assertThat(routes.route("de-AT", "de").kind()).isEqualTo(Route.Kind.SAME);
        assertThat(routes.route("de-AT", "en-GB").describe()).isEqualTo("de-AT→en-GB direct");
        assertThat(routes.route("de-CH", "es").describe()).isEqualTo("de-CH→es via en");
        // two scripts of one language: no lexicon translates between them; a language without an ISO 639-1 code neither
        assertThat(routes.route("zh-Hans", "zh-Hant").kind()).isEqualTo(Route.Kind.NONE);
        assertThat(routes.route("zh-TW", "zh-Hant").kind()).isEqualTo(Route.Kind.SAME);
        assertThat(routes.route("fil", "en").kind()).isEqualTo(Route.Kind.NONE);
    }

    @Test
    void translatesTermByTermWeightingTheFirstAndKeepingUnknownWords() throws Exception {
        LexiconCache cache = cache();
        QueryTranslator t = new QueryTranslator(cache);
        Routes routes = new Routes(cache, "en");
        // Haus → house (twice), home; Berlin is unknown and kept twice
        assertThat(t.translate("Haus in Berlin", routes.route("de", "en")))
                .isEqualTo("house house home in in Berlin Berlin");
        // through en: house → casa casa, home → hogar; "in" and Berlin untranslated at both steps (2 × 2)
        assertThat(t.translate("Haus Berlin", routes.route("de", "es")))
                .isEqualTo("casa casa casa casa hogar hogar Berlin Berlin Berlin Berlin");
        // reversed: house → haus (key form), home → haus
        assertThat(t.translate("home", routes.route("en", "de"))).isEqualTo("haus haus");
        assertThat(t.translate("Haus", routes.route("th", "de"))).isEqualTo("Haus");
    }

    private LexiconCache cache() throws Exception {
        new Lexicon(new LanguagePair("de", "en"), Map.of("haus", List.of("house", "home"))).write(dir.resolve("de-en"));
        new Lexicon(new LanguagePair("en", "es"), Map.of("house", List.of("casa"), "home", List.of("hogar")))
                .write(dir.resolve("en-es"));
        return new LexiconCache(dir);
    }
}
