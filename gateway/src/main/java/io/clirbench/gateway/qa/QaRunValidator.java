package io.clirbench.gateway.qa;

import io.clirbench.core.stats.Stats;
import io.clirbench.core.qa.eval.Protocol;
import io.clirbench.core.qa.select.QaSystemId;
import io.clirbench.core.qa.select.SelectorOptions;
import io.clirbench.gateway.error.InvalidField;
import io.clirbench.gateway.error.RequestRejectedException;
import io.clirbench.gateway.qa.reader.ReaderCatalog;
import io.clirbench.gateway.qa.reader.ReaderSettings;
import io.clirbench.gateway.qa.system.QaSystemRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Checks a QA run request whole; every problem becomes one {@link InvalidField} of one rejection. */
@ApplicationScoped
public class QaRunValidator {

    /** The longest {@code reader} and {@code readerModel} (names are short: {@code Qwen/Qwen2.5-7B-Instruct}). */
    static final int MAX_MODEL_CHARS = 256;

    private final QaDatasetStore datasets;
    private final QaSystemRegistry systems;
    private final ReaderCatalog readers;

    QaRunValidator(QaDatasetStore datasets, QaSystemRegistry systems, ReaderCatalog readers) {
        this.datasets = datasets;
        this.systems = systems;
        this.readers = readers;
    }

    /** A checked request; {@code reader} is the configured reader it names, with its {@code readerModel} when given. */
    public record Valid(QaDatasetRecord dataset, List<QaSystemId> systems, SelectorOptions options, Optional<ReaderSettings> reader) {
    }

    public Valid validate(QaRunRequest request) {
        if (request == null) {
            throw RequestRejectedException.invalid("a QA run needs a JSON body", List.of(new InvalidField("body", null, "missing")));
        }
        List<InvalidField> errors = new ArrayList<>();
        QaDatasetRecord dataset = null;
        if (request.dataset() == null || request.dataset().isBlank()) {
            errors.add(new InvalidField("dataset", request.dataset(), "required: a registered QA dataset id"));
        } else {
            dataset = datasets.find(request.dataset()).orElse(null);
            if (dataset == null) {
                errors.add(new InvalidField("dataset", request.dataset(), "no QA dataset of this id is registered (POST /api/qa-datasets)"));
            }
        }
        List<QaSystemId> ids = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        List<String> given = request.systems() == null ? List.of() : request.systems();
        if (given.size() > io.clirbench.core.io.InputLimits.MAX_SYSTEMS) {
            errors.add(new InvalidField("systems", null, given.size() + " systems, more than the limit of "
                    + io.clirbench.core.io.InputLimits.MAX_SYSTEMS + " per run"));
            given = List.of();
        } else if (given.isEmpty()) {
            errors.add(new InvalidField("systems", null, "at least one system: " + systems.forms()));
        }
        for (int i = 0; i < given.size(); i++) {
            String field = "systems[" + i + "]";
            try {
                QaSystemId id = systems.parse(given.get(i));
                Optional<String> problem = systems.find(id).map(s -> s.problem(id)).orElse(Optional.of("no system of kind " + id.kind()));
                if (problem.isPresent()) {
                    errors.add(new InvalidField(field, given.get(i), problem.get()));
                } else if (!seen.add(id.id())) {
                    errors.add(new InvalidField(field, given.get(i), "named twice"));
                } else {
                    ids.add(id);
                }
            } catch (IllegalArgumentException e) {
                errors.add(new InvalidField(field, given.get(i), e.getMessage()));
            }
        }
        try {
            Protocol.parse(request.protocolOrDefault());
        } catch (RuntimeException e) {
            errors.add(new InvalidField("protocol", request.protocol(), e.getMessage()));
        }
        if (Stats.bootstrapProblem(request.bootstrapOrDefault()) != null) {
            errors.add(new InvalidField("bootstrap", String.valueOf(request.bootstrap()), Stats.BOOTSTRAP_RULE));
        }
        SelectorOptions options = null;
        try {
            options = new SelectorOptions(request.paragraphs() == null ? SelectorOptions.DEFAULTS.paragraphs() : request.paragraphs(),
                    request.sentences() == null ? SelectorOptions.DEFAULTS.sentences() : request.sentences(),
                    request.threshold() == null ? SelectorOptions.DEFAULTS.threshold() : request.threshold());
        } catch (IllegalArgumentException e) {
            errors.add(new InvalidField("paragraphs/sentences/threshold", null, e.getMessage()));
        }
        if (!Set.of("selected", "gold").contains(request.evidenceOrDefault())) {
            errors.add(new InvalidField("evidence", request.evidence(), "selected or gold"));
        }
        Optional<ReaderSettings> reader = reader(request, errors);
        if (!errors.isEmpty()) {
            throw RequestRejectedException.invalid("invalid QA run: " + errors.stream().map(e -> e.field() + " '" + e.value() + "': "
                    + e.message()).reduce((a, b) -> a + "; " + b).orElse(""), errors);
        }
        return new Valid(dataset, ids, options, reader);
    }

    /**
     * The reader a run names: one of the {@link ReaderCatalog} (configuration), never a URL of the request, so a
     * runner token cannot make the gateway post to an address of its choosing.
     */
    private Optional<ReaderSettings> reader(QaRunRequest request, List<InvalidField> errors) {
        String name = request.reader();
        if (name == null || name.isBlank()) {
            if (request.readerModel() != null) {
                errors.add(new InvalidField("readerModel", request.readerModel(), "only with a reader"));
            }
            return Optional.empty();
        }
        if (name.length() > MAX_MODEL_CHARS) {
            errors.add(new InvalidField("reader", null, name.length() + " characters: a reader's name is at most " + MAX_MODEL_CHARS));
            return Optional.empty();
        }
        Optional<ReaderSettings> reader = readers.find(name);
        if (reader.isEmpty()) {
            String known = readers.names().isEmpty() ? "this gateway has none (qa.readers.NAME.base-url, qa.reader.base-url)"
                    : "one of " + String.join(", ", readers.names());
            errors.add(new InvalidField("reader", name, (name.contains(":") || name.contains("/")
                    ? "a reader is named, not given by URL: " : "no reader of this name is configured: ") + known));
            return Optional.empty();
        }
        String model = request.readerModel();
        if (model == null) {
            return reader;
        }
        if (model.isBlank() || model.length() > MAX_MODEL_CHARS || model.chars().anyMatch(Character::isISOControl)) {
            errors.add(new InvalidField("readerModel", model.length() > MAX_MODEL_CHARS ? null : model,
                    "a model name of 1.." + MAX_MODEL_CHARS + " characters without control characters"));
            return Optional.empty();
        }
        return reader.map(r -> r.withModel(model));
    }
}
