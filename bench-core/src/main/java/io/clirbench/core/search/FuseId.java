package io.clirbench.core.search;

import io.clirbench.core.fusion.Fusion;
import io.clirbench.core.fusion.FusionMethod;
import io.clirbench.core.fusion.ScoreNormalization;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Fusion of other retrievers of the run: {@code fuse(rrf[, k=K], A, B, ...)} or
 * {@code fuse(combsum|combmnz[, minmax|zscore], A, B, ...)} (METRICS.md §6). CombSUM and CombMNZ
 * normalise by min-max unless told otherwise (ranx's default); RRF's k is 60 unless given.
 *
 * @param method        the fusion
 * @param normalization the normalisation of CombSUM / CombMNZ; {@code null} for RRF
 * @param k             RRF's constant ({@link Fusion#DEFAULT_K} for the others, unused)
 * @param inputs        two or more retrievers, in the order given
 */
public record FuseId(FusionMethod method, ScoreNormalization normalization, int k, List<RetrieverId> inputs)
        implements ShippedId {

    /** The kind name: several retrievers' lists fused into one. */
    public static final String KIND = "fuse";

    public FuseId {
        Objects.requireNonNull(method, "method");
        inputs = List.copyOf(inputs);
        if (inputs.size() < 2) {
            throw new IllegalArgumentException("fusion needs two or more retrievers, got " + inputs.size());
        }
        if (method.usesScores() && normalization == null) {
            normalization = ScoreNormalization.MINMAX;
        }
        if (!method.usesScores()) {
            normalization = null;
        }
    }

    /** The fusion math for lists cut at {@code depth}. */
    public Fusion fusion(int depth) {
        return new Fusion(method, normalization, k, depth);
    }

    @Override
    public String id() {
        StringBuilder b = new StringBuilder(KIND).append('(').append(method.id());
        if (method.usesScores()) {
            b.append(",").append(normalization.id());
        } else if (k != Fusion.DEFAULT_K) {
            b.append(",k=").append(k);
        }
        for (RetrieverId in : inputs) {
            b.append(",").append(in.id());
        }
        return b.append(')').toString();
    }

    /** The canonical text, as {@link #id()}. */
    @Override
    public String toString() {
        return id();
    }

    static RetrieverSyntax syntax() {
        String form = "fuse(" + String.join("|", FusionMethod.names().split(", ")) + "[, k=K|"
                + String.join("|", ScoreNormalization.names().split(", ")) + "], A, B, ...)";
        return RetrieverSyntax.of(form, (text, grammar) -> ComposedArgs.of(text, KIND, grammar).map(found -> parse(text, found, grammar)));
    }

    private static FuseId parse(String text, List<String> found, RetrieverGrammar grammar) {
        List<String> args = new ArrayList<>(found);
        FusionMethod method = FusionMethod.of(args.removeFirst()).orElseThrow(() -> new RetrieverIdException(text,
                "unknown fusion '" + found.getFirst() + "' (" + FusionMethod.names() + ")", grammar.forms()));
        ScoreNormalization norm = null;
        int k = Fusion.DEFAULT_K;
        if (!args.isEmpty() && args.getFirst().toLowerCase(java.util.Locale.ROOT).startsWith("k=")) {
            if (method.usesScores()) {
                throw new RetrieverIdException(text, "k= is an option of rrf only", grammar.forms());
            }
            k = ComposedArgs.positive(text, args.removeFirst().substring(2).trim(), "RRF k", grammar);
        } else if (!args.isEmpty() && ScoreNormalization.of(args.getFirst()).isPresent()) {
            if (!method.usesScores()) {
                throw new RetrieverIdException(text, "rrf takes no normalisation ('" + args.getFirst() + "')", grammar.forms());
            }
            norm = ScoreNormalization.of(args.removeFirst()).orElseThrow();
        }
        if (args.size() < 2) {
            throw new RetrieverIdException(text, "fusion needs two or more retrievers, got " + args.size(), grammar.forms());
        }
        List<RetrieverId> inputs = args.stream().map(grammar::parse).collect(Collectors.toList());
        return new FuseId(method, norm, k, inputs);
    }
}
