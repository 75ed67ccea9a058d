package io.clirbench.core.format.trec;

import io.clirbench.core.run.RankedList;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.zip.GZIPOutputStream;

/**
 * Writes ranked lists as TREC run lines {@code qid Q0 docid rank score tag}, gzip-compressed
 * when the file name ends in ".gz". Ranks are 1..n in list order; scores use Double.toString
 * (locale-free, the shortest form that parses back to the same double).
 */
public final class TrecRunWriter implements Closeable {

    /** Where the lines go, for messages: the file, or {@code <memory>}. */
    private final Object file;
    private final String tag;
    private final Writer out;

    public TrecRunWriter(Path file, String tag) {
        this.file = Objects.requireNonNull(file, "file");
        this.tag = requireToken(tag, "tag");
        OutputStream raw = null;
        try {
            raw = Files.newOutputStream(file);
            OutputStream target = file.getFileName().toString().endsWith(".gz") ? new GZIPOutputStream(raw, 1 << 16) : raw;
            this.out = new BufferedWriter(new OutputStreamWriter(target, StandardCharsets.UTF_8), 1 << 16);
        } catch (IOException e) {
            closeQuietly(raw);
            throw new UncheckedIOException(file + ": " + e.getMessage(), e);
        }
    }

    /** Writes to {@code out}, which {@link #close()} closes; e.g. a StringWriter for lines kept in memory. */
    public TrecRunWriter(Writer out, String tag) {
        this.file = "<memory>";
        this.tag = requireToken(tag, "tag");
        this.out = Objects.requireNonNull(out, "out");
    }

    /** The lists as TREC run text (what a file written by this class holds), e.g. for an HTTP answer. */
    public static String toText(Iterable<RankedList> lists, String tag) {
        java.io.StringWriter text = new java.io.StringWriter();
        try (TrecRunWriter writer = new TrecRunWriter(text, tag)) {
            lists.forEach(writer::write);
        }
        return text.toString();
    }

    /** Appends one query's list. */
    public void write(RankedList list) {
        requireToken(list.queryId(), "query id");
        String[] ids = list.docIds();
        double[] scores = list.scores();
        try {
            for (int i = 0; i < ids.length; i++) {
                if (!Double.isFinite(scores[i])) {
                    throw new IllegalArgumentException("query '" + list.queryId() + "' document '" + ids[i]
                            + "': non-finite score " + scores[i]);
                }
                out.write(list.queryId());
                out.write(" Q0 ");
                out.write(requireToken(ids[i], "document id"));
                out.write(' ');
                out.write(Integer.toString(i + 1));
                out.write(' ');
                out.write(Double.toString(scores[i]));
                out.write(' ');
                out.write(tag);
                out.write('\n');
            }
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": " + e.getMessage(), e);
        }
    }

    /** A run column must be non-empty and free of whitespace, or the file could not be read back. */
    private static String requireToken(String value, String what) {
        if (value == null || value.isEmpty() || value.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("invalid " + what + " '" + value + "': must be non-empty without whitespace");
        }
        return value;
    }

    private static void closeQuietly(OutputStream stream) {
        if (stream == null) {
            return;
        }
        try {
            stream.close();
        } catch (IOException ignored) {
            // the constructor's failure is what the caller needs to see
        }
    }
}
