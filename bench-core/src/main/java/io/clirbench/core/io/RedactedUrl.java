package io.clirbench.core.io;

import java.net.URI;

/**
 * A URL as it may be printed, logged or written to a file: without the user information ({@code user:password@}) that
 * a user may have put in an endpoint's URL (issue 45: {@code bench build} echoed it on stdout and into
 * {@code build-runs.jsonl}). Everything else is kept, so the message still names the server.
 */
public final class RedactedUrl {

    private RedactedUrl() {
    }

    /**
     * {@code url} with the user information of its authority removed ({@code http://u:p@host:8000/v1} gives
     * {@code http://host:8000/v1}); a text that is not a URL with an authority is returned as it is. Works on the text,
     * so a URL that does not parse (the error that quotes it) is cleaned too.
     */
    public static String of(String url) {
        if (url == null) {
            return null;
        }
        int scheme = url.indexOf("://");
        if (scheme < 0) {
            return url;
        }
        int start = scheme + 3;
        int end = start;
        while (end < url.length() && "/?#".indexOf(url.charAt(end)) < 0) {
            end++;
        }
        int at = url.lastIndexOf('@', end - 1);
        return at < start ? url : url.substring(0, start) + url.substring(at + 1);
    }

    /** As {@link #of(String)}, for a URI. */
    public static String of(URI uri) {
        return uri == null ? null : of(uri.toString());
    }
}
