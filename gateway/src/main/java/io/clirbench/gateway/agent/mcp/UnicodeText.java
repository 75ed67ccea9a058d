package io.clirbench.gateway.agent.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;

/**
 * What makes an MCP message's text no Unicode text (issue 45): bytes that are not UTF-8 (RFC 8259 section 8.1: JSON text
 * exchanged between systems is UTF-8; an overlong form such as {@code C0 AF} or an encoded surrogate such as
 * {@code ED A0 80} is not), and a string or key holding a lone surrogate written as an escape ({@code "\\ud800"}: valid
 * JSON grammar, but no string of Unicode characters, section 8.2). Both are refused before the message is read any
 * further, so that no tool, log or recorded call ever holds such text; a pair of surrogates (an emoji) is text.
 */
final class UnicodeText {

    private UnicodeText() {
    }

    /** The body decoded as UTF-8; empty when it is not UTF-8, with {@code badAt[0]} the offset of the first bad byte. */
    static Optional<String> decode(byte[] body, int[] badAt) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(body);
        CharBuffer out = CharBuffer.allocate(body.length);
        CoderResult result = decoder.decode(in, out, true);
        if (!result.isError()) {
            result = decoder.flush(out);
        }
        if (result.isError()) {
            badAt[0] = in.position();
            return Optional.empty();
        }
        return Optional.of(out.flip().toString());
    }

    /** Where the first string or key holding a lone surrogate is ({@code params.arguments.query}, {@code id}); empty when none does. */
    static Optional<String> loneSurrogate(JsonNode node, String path) {
        if (node.isTextual()) {
            return hasLoneSurrogate(node.textValue()) ? Optional.of(path) : Optional.empty();
        }
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                String at = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
                if (hasLoneSurrogate(field.getKey())) {
                    return Optional.of(path.isEmpty() ? "(a key)" : path + " (a key)");
                }
                Optional<String> inside = loneSurrogate(field.getValue(), at);
                if (inside.isPresent()) {
                    return inside;
                }
            }
        }
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                Optional<String> inside = loneSurrogate(node.get(i), path + "[" + i + "]");
                if (inside.isPresent()) {
                    return inside;
                }
            }
        }
        return Optional.empty();
    }

    private static boolean hasLoneSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                i++; // a pair: one character
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }
}
