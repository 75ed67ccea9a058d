package io.clirbench.index.store;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Properties;

/** {@code collection.properties}: the spec of a collection, written atomically next to its data. */
final class CollectionMeta {

    static final String FILE = "collection.properties";
    private static final String FORMAT = "1";

    private CollectionMeta() {
    }

    static void write(Path dir, CollectionSpec spec) {
        Properties p = new Properties();
        p.setProperty("format", FORMAT);
        p.setProperty("name", spec.name());
        p.setProperty("dimension", Integer.toString(spec.dimension()));
        p.setProperty("metric", spec.metric().name());
        p.setProperty("kind", spec.kind().name());
        p.setProperty("hnsw.m", Integer.toString(spec.hnswM()));
        p.setProperty("hnsw.ef-construction", Integer.toString(spec.hnswEfConstruction()));
        p.setProperty("fingerprint", spec.fingerprint());
        p.setProperty("representation", spec.representation().name());
        Path file = dir.resolve(FILE);
        Path tmp = dir.resolve(FILE + ".tmp");
        try {
            Files.createDirectories(dir);
            try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                p.store(w, "clirbench index-service collection");
            }
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new StoreFailureException(file + ": cannot write: " + e.getMessage(), e);
        }
    }

    static CollectionSpec read(Path dir) {
        Path file = dir.resolve(FILE);
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (IOException e) {
            throw new StoreFailureException(file + ": cannot read: " + e.getMessage(), e);
        }
        if (!FORMAT.equals(p.getProperty("format"))) {
            throw new StoreFailureException(file + ": unsupported format '" + p.getProperty("format") + "'");
        }
        try {
            return new CollectionSpec(p.getProperty("name"), Integer.parseInt(p.getProperty("dimension")),
                    Metric.valueOf(p.getProperty("metric")), StoreKind.valueOf(p.getProperty("kind")),
                    Integer.parseInt(p.getProperty("hnsw.m")), Integer.parseInt(p.getProperty("hnsw.ef-construction")),
                    p.getProperty("fingerprint", ""), Representation.valueOf(p.getProperty("representation", "DENSE")));
        } catch (RuntimeException e) {
            throw new StoreFailureException(file + ": bad collection description: " + e.getMessage(), e);
        }
    }
}
