package io.clirbench.gateway.page;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * The one way the gateway's pages show a time: UTC to the second, {@code 2026-12-01 23:59:46Z} (the run JSON keeps
 * the full ISO-8601 instant; nanoseconds only made the pages' columns wrap).
 */
public final class PageTime {

    private static final DateTimeFormatter FORMAT = DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss'Z'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private PageTime() {
    }

    /** An instant as a page shows it. */
    public static String of(Instant instant) {
        return FORMAT.format(instant);
    }

    /** An ISO-8601 instant ({@code Instant.toString()}) as a page shows it; null as empty, any other text as it is. */
    public static String of(String isoInstant) {
        if (isoInstant == null) {
            return "";
        }
        try {
            return of(Instant.parse(isoInstant));
        } catch (DateTimeParseException e) {
            return isoInstant;
        }
    }
}
