package io.clirbench.core.dataset;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.metrics.StandardMeasures;
import io.clirbench.core.model.DatasetInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * The measures a collection reports officially, from {@code dataset.json}'s optional {@code "officialMeasures"}: a JSON
 * array of section-1 measure names (e.g. NeuCLIR's {@code ["nDCG@20"]}). Every report on the dataset shows them beside
 * the default measures ({@code io.clirbench.core.eval.ReportMeasures#forDataset}); the field is checked when the
 * descriptor is read, so a misspelt name is refused there, naming the field, and never mid-run.
 */
public final class OfficialMeasures {

    /** The descriptor field. */
    public static final String FIELD = "officialMeasures";

    private OfficialMeasures() {
    }

    /** The dataset's official measures, in the order given; empty when it names none. */
    public static List<String> of(DatasetInfo info) {
        String json = info.extra().get(FIELD);
        return json == null ? List.of() : names(JsonValues.parseKnown(json));
    }

    /** Why the field's value cannot be used, or null: it must be an array of known measure names. */
    static String problem(JsonNode value) {
        if (!value.isArray() || value.isEmpty()) {
            return "'" + FIELD + "' must be a non-empty array of measure names such as [\"nDCG@20\"], found "
                    + JsonValues.quote(value.toString());
        }
        for (JsonNode name : value) {
            if (!name.isTextual()) {
                return "'" + FIELD + "' must hold measure names (strings), found " + JsonValues.quote(name.toString());
            }
        }
        try {
            new StandardMeasures(names(value));
            return null;
        } catch (IllegalArgumentException e) {
            return "'" + FIELD + "': " + e.getMessage();
        }
    }

    private static List<String> names(JsonNode array) {
        List<String> names = new ArrayList<>();
        array.forEach(n -> names.add(n.asText()));
        return names;
    }
}
