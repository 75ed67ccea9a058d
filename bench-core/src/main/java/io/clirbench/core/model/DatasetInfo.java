package io.clirbench.core.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The descriptor of a dataset ({@code dataset.json}).
 *
 * @param id              short machine id, e.g. {@code xquad-clir}
 * @param name            human name
 * @param version         dataset version
 * @param license         licence of the data (SPDX id where one exists)
 * @param source          where the data comes from (URL, paper, commit)
 * @param languages       the language tags present (canonical, {@link LanguageTag}), sorted
 * @param familyExpansion whether gold sets are expanded to whole families (METRICS.md section 2)
 * @param extra           fields beyond the known ones ({@code description}, {@code seed}, {@code citation}, ...):
 *                        name to the value's JSON text, in file order; kept, written back and shown, never interpreted
 */
public record DatasetInfo(String id, String name, String version, String license, String source,
                          List<String> languages, boolean familyExpansion, Map<String, String> extra) {

    public DatasetInfo {
        Objects.requireNonNull(id, "id");
        languages = languages == null ? List.of() : List.copyOf(languages);
        extra = extra == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(extra));
    }

    /** A descriptor with only the known fields. */
    public DatasetInfo(String id, String name, String version, String license, String source,
                       List<String> languages, boolean familyExpansion) {
        this(id, name, version, license, source, languages, familyExpansion, Map.of());
    }
}
