package io.clirbench.core.dataset;

import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.model.Query;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DatasetWriterTest {

    @TempDir
    Path tmp;

    static Dataset sample(String id) {
        Map<String, Object> meta = new LinkedHashMap<>();
        meta.put("year", 2020);
        meta.put("tags", List.of("a", 1, 2.5));
        meta.put("src", Map.of("office", "EP"));
        List<Document> corpus = List.of(
                new Document("d1", "Title", "Hello \"world\"\nline two", "en", "f1", meta),
                new Document("d2", null, "Hallo Welt, größer", "de", "f1", null),
                new Document("d3", null, "你好", "zh", "f2", null));
        List<Query> queries = List.of(
                new Query("q1", "greeting", "en", null, Map.of("mode", "short")),
                new Query("q2", "问候", "zh", "f2", null));
        Map<String, Map<String, Integer>> judgments = new LinkedHashMap<>();
        judgments.put("q2", Map.of("d3", 1));
        judgments.put("q1", new LinkedHashMap<>(Map.of("d1", 2)));
        judgments.get("q1").put("d2", 0);
        DatasetInfo info = new DatasetInfo(id, "Sample", "1.0", "CC-BY-4.0", "hand-written", List.of("de", "en", "zh"), true);
        return new Dataset(info, corpus, queries, Qrels.of(judgments));
    }

    @Test
    void roundTrip() {
        Dataset dataset = sample("rt");
        DatasetWriter.write(dataset, tmp.resolve("out"), false);
        TestFiles.assertSameDataset(DatasetReader.read(tmp.resolve("out")), dataset);
    }

    @Test
    void writesTheLayoutWithAStableDescriptor() throws IOException {
        DatasetWriter.write(sample("rt"), tmp.resolve("out"), false);
        try (Stream<Path> files = Files.list(tmp.resolve("out"))) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("dataset.json", "corpus.jsonl.gz", "queries.jsonl.gz", "qrels.tsv.gz");
        }
        assertThat(Files.readString(tmp.resolve("out/dataset.json"))).isEqualTo("""
                {
                  "id" : "rt",
                  "name" : "Sample",
                  "version" : "1.0",
                  "license" : "CC-BY-4.0",
                  "source" : "hand-written",
                  "languages" : [
                    "de",
                    "en",
                    "zh"
                  ],
                  "familyExpansion" : true
                }
                """);
        Problems problems = new Problems();
        StringBuilder qrels = new StringBuilder();
        LineReader.forEachLine(tmp.resolve("out/qrels.tsv.gz"), problems, (n, line) -> qrels.append(line).append('\n'));
        assertThat(qrels).hasToString("query-id\tcorpus-id\tscore\nq2\td3\t1\nq1\td1\t2\nq1\td2\t0\n");
        StringBuilder corpus = new StringBuilder();
        LineReader.forEachLine(tmp.resolve("out/corpus.jsonl.gz"), problems, (n, line) -> corpus.append(line).append('\n'));
        assertThat(corpus.toString()).startsWith("{\"_id\":\"d1\",\"title\":\"Title\",\"text\":\"Hello \\\"world\\\"\\nline two\","
                + "\"lang\":\"en\",\"family\":\"f1\",\"year\":2020,\"tags\":[\"a\",1,2.5],\"src\":{\"office\":\"EP\"}}\n");
    }

    @Test
    void outputIsByteForByteDeterministic() throws IOException {
        DatasetWriter.write(sample("det"), tmp.resolve("a"), false);
        DatasetWriter.write(sample("det"), tmp.resolve("b"), false);
        for (String name : List.of("dataset.json", "corpus.jsonl.gz", "queries.jsonl.gz", "qrels.tsv.gz")) {
            assertThat(Files.readAllBytes(tmp.resolve("b").resolve(name)))
                    .as(name).isEqualTo(Files.readAllBytes(tmp.resolve("a").resolve(name)));
        }
        byte[] gz = Files.readAllBytes(tmp.resolve("a/corpus.jsonl.gz"));
        // RFC 1952: bytes 4-7 are MTIME, 0 = no timestamp
        assertThat(new byte[] {gz[4], gz[5], gz[6], gz[7]}).containsOnly(0);
    }

    @Test
    void refusesToReplaceANonEmptyDirectoryWithoutOverwrite() throws IOException {
        Path out = tmp.resolve("out");
        DatasetWriter.write(sample("old"), out, false);
        byte[] before = Files.readAllBytes(out.resolve("dataset.json"));
        assertThatThrownBy(() -> DatasetWriter.write(sample("new"), out, false))
                .isInstanceOf(UncheckedIOException.class)
                .hasCauseInstanceOf(FileAlreadyExistsException.class)
                .hasMessageContaining(out.toString());
        assertThat(Files.readAllBytes(out.resolve("dataset.json"))).isEqualTo(before);

        DatasetWriter.write(sample("new"), out, true);
        assertThat(DatasetReader.read(out).info().id()).isEqualTo("new");
        assertThat(siblings()).containsExactly("out");
    }

    @Test
    void writesIntoAnExistingEmptyDirectory() throws IOException {
        Files.createDirectories(tmp.resolve("empty"));
        DatasetWriter.write(sample("e"), tmp.resolve("empty"), false);
        assertThat(DatasetReader.read(tmp.resolve("empty")).info().id()).isEqualTo("e");
    }

    @Test
    void aFailedWriteKeepsTheOldDataAndLeavesNoTemporaryDirectory() throws IOException {
        Path out = tmp.resolve("out");
        DatasetWriter.write(sample("old"), out, false);
        assertThatThrownBy(() -> DirectoryReplacer.replace(out, true, dir -> {
            Files.writeString(dir.resolve("dataset.json"), "{}");
            throw new IOException("disk full");
        })).isInstanceOf(UncheckedIOException.class).hasMessageContaining("disk full");
        assertThat(DatasetReader.read(out).info().id()).isEqualTo("old");
        assertThat(siblings()).containsExactly("out");
    }

    @Test
    void rejectsMetadataNamedLikeAFixedField() {
        Dataset bad = new Dataset(new DatasetInfo("x", null, null, null, null, List.of("en"), false),
                List.of(new Document("d", null, "t", "en", "d", Map.of("lang", "de"))), List.of(), Qrels.of(Map.of()));
        assertThatThrownBy(() -> DatasetWriter.write(bad, tmp.resolve("bad"), false))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'lang'");
        assertThat(tmp.resolve("bad")).doesNotExist();
    }

    private List<String> siblings() throws IOException {
        try (Stream<Path> files = Files.list(tmp)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
