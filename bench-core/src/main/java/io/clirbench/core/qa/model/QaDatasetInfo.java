package io.clirbench.core.qa.model;

import java.util.List;

/**
 * The descriptor of a QA dataset ({@code dataset.json} with {@code "kind": "qa"}).
 *
 * @param id        short machine id, e.g. {@code xquad-mix}
 * @param name      human name
 * @param version   dataset version
 * @param license   licence (SPDX id where one exists)
 * @param source    where the data comes from
 * @param languages the language tags present (questions and candidates; canonical), sorted
 */
public record QaDatasetInfo(String id, String name, String version, String license, String source, List<String> languages) {

    /** The value of {@code kind} that marks a QA dataset. */
    public static final String KIND = "qa";

    public QaDatasetInfo {
        languages = List.copyOf(languages);
    }
}
