package io.clirbench.encoders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.align.AdapterMatrix;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LanguageAdaptersTest {

    @TempDir
    Path dir;

    @Test
    void appliesTheAdapterOfTheTextsLanguageOnly() throws Exception {
        // a 2-d swap for de, by hand: (3, 4) -> (4, 3); en (the pivot) and th (no adapter) unchanged
        new AdapterMatrix(2, new float[] {0, 1, 1, 0}).write(dir.resolve("adapter-de.f32"));
        Path card = dir.resolve("model.json");
        Files.writeString(card, "{\"id\":\"m\",\"adapters\":{\"de\":\"adapter-de.f32\"},\"adapterPivot\":\"en\"}");
        LanguageAdapters a = LanguageAdapters.read(card.toString(), 2);
        assertThat(a.pivot()).isEqualTo("en");
        assertThat(a.apply(new float[] {3, 4}, "de")).containsExactly(4, 3);
        assertThat(a.apply(new float[] {3, 4}, "en")).containsExactly(3, 4);
        assertThat(a.apply(new float[] {3, 4}, "th")).containsExactly(3, 4);
        assertThat(a.digests()).containsOnlyKeys("de");
    }

    @Test
    void aCardWithoutAdaptersHasNoneAndBadOnesNameTheField() throws Exception {
        Path plain = dir.resolve("plain.json");
        Files.writeString(plain, "{\"id\":\"m\"}");
        assertThat(LanguageAdapters.read(plain.toString(), 2).isEmpty()).isTrue();
        new AdapterMatrix(2, new float[] {1, 0, 0, 1}).write(dir.resolve("a.f32"));
        Path wrongDim = dir.resolve("w.json");
        Files.writeString(wrongDim, "{\"adapters\":{\"de\":\"a.f32\"},\"adapterPivot\":\"en\"}");
        assertThatThrownBy(() -> LanguageAdapters.read(wrongDim.toString(), 384))
                .hasMessageContaining("adapters.de").hasMessageContaining("dimension 384");
        Path noPivot = dir.resolve("n.json");
        Files.writeString(noPivot, "{\"adapters\":{\"de\":\"a.f32\"}}");
        assertThatThrownBy(() -> LanguageAdapters.read(noPivot.toString(), 2)).hasMessageContaining("adapterPivot");
    }
}
