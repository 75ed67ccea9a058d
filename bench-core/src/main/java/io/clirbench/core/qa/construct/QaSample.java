package io.clirbench.core.qa.construct;

import io.clirbench.core.qa.format.QaDatasetReader;
import io.clirbench.core.qa.format.QaDatasetWriter;
import io.clirbench.core.qa.model.QaDatasetInfo;
import io.clirbench.core.qa.model.QaInstance;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * A seeded sample of a QA dataset by source example: every instance of the chosen {@code source_id}s (in
 * xquad-mix, a question in every language and condition), so the paired design and the bootstrap clusters stay whole.
 */
public final class QaSample {

    private QaSample() {
    }

    /** The instances of {@code sources} source ids drawn with {@code new Random(seed)} from the sorted distinct ids, in file order. */
    public static List<QaInstance> bySource(List<QaInstance> instances, int sources, long seed) {
        if (sources < 1) {
            throw new IllegalArgumentException("QA sample: the number of source examples must be at least 1, got " + sources);
        }
        List<String> ids = new ArrayList<>(new java.util.TreeSet<>(instances.stream().map(QaInstance::sourceId).toList()));
        Collections.shuffle(ids, new Random(seed));
        Set<String> chosen = new LinkedHashSet<>(ids.subList(0, Math.min(sources, ids.size())));
        return instances.stream().filter(i -> chosen.contains(i.sourceId())).toList();
    }

    /**
     * Writes {@link #bySource} of the dataset in {@code source} as a dataset of its own, id {@code ID-sN-seedS}
     * (name "... (sample)"), in {@code parent/ID-sN-seedS}; returns that directory.
     */
    public static Path writeBySource(Path source, int sources, long seed, Path parent) {
        QaDatasetInfo base = QaDatasetReader.open(source).info();
        List<QaInstance> picked = bySource(QaDatasetReader.readAll(source), sources, seed);
        QaDatasetInfo info = new QaDatasetInfo(base.id() + "-s" + sources + "-seed" + seed, base.name() + " (sample)", base.version(),
                base.license(), base.source(), base.languages());
        Path dir = parent.resolve(info.id());
        QaDatasetWriter.write(info, picked, dir);
        return dir;
    }
}
