package io.clirbench.core.qa.build;

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
}
