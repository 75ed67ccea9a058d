package io.clirbench.core.agentic.configure;

import io.clirbench.core.model.Document;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The oracle prompt: BrowseComp-Plus's oracle template ({@code search_agent/prompts.py}, {@code QUERY_TEMPLATE_ORACLE}:
 * the question, then the evidence documents, then the answer format), in our words, as resources beside this class:
 * {@code oracle-instructions.txt} (the instructions, the question and the documents, {@code [[QUESTION]]} and
 * {@code [[DOCUMENTS]]} standing for them; translated for ORACLE-TQ+TP) and {@code oracle-format.txt} (the answer
 * format). Where BrowseComp-Plus asks for the Exact Answer only, ours asks for its search prompt's three lines
 * (Explanation with {@code [docid]} citations, Exact Answer, Confidence), so that citations and calibration are
 * scored as in a search run; the format stays English in every variant because the scorer reads its labels.
 * Each document is {@code [docid] text}, one blank line between documents.
 */
public final class OraclePrompt {

    /** Stands for the question in the instructions. */
    public static final String QUESTION = "[[QUESTION]]";
    /** Stands for the documents in the instructions. */
    public static final String DOCUMENTS = "[[DOCUMENTS]]";
    /** The instructions in English (the source of ORACLE and EN-Oracle, and what ORACLE-TQ+TP translates). */
    public static final String INSTRUCTIONS = resource("oracle-instructions.txt");
    /** The answer format, never translated. */
    public static final String FORMAT = resource("oracle-format.txt");

    private OraclePrompt() {
    }

    /**
     * The user message: {@code instructions} (null: {@link #INSTRUCTIONS}) with the question and the documents put in,
     * then a blank line and {@link #FORMAT}.
     */
    public static String render(String instructions, String question, List<Document> documents) {
        String template = instructions == null ? INSTRUCTIONS : instructions;
        StringBuilder docs = new StringBuilder();
        for (Document d : documents) {
            docs.append(docs.isEmpty() ? "" : "\n\n").append('[').append(d.id()).append("] ").append(d.text().strip());
        }
        // the documents go in last, so that a marker written inside a question or a document is never replaced
        String filled = template.strip().replace(QUESTION, question.strip());
        return filled.replace(DOCUMENTS, docs.toString()) + "\n\n" + FORMAT.strip();
    }

    /** Why translated instructions cannot be used (a marker lost or doubled), or {@code null} when they can. */
    public static String problem(String instructions) {
        for (String marker : List.of(QUESTION, DOCUMENTS)) {
            int first = instructions.indexOf(marker);
            if (first < 0) {
                return "the translated prompt lost the marker " + marker;
            }
            if (instructions.indexOf(marker, first + 1) >= 0) {
                return "the translated prompt has the marker " + marker + " twice";
            }
        }
        return null;
    }

    private static String resource(String name) {
        try (InputStream in = OraclePrompt.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name + " beside " + OraclePrompt.class.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
