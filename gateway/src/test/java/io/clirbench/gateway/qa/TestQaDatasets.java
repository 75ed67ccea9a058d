package io.clirbench.gateway.qa;

import io.clirbench.core.qa.construct.QaSample;
import io.clirbench.core.qa.format.QaDatasetReader;
import io.clirbench.core.qa.format.QaDatasetWriter;
import io.clirbench.core.qa.model.QaDatasetInfo;
import io.clirbench.core.qa.model.QaInstance;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Small QA datasets for tests: every instance of a few xquad-mix source questions (seeded), under a new id. */
public final class TestQaDatasets {

    private static final Path XQUAD_MIX = Path.of("../datasets/xquad-mix");

    private TestQaDatasets() {
    }

    /** The instances of {@code sources} source questions of xquad-mix (seed 1). */
    public static List<QaInstance> sample(int sources) {
        return QaSample.bySource(QaDatasetReader.readAll(XQUAD_MIX), sources, 1);
    }

    /** {@code instances} under id {@code id}, written to a new temporary directory under target/. */
    public static Path write(String id, List<QaInstance> instances) throws Exception {
        QaDatasetInfo base = QaDatasetReader.open(XQUAD_MIX).info();
        QaDatasetInfo info = new QaDatasetInfo(id, base.name() + " (test sample)", base.version(), base.license(), base.source(),
                base.languages());
        Path dir = Files.createTempDirectory(Path.of("target"), id + "-").toAbsolutePath().resolve("dataset");
        QaDatasetWriter.write(info, instances, dir);
        return dir;
    }
}
