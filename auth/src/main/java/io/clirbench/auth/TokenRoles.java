package io.clirbench.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which roles a presented bearer token grants: the runner token {@code reader} and {@code runner}, the reader token
 * {@code reader}, the service token {@code service}. Fails closed: an empty configured token matches nothing, so a
 * service whose tokens are unset refuses every call. Every configured token is compared in constant time, and all
 * of them on every call, so the answer's timing says nothing about which token came close.
 */
public final class TokenRoles {

    public static final String READER = "reader";
    public static final String RUNNER = "runner";
    public static final String SERVICE = "service";

    private record Grant(String name, byte[] token, Set<String> roles) {
    }

    /** Who a token belongs to ({@code runner}, {@code reader}, {@code service}) and the roles it grants. */
    public record Holder(String name, Set<String> roles) {
    }

    private final List<Grant> grants;

    private TokenRoles(List<Grant> grants) {
        this.grants = List.copyOf(grants);
    }

    /** The three tokens of the security contract; blank ones grant nothing. */
    public static TokenRoles of(String runnerToken, String readerToken, String serviceToken) {
        List<Grant> grants = new ArrayList<>();
        add(grants, RUNNER, runnerToken, Set.of(READER, RUNNER));
        add(grants, READER, readerToken, Set.of(READER));
        add(grants, SERVICE, serviceToken, Set.of(SERVICE));
        return new TokenRoles(grants);
    }

    private static void add(List<Grant> grants, String name, String token, Set<String> roles) {
        if (token != null && !token.isBlank()) {
            grants.add(new Grant(name, token.strip().getBytes(StandardCharsets.UTF_8), roles));
        }
    }

    /** The holder of {@code presented}, or empty when it is no configured token (or blank). */
    public Optional<Holder> holderOf(String presented) {
        if (presented == null || presented.isBlank()) {
            return Optional.empty();
        }
        byte[] given = presented.strip().getBytes(StandardCharsets.UTF_8);
        String name = null;
        Set<String> roles = new TreeSet<>();
        for (Grant grant : grants) {
            if (MessageDigest.isEqual(grant.token(), given)) {
                name = name == null ? grant.name() : name;
                roles.addAll(grant.roles());
            }
        }
        return name == null ? Optional.empty() : Optional.of(new Holder(name, Set.copyOf(roles)));
    }

    /** The roles of a holder by its name ({@code runner}: reader and runner; {@code reader}; {@code service}); empty for another. */
    public static Set<String> rolesOf(String holder) {
        return switch (holder == null ? "" : holder) {
            case RUNNER -> Set.of(READER, RUNNER);
            case READER -> Set.of(READER);
            case SERVICE -> Set.of(SERVICE);
            default -> Set.of();
        };
    }

    /** Whether no token is configured at all (then every call is refused). */
    public boolean isEmpty() {
        return grants.isEmpty();
    }
}
