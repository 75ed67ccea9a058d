package io.clirbench.core.llm;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/** The model that played a role, and its revision ({@code models.json} {@code revision}; empty when not given). */
public record ModelRef(String model, String revision) {

    public ModelRef {
        if (model == null || revision == null) {
            throw new IllegalArgumentException("a model reference needs a model and a revision (empty when none)");
        }
    }

    /** Puts {@code model} and, when there is one, {@code revisionField} into a JSON record. */
    public ObjectNode putInto(ObjectNode o, String revisionField) {
        o.put("model", model);
        if (!revision.isEmpty()) {
            o.put(revisionField, revision);
        }
        return o;
    }

    /** The same into a map of fields. */
    public void putInto(Map<String, Object> fields, String revisionField) {
        fields.put("model", model);
        if (!revision.isEmpty()) {
            fields.put(revisionField, revision);
        }
    }
}
