package io.clirbench.gateway.run;

import io.clirbench.core.stats.Stats;
import io.clirbench.core.io.InputLimits;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.core.search.RetrieverIdException;
import io.clirbench.gateway.error.InvalidField;
import io.clirbench.gateway.error.RequestRejectedException;
import io.clirbench.gateway.retriever.Retriever;
import io.clirbench.gateway.retriever.RetrieverRegistry;
import io.clirbench.gateway.dataset.DatasetRecord;
import io.clirbench.gateway.dataset.DatasetStore;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** Checks a run request whole; every problem becomes one {@link InvalidField} of one rejection. */
@ApplicationScoped
public class RunValidator {

    private final DatasetStore datasets;
    private final RetrieverRegistry retrievers;

    RunValidator(DatasetStore datasets, RetrieverRegistry retrievers) {
        this.datasets = datasets;
        this.retrievers = retrievers;
    }

    /** The dataset and parsed retrievers (canonical ids) of a valid request. */
    public record Valid(DatasetRecord dataset, List<RetrieverId> retrievers) {
    }

    /** The valid request; throws {@link RequestRejectedException} (INVALID) naming every bad field otherwise. */
    public Valid validate(RunRequest r) {
        if (r == null) {
            throw RequestRejectedException.invalid("a JSON body is required", List.of(new InvalidField("body", null, "missing")));
        }
        List<InvalidField> errors = new ArrayList<>();
        Optional<DatasetRecord> dataset = Optional.empty();
        if (r.dataset() == null || r.dataset().isBlank()) {
            errors.add(new InvalidField("dataset", r.dataset(), "required"));
        } else {
            dataset = datasets.find(r.dataset());
            if (dataset.isEmpty()) {
                errors.add(new InvalidField("dataset", r.dataset(), "unknown dataset (register it with POST /api/datasets)"));
            }
        }
        List<RetrieverId> ids = retrievers(r.retrievers(), errors);
        if (r.depth() != null && (r.depth() < 1 || r.depth() > 1000)) {
            errors.add(new InvalidField("depth", String.valueOf(r.depth()), "must be in 1..1000"));
        }
        if (r.bootstrap() != null && Stats.bootstrapProblem(r.bootstrap()) != null) {
            errors.add(new InvalidField("bootstrap", String.valueOf(r.bootstrap()), Stats.BOOTSTRAP_RULE));
        }
        if (!errors.isEmpty()) {
            throw RequestRejectedException.invalid("invalid run request: " + errors.stream()
                    .map(e -> e.field() + " '" + e.value() + "' " + e.message()).collect(Collectors.joining("; ")), errors);
        }
        return new Valid(dataset.orElseThrow(), ids);
    }

    private List<RetrieverId> retrievers(List<String> texts, List<InvalidField> errors) {
        List<RetrieverId> ids = new ArrayList<>();
        if (texts == null || texts.isEmpty()) {
            errors.add(new InvalidField("retrievers", null, "at least one retriever is required"));
            return ids;
        }
        if (texts.size() > InputLimits.MAX_SYSTEMS) {
            errors.add(new InvalidField("retrievers", null, texts.size() + " retrievers, more than the limit of "
                    + InputLimits.MAX_SYSTEMS + " per run"));
            return ids;
        }
        Set<RetrieverId> seen = new HashSet<>();
        for (int i = 0; i < texts.size(); i++) {
            String text = texts.get(i);
            String field = "retrievers[" + i + "]";
            if (text == null || text.length() > InputLimits.MAX_FIELD_CHARS) {
                errors.add(new InvalidField(field, text == null ? null : InputLimits.shorten(text),
                        text == null ? "required: a retriever id" : "longer than " + InputLimits.MAX_FIELD_CHARS + " characters"));
                continue;
            }
            RetrieverId id;
            try {
                id = retrievers.parse(text);
            } catch (RetrieverIdException e) {
                errors.add(new InvalidField(field, text, e.reason() + "; expected " + e.forms()));
                continue;
            }
            Optional<Retriever> retriever = retrievers.find(id);
            Optional<String> problem = retriever.isEmpty()
                    ? Optional.of("no retriever of kind '" + id.kind() + "' in this gateway (kinds: " + retrievers.kinds() + ")")
                    : retriever.get().problem(id);
            if (!seen.add(id)) {
                errors.add(new InvalidField(field, text, "duplicate retriever"));
            } else if (problem.isPresent()) {
                errors.add(new InvalidField(field, text, problem.get()));
            } else {
                ids.add(id);
            }
        }
        return ids;
    }
}
