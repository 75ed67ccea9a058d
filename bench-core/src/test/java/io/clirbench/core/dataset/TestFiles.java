package io.clirbench.core.dataset;

import io.clirbench.core.model.Dataset;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/** Writes test inputs, and compares datasets (the model classes have no deep equals). */
public final class TestFiles {

    private TestFiles() {
    }

    public static Path write(Path file, String text) {
        return writeBytes(file, text.getBytes(StandardCharsets.UTF_8));
    }

    public static Path writeBytes(Path file, byte[] bytes) {
        try {
            Files.createDirectories(file.getParent());
            return Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Path writeGzip(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
                out.write(text.getBytes(StandardCharsets.UTF_8));
            }
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Lines joined with '\n', with a final '\n'. */
    public static String lines(String... lines) {
        return String.join("\n", lines) + "\n";
    }

    public static void assertSameDataset(Dataset actual, Dataset expected) {
        assertThat(actual.info()).isEqualTo(expected.info());
        assertThat(actual.corpus()).containsExactlyElementsOf(expected.corpus());
        assertThat(actual.queries()).containsExactlyElementsOf(expected.queries());
        assertThat(actual.qrels().asMap()).isEqualTo(expected.qrels().asMap());
        assertThat(actual.qrels().queryIds()).containsExactlyElementsOf(expected.qrels().queryIds());
    }
}
