package io.clirbench.core.qa.construct;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.qa.format.QaDatasetReader;
import io.clirbench.core.qa.model.QaInstance;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** A sample by source example keeps every instance of a chosen source (xquad-mix: 12 languages x 4 conditions = 48). */
class QaSampleTest {

    @Test
    void keepsWholeSourcesOfXquadMix() {
        List<QaInstance> all = QaDatasetReader.readAll(Path.of("..", "datasets", "xquad-mix"));
        List<QaInstance> sample = QaSample.bySource(all, 6, 11);
        Map<String, Long> perSource = sample.stream().collect(Collectors.groupingBy(QaInstance::sourceId, Collectors.counting()));
        assertThat(perSource).hasSize(6);
        assertThat(perSource.values()).allMatch(n -> n == 48);
        assertThat(QaSample.bySource(all, 6, 11)).isEqualTo(sample); // seeded
        assertThat(QaSample.bySource(all, 6, 23)).isNotEqualTo(sample);
        assertThat(QaSample.bySource(all, 1000, 1)).hasSize(all.size());
    }

    @Test
    void writesTheSampleAsADatasetOfItsOwn(@org.junit.jupiter.api.io.TempDir Path tmp) {
        Path source = Path.of("..", "datasets", "xquad-mix");
        Path dir = QaSample.writeBySource(source, 2, 7, tmp);
        QaDatasetReader written = QaDatasetReader.open(dir);
        String id = QaDatasetReader.open(source).info().id();
        assertThat(dir).isEqualTo(tmp.resolve(id + "-s2-seed7"));
        assertThat(written.info().id()).isEqualTo(id + "-s2-seed7");
        assertThat(written.count()).isEqualTo(2 * 48);
        assertThat(QaDatasetReader.readAll(dir)).extracting(QaInstance::id)
                .isEqualTo(QaSample.bySource(QaDatasetReader.readAll(source), 2, 7).stream().map(QaInstance::id).toList());
    }
}
