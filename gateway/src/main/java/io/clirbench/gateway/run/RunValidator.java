package io.clirbench.gateway.run;

import io.clirbench.gateway.client.Encoders;
import io.clirbench.gateway.rest.ApiException;
import io.clirbench.gateway.rest.ApiException.FieldError;
import io.clirbench.gateway.store.DatasetRecord;
import io.clirbench.gateway.store.DatasetStore;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Checks a run request whole; every problem becomes one field error of a 400 answer. */
@ApplicationScoped
public class RunValidator {

    static final Set<String> INDEX_KINDS = Set.of("exact", "hnsw", "qdrant");

    private final DatasetStore datasets;
    private final Encoders encoders;

    RunValidator(DatasetStore datasets, Encoders encoders) {
        this.datasets = datasets;
        this.encoders = encoders;
    }

    /** The dataset and parsed retrievers of a valid request; throws a 400 otherwise. */
    public record Valid(DatasetRecord dataset, List<RetrieverSpec> retrievers) {
    }

    public Valid validate(RunRequest r) {
        if (r == null) {
            throw ApiException.badRequest("a JSON body is required", List.of(new FieldError("body", null, "missing")));
        }
        List<FieldError> errors = new ArrayList<>();
        Optional<DatasetRecord> dataset = Optional.empty();
        if (r.dataset() == null || r.dataset().isBlank()) {
            errors.add(new FieldError("dataset", r.dataset(), "required"));
        } else {
            dataset = datasets.find(r.dataset());
            if (dataset.isEmpty()) {
                errors.add(new FieldError("dataset", r.dataset(), "unknown dataset (register it with POST /api/datasets)"));
            }
        }
        List<RetrieverSpec> specs = retrievers(r.retrievers(), errors);
        if (r.depth() != null && (r.depth() < 1 || r.depth() > 1000)) {
            errors.add(new FieldError("depth", String.valueOf(r.depth()), "must be in 1..1000"));
        }
        if (r.bootstrap() != null && r.bootstrap() < 0) {
            errors.add(new FieldError("bootstrap", String.valueOf(r.bootstrap()), "must be >= 0 (0 = off)"));
        }
        if (!errors.isEmpty()) {
            throw ApiException.badRequest("invalid run request: " + errors.stream()
                    .map(e -> e.field() + " '" + e.value() + "' " + e.message()).reduce((a, b) -> a + "; " + b).orElse(""),
                    errors);
        }
        return new Valid(dataset.orElseThrow(), specs);
    }

    private List<RetrieverSpec> retrievers(List<String> ids, List<FieldError> errors) {
        List<RetrieverSpec> specs = new ArrayList<>();
        if (ids == null || ids.isEmpty()) {
            errors.add(new FieldError("retrievers", null, "at least one retriever is required"));
            return specs;
        }
        Set<String> seen = new HashSet<>();
        Set<String> models = encoders.all().keySet();     // configured and discovered now (one discovery per request)
        for (int i = 0; i < ids.size(); i++) {
            String id = ids.get(i);
            String field = "retrievers[" + i + "]";
            RetrieverSpec spec = RetrieverSpec.parse(id);
            if (spec == null) {
                errors.add(new FieldError(field, id, "expected 'bm25' or '<model-id>/<index-kind>'"));
            } else if (!seen.add(id)) {
                errors.add(new FieldError(field, id, "duplicate retriever"));
            } else if (spec.dense() && !models.contains(spec.modelId())) {
                errors.add(new FieldError(field, id, "unknown model '" + spec.modelId() + "' (configured or discovered: "
                        + models.stream().sorted().toList() + ")"));
            } else if (spec.dense() && !INDEX_KINDS.contains(spec.indexKind())) {
                errors.add(new FieldError(field, id, "unknown index kind '" + spec.indexKind() + "' (exact, hnsw, qdrant)"));
            } else {
                specs.add(spec);
            }
        }
        return specs;
    }
}
