package io.clirbench.core.model;

import java.util.List;
import java.util.Objects;

/**
 * The descriptor of a dataset ({@code dataset.json}).
 *
 * @param id              short machine id, e.g. {@code xquad-clir}
 * @param name            human name
 * @param version         dataset version
 * @param license         licence of the data (SPDX id where one exists)
 * @param source          where the data comes from (URL, paper, commit)
 * @param languages       the ISO 639-1 codes present, sorted
 * @param familyExpansion whether gold sets are expanded to whole families (METRICS.md section 2)
 */
public record DatasetInfo(String id, String name, String version, String license, String source,
                          List<String> languages, boolean familyExpansion) {

    public DatasetInfo {
        Objects.requireNonNull(id, "id");
        languages = languages == null ? List.of() : List.copyOf(languages);
    }
}
