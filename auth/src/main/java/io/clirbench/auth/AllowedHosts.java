package io.clirbench.auth;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The names a request's {@code Host} header may carry ({@code clirbench.http.allowed-hosts}, any port): a web page
 * whose own name was rebound to 127.0.0.1 (DNS rebinding) sends its own name, and is turned away.
 */
public final class AllowedHosts {

    /** The loopback names: the default of {@code clirbench.http.allowed-hosts}. */
    public static final String LOOPBACK = "localhost,127.0.0.1,[::1]";

    private final Set<String> names;

    private AllowedHosts(Set<String> names) {
        this.names = Set.copyOf(names);
    }

    /** From the comma list of the configuration; blanks are ignored, case does not matter. */
    public static AllowedHosts parse(String commaList) {
        return new AllowedHosts(Arrays.stream(commaList == null ? new String[0] : commaList.split(","))
                .map(s -> s.strip().toLowerCase(Locale.ROOT)).filter(s -> !s.isEmpty()).collect(Collectors.toSet()));
    }

    /** The host name of a {@code Host} header without its port ({@code [::1]:8080} is {@code [::1]}); empty when malformed. */
    public static Optional<String> hostName(String hostHeader) {
        if (hostHeader == null || hostHeader.isBlank()) {
            return Optional.empty();
        }
        String h = hostHeader.strip().toLowerCase(Locale.ROOT);
        String name;
        String port;
        if (h.startsWith("[")) {
            int end = h.indexOf(']');
            if (end < 0) {
                return Optional.empty();
            }
            name = h.substring(0, end + 1);
            port = h.substring(end + 1);
        } else {
            int colon = h.indexOf(':');
            name = colon < 0 ? h : h.substring(0, colon);
            port = colon < 0 ? "" : h.substring(colon);
        }
        boolean wellFormed = name.matches("[a-z0-9._-]+") || name.matches("\\[[0-9a-f:.]+]");
        // a port is 0..65535 (":99999" made Vert.x log a parse error and carry on with port -1)
        if (!wellFormed || !(port.isEmpty() || (port.matches(":[0-9]{1,5}") && Integer.parseInt(port.substring(1)) <= 65535))) {
            return Optional.empty();
        }
        return Optional.of(name);
    }

    /** Whether the {@code Host} header names an allowed host (any port). */
    public boolean allows(String hostHeader) {
        return hostName(hostHeader).map(names::contains).orElse(false);
    }

    @Override
    public String toString() {
        return String.join(",", names.stream().sorted().toList());
    }
}
