package io.clirbench.core.report.export;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/** A format a retrieval report is exported to, by the name {@code --format} takes. */
public enum ExportFormat {
    MTEB("mteb"),
    RANX("ranx"),
    TREC_EVAL("trec-eval"),
    LATEX("latex");

    private final String label;

    ExportFormat(String label) {
        this.label = label;
    }

    /** The name on the command line: {@code mteb}, {@code ranx}, {@code trec-eval}, {@code latex}. */
    public String label() {
        return label;
    }

    /** Every format's name, as a refusal lists them: {@code mteb, ranx, trec-eval, latex}. */
    public static String valid() {
        return Arrays.stream(values()).map(ExportFormat::label).collect(Collectors.joining(", "));
    }

    /**
     * The formats named by {@code values} (each one name or a comma list, as {@code --format} is given); none given is
     * every format. An unknown name is an {@link IllegalArgumentException} naming it and the valid ones.
     */
    public static Set<ExportFormat> parse(List<String> values) {
        if (values == null || values.isEmpty()) {
            return EnumSet.allOf(ExportFormat.class);
        }
        Set<ExportFormat> formats = EnumSet.noneOf(ExportFormat.class);
        for (String value : values) {
            for (String name : value.split(",", -1)) {
                formats.add(byLabel(name.trim()));
            }
        }
        return formats;
    }

    private static ExportFormat byLabel(String name) {
        for (ExportFormat format : values()) {
            if (format.label.equals(name.toLowerCase(Locale.ROOT))) {
                return format;
            }
        }
        throw new IllegalArgumentException("unknown export format '" + name + "'; valid formats: " + valid());
    }
}
