package io.clirbench.gateway.security;

/**
 * Where the sign-in page goes on to ({@code ?next=}): a path of this site, else {@code /}. A browser resolves
 * {@code //host} and {@code /\host} to another host, drops tabs and newlines anywhere in a URL
 * ({@code /<TAB>/evil.example} becomes {@code //evil.example}) and reads a backslash as a slash, so the value must
 * start with one {@code /} not followed by {@code /} or {@code \}, and hold no control character (U+0000–U+001F,
 * U+007F) and no backslash. Starting with {@code /} it has no scheme ({@code https:}) and no authority.
 */
final class SignInTarget {

    static final String HOME = "/";

    private SignInTarget() {
    }

    /** {@code next} when it is a path of this site, else {@link #HOME}. */
    static String localPath(String next) {
        if (next == null || next.length() < 1 || next.charAt(0) != '/') {
            return HOME;
        }
        if (next.length() > 1 && (next.charAt(1) == '/' || next.charAt(1) == '\\')) {
            return HOME;
        }
        for (int i = 0; i < next.length(); i++) {
            char c = next.charAt(i);
            if (c < 0x20 || c == 0x7F || c == '\\') {
                return HOME;
            }
        }
        return next;
    }
}
