package io.clirbench.gateway;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 written by hand over a socket: requests no client library sends (no {@code Host}, a malformed one, a body
 * without {@code Content-Type}). The request ends with {@code Connection: close}; the answer is read to the end.
 */
public final class RawHttp {

    /** An answer: status, headers (names in lower case, the first of each), body. */
    public record Answer(int status, Map<String, String> headers, String body) {

        public String contentType() {
            return headers.getOrDefault("content-type", "");
        }
    }

    private RawHttp() {
    }

    /** Sends {@code head} (request line and headers, each line without its CRLF) and {@code body} to {@code server}. */
    public static Answer send(URI server, String head, byte[] body) throws IOException {
        try (Socket socket = new Socket(server.getHost(), server.getPort())) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write((head + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            if (body != null) {
                out.write(body);
            }
            out.flush();
            return parse(socket.getInputStream());
        }
    }

    private static Answer parse(InputStream in) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        in.transferTo(all);
        String text = all.toString(StandardCharsets.UTF_8);
        int end = text.indexOf("\r\n\r\n");
        String head = end < 0 ? text : text.substring(0, end);
        String body = end < 0 ? "" : text.substring(end + 4);
        String[] lines = head.split("\r\n");
        if (lines.length == 0 || !lines[0].startsWith("HTTP/")) {
            throw new IOException("not an HTTP answer: " + text);
        }
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.putIfAbsent(lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).strip());
            }
        }
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            body = unchunk(body);
        }
        return new Answer(status, headers, body);
    }

    private static String unchunk(String chunked) {
        StringBuilder out = new StringBuilder();
        int at = 0;
        while (at < chunked.length()) {
            int line = chunked.indexOf("\r\n", at);
            if (line < 0) {
                break;
            }
            int size = Integer.parseInt(chunked.substring(at, line).split(";")[0].strip(), 16);
            if (size == 0) {
                break;
            }
            out.append(chunked, line + 2, Math.min(chunked.length(), line + 2 + size));
            at = line + 2 + size + 2;
        }
        return out.toString();
    }
}
