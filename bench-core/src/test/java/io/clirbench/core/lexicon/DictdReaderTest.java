package io.clirbench.core.lexicon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DictdReaderTest {

    @TempDir
    Path dir;

    @Test
    void readsFreeDictEntriesFromIndexAndDictzip() throws Exception {
        // entries written in the shapes of FreeDict's deu-eng, eng-hin and ara-eng (see the package docs)
        String e1 = "Abflugzeit /ˈapflˌuːɡtsaɪt/ <fem, n, sg>\n [transp.] time of departure <n>, departure time <n>\n"
                + "   Synonyms: {Abfahrtszeit}\n\n see: {Abfahrtszeiten}\n";
        String e2 = "abhor /ɐbhˈɔː/ <VT>\n1. घृणा~करना\n      \"I abhor terrorism.\"\n2. नफरत{बुरे~काम}\n";
        String e3 = "بديهيّ /bdiːhˈiː/\nAxiomatic\n";
        String e4 = "aber dalli\nat the double\n";
        String all = "00-database-short\nGerman - English\n" + e1 + e2 + e3 + e4;
        byte[] bytes = all.getBytes(StandardCharsets.UTF_8);
        int o0 = "00-database-short\nGerman - English\n".getBytes(StandardCharsets.UTF_8).length;
        int l1 = e1.getBytes(StandardCharsets.UTF_8).length;
        int l2 = e2.getBytes(StandardCharsets.UTF_8).length;
        int l3 = e3.getBytes(StandardCharsets.UTF_8).length;
        int l4 = e4.getBytes(StandardCharsets.UTF_8).length;
        String index = "00-database-short\t" + b64(0) + "\t" + b64(o0) + "\n"
                + "abflugzeit\t" + b64(o0) + "\t" + b64(l1) + "\n"
                + "abhor\t" + b64(o0 + l1) + "\t" + b64(l2) + "\n"
                + "بديهيّ\t" + b64(o0 + l1 + l2) + "\t" + b64(l3) + "\n"
                + "aber dalli\t" + b64(o0 + l1 + l2 + l3) + "\t" + b64(l4) + "\n";
        Path idx = dir.resolve("x.index");
        Files.writeString(idx, index);
        Path dz = dir.resolve("x.dict.dz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(dz))) {
            out.write(bytes);
        }
        Lexicon lex = DictdReader.read(new LanguagePair("de", "en"), idx, dz);
        assertThat(lex.translations("abflugzeit")).containsExactly("time of departure", "departure time");
        assertThat(lex.translations("abhor")).containsExactly("घृणा करना", "नफरत");
        assertThat(lex.translations(Terms.key("بديهي"))).containsExactly("Axiomatic");   // shadda dropped from the key
        assertThat(lex.entries()).doesNotContainKey("aber dalli");                      // phrases are not headwords
        assertThat(lex.entries()).hasSize(3);
    }

    @Test
    void decodesDictdBase64AndNamesBadLines() throws Exception {
        // "BO" = 1·64 + 14 = 78; "qEAN" = 42·64³ + 4·64² + 0·64 + 13 = 11,026,445
        assertThat(DictdReader.decode("BO", dir, 1)).isEqualTo(78);
        assertThat(DictdReader.decode("qEAN", dir, 1)).isEqualTo(42L * 262144 + 4 * 4096 + 13);
        Path idx = dir.resolve("bad.index");
        Files.writeString(idx, "word\tB\n");
        Path dict = dir.resolve("bad.dict");
        Files.writeString(dict, "x");
        assertThatThrownBy(() -> DictdReader.read(new LanguagePair("de", "en"), idx, dict))
                .hasMessageContaining("bad.index line 1").hasMessageContaining("word\tB");
    }

    @Test
    void numbersPastAnyOffsetAreRefusedNotWrappedAround() throws Exception {
        // "IAAAAAAAABk" = 8·64^10 + 1·64 + 36 = 2^63 + 100: as a long it wrapped to Long.MIN_VALUE + 100, so offset +
        // length passed the end check and the entry was cut at (int) 100 of a 6-byte dictionary
        // (StringIndexOutOfBoundsException, a crash instead of an error naming the line)
        Path idx = dir.resolve("big.index");
        Files.writeString(idx, "haus\tA\tIAAAAAAAABk\n");
        Path dict = dir.resolve("big.dict");
        Files.writeString(dict, "haus\nx");
        assertThatThrownBy(() -> DictdReader.read(new LanguagePair("de", "en"), idx, dict)).isInstanceOf(java.io.IOException.class)
                .hasMessage(idx + " line 1: 'IAAAAAAAABk' is larger than 2147483647, past the end of any dictionary");
    }

    private static String b64(long v) {
        String a = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        if (v == 0) {
            return "A";
        }
        StringBuilder b = new StringBuilder();
        while (v > 0) {
            b.insert(0, a.charAt((int) (v % 64)));
            v /= 64;
        }
        return b.toString();
    }
}
