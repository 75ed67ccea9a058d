package io.clirbench.core.agentic.configure;

import java.util.Arrays;
import java.util.List;

/**
 * The oracle settings of XBCP (METRICS.md §5 "Oracle settings"): the agent gets the query's evidence documents in its
 * prompt and no search tool. {@link #ORACLE}: the versions the configuration holds; {@link #EN_ORACLE}: the original
 * (source-language) versions; {@link #ORACLE_TQ_TP}: the configuration's versions with the prompt and the query
 * translated into the query's evidence language.
 */
public enum OracleVariant {
    ORACLE("oracle"),
    EN_ORACLE("en-oracle"),
    ORACLE_TQ_TP("oracle-tq-tp");

    /** The setting of a search run (not an oracle), as run metadata records it. */
    public static final String SEARCH = "search";

    private final String id;

    OracleVariant(String id) {
        this.id = id;
    }

    /** The name in files, options and run metadata ({@code oracle}, {@code en-oracle}, {@code oracle-tq-tp}). */
    public String id() {
        return id;
    }

    /** Every variant's name, in order. */
    public static List<String> ids() {
        return Arrays.stream(values()).map(OracleVariant::id).toList();
    }

    /** The variant called {@code id}; an error naming the known ones otherwise. */
    public static OracleVariant of(String id) {
        for (OracleVariant v : values()) {
            if (v.id.equals(id)) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown oracle variant '" + id + "'; use one of " + ids());
    }
}
