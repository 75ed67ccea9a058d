package io.clirbench.core.search;

import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.io.InputLimits;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * An immutable list of {@link RetrieverSyntax}es, tried in order; the first that recognises a text
 * parses it. {@link #builtIn()} holds every kind the platform ships.
 */
public final class RetrieverGrammar {

    /** The deepest nesting of parentheses in an id; the shipped ids need 4 ({@code rerank(fuse(rrf, dt(bm25(plain), en), ...))}). */
    public static final int MAX_NESTING = 16;

    private static final RetrieverGrammar BUILT_IN = new RetrieverGrammar(ShippedKind.syntaxes());

    private static final RetrieverSyntax OPAQUE = OpaqueId.syntax();

    private final List<RetrieverSyntax> syntaxes;

    private RetrieverGrammar(List<RetrieverSyntax> syntaxes) {
        this.syntaxes = List.copyOf(syntaxes);
    }

    /** The shipped kinds: {@code bm25}, {@code MODEL+align/INDEX}, {@code MODEL/INDEX}, {@code fuse(...)}, {@code rerank(...)}, {@code translate(...)}. */
    public static RetrieverGrammar builtIn() {
        return BUILT_IN;
    }

    /** This grammar plus {@code syntax}, tried before the others (a new kind may refine an old form). */
    public RetrieverGrammar with(RetrieverSyntax syntax) {
        List<RetrieverSyntax> all = new ArrayList<>();
        all.add(syntax);
        all.addAll(syntaxes);
        return new RetrieverGrammar(all);
    }

    /**
     * This grammar with a last resort: a text none of its forms recognises is an {@link OpaqueId} instead of an error
     * (a text of a known form with a wrong part still throws). For processes that read ids a gateway accepted with a
     * grammar they may not have all of (the CLI, the eval-service's reports): a kind registered there reads as opaque
     * here, alone or inside a composed id ({@code rerank(random(7), MODEL, 20)}). Idempotent.
     */
    public RetrieverGrammar orOpaque() {
        if (!syntaxes.isEmpty() && syntaxes.getLast() == OPAQUE) {
            return this;
        }
        List<RetrieverSyntax> all = new ArrayList<>(syntaxes);
        all.add(OPAQUE);
        return new RetrieverGrammar(all);
    }

    /**
     * Parses {@code text}; throws {@link RetrieverIdException} naming the value and the accepted forms. White space
     * around the id is ignored and the shipped kinds' names ({@code bm25}, {@code fuse}, {@code rerank},
     * {@code translate}, {@code +align}, the index kinds and fusion methods) are read in any case, so
     * {@code " BM25 "} is {@code bm25}; model ids and language codes are kept as written (a model id is the
     * embedder's own, which may differ from another only by case). The canonical {@link RetrieverId#id()} is what
     * runs, reports and file names use.
     */
    public RetrieverId parse(String text) {
        if (text == null || text.isBlank()) {
            throw new RetrieverIdException(text, "a retriever id is required", forms());
        }
        String stripped = text.strip();
        checkBounds(text, stripped);
        for (RetrieverSyntax syntax : syntaxes) {
            Optional<RetrieverId> id = syntax.parse(stripped, this);
            if (id.isPresent()) {
                return id.get();
            }
        }
        throw new RetrieverIdException(text, "not a retriever id", forms());
    }

    /**
     * Refuses, before any parsing, an id longer than {@link InputLimits#MAX_FIELD_CHARS}, nested deeper than
     * {@link #MAX_NESTING} or holding a control character once stripped (issue 45): a composed id is parsed by recursion, so
     * {@code dt(dt(dt(...)))} a thousand deep was a StackOverflowError; and an id names TREC runs (a tab or a line break
     * would split a field) and files.
     */
    private void checkBounds(String given, String text) {
        if (given.length() > InputLimits.MAX_FIELD_CHARS) {
            throw new RetrieverIdException(InputLimits.shorten(given), "longer than " + InputLimits.MAX_FIELD_CHARS + " characters ("
                    + given.length() + ")", forms());
        }
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c)) {
                throw new RetrieverIdException(JsonValues.escapeControls(text), String.format(Locale.ROOT,
                        "the control character U+%04X at offset %d (an id names TREC runs and files)", (int) c, i), forms());
            }
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            if (depth > MAX_NESTING) {
                throw new RetrieverIdException(InputLimits.shorten(text), "nested more than " + MAX_NESTING + " deep", forms());
            }
        }
    }

    /** The accepted forms, for messages: {@code bm25 | MODEL/INDEX (INDEX: exact, hnsw, qdrant)}. */
    public String forms() {
        return syntaxes.stream().map(RetrieverSyntax::form).collect(Collectors.joining(" | "));
    }
}
