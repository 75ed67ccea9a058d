package io.clirbench.cli.dict;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.core.lexicon.LanguagePair;
import io.clirbench.core.lexicon.Lexicon;
import io.clirbench.core.lexicon.LexiconCache;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code bench dict fetch} from a clean cache, for real: Debian's {@code dict-freedict-tur-eng} (46 KB) and
 * {@code dict-freedict-eng-rom} (49 KB, FreeDict's "rom" = Romanian) through {@code apt-get download}.
 * Expected entries were read off the packages by hand ({@code zcat freedict-tur-eng.dict.dz}): Polonya → Poland,
 * Rusya → Russia; eng-rom: balance → balanță, echilibru, blianț; licences from each package's copyright stanza.
 */
class DictCommandTest {

    @TempDir
    Path tmp;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cmd = new CommandLine(new DictCommand());
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        return cmd.execute(args);
    }

    @Test
    void fetchesConvertsAndRecordsTheLicenceThenRoutes() throws Exception {
        Path cache = tmp.resolve("lexicons");
        assertThat(run("fetch", "--pairs", "tr-en,en-ro", "--cache", cache.toString())).as(err.toString()).isZero();
        assertThat(out.toString()).contains("tr-en").contains("dict-freedict-tur-eng").contains("licence GPL-2+")
                .contains("dict-freedict-eng-rom");
        Lexicon tr = Lexicon.read(new LanguagePair("tr", "en"), cache.resolve("tr-en"));
        assertThat(tr.translations("Polonya")).contains("Poland");
        assertThat(tr.translations("rusya")).contains("Russia");
        Lexicon ro = Lexicon.read(new LanguagePair("en", "ro"), cache.resolve("en-ro"));
        assertThat(ro.translations("balance")).startsWith("balanță", "echilibru");
        assertThat(cache.resolve("tr-en/" + LexiconCache.LICENCE)).content().contains("GPL-2+");
        var source = new ObjectMapper().readTree(cache.resolve("tr-en/" + LexiconCache.SOURCE).toFile());
        assertThat(source.path("package").asText()).isEqualTo("dict-freedict-tur-eng");
        assertThat(source.path("licence").asText()).isEqualTo("GPL-2+");

        // a second fetch uses the cache
        out.getBuffer().setLength(0);
        assertThat(run("fetch", "--pairs", "tr-en", "--cache", cache.toString())).isZero();
        assertThat(out.toString()).contains("(cached)");

        // routes among tr, en, ro, th with pivot en: tr→en direct, en→tr reversed, tr→ro via en, ro→tr via en
        // (en-ro reversed), every route from or to th none: 6 of 12
        out.getBuffer().setLength(0);
        assertThat(run("routes", "--languages", "tr,en,ro,th", "--pivot", "en", "--cache", cache.toString())).isZero();
        assertThat(out.toString()).contains("tr→ro via en").contains("ro→tr via en").contains("en→tr direct")
                .contains("6 of 12 cross-language routes have no dictionary");
    }

    @Test
    void aPairWithoutAPackageFailsNamingIt() {
        assertThat(run("fetch", "--pairs", "th-vi", "--cache", tmp.resolve("c").toString())).isEqualTo(1);
        assertThat(err.toString()).contains("th-vi: no FreeDict package").contains("dict-freedict-tha-vie");
        assertThat(run("fetch", "--pairs", "english-german", "--cache", tmp.resolve("c").toString())).isEqualTo(2);
        assertThat(Files.exists(tmp.resolve("c/th-vi"))).isFalse();
    }
}
