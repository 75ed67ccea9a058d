package io.clirbench.core.io;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.List;
import java.util.Locale;

/**
 * What is wrong with a JSON request body, for a 400 answer: the field as a dotted path
 * ({@code depth}, {@code retrievers[2]}; {@code body} for the whole) and the problem in words,
 * with no Java class names, server paths or the body's content beyond a short quote.
 *
 * @param field   the dotted path of the offending field, or {@code body}
 * @param problem what is wrong with it
 */
public record JsonProblem(String field, String problem) {

    /** The field and problem of a Jackson parsing or binding failure. */
    public static JsonProblem of(JsonProcessingException e) {
        if (e instanceof UnrecognizedPropertyException unknown) {
            return new JsonProblem(path(e), "unknown field '" + InputLimits.shorten(unknown.getPropertyName())
                    + "' (known: " + known(unknown.getKnownPropertyIds()) + ")");
        }
        if (e instanceof InvalidFormatException bad) {
            return new JsonProblem(path(e), "expected " + expected(bad.getTargetType()) + ", got "
                    + InputLimits.shorten(String.valueOf(bad.getValue())));
        }
        if (e instanceof MismatchedInputException mismatch) {
            String got = mismatch.getProcessor() instanceof JsonParser p && p.currentToken() != null
                    ? ", got " + token(p) : "";
            return new JsonProblem(path(e), mismatch.getTargetType() == null ? clean(e.getOriginalMessage())
                    : "expected " + expected(mismatch.getTargetType()) + got);
        }
        if (e instanceof JsonMappingException) {
            return new JsonProblem(path(e), clean(e.getOriginalMessage()));
        }
        // a parse error: malformed JSON or a repeated key
        String field = e.getProcessor() instanceof JsonParser p ? dotted(p.getParsingContext()) : "body";
        JsonLocation at = e.getLocation();
        String where = at == null || at.getLineNr() < 0 ? "" : String.format(Locale.ROOT, " (line %d, column %d)",
                at.getLineNr(), at.getColumnNr());
        return new JsonProblem(field, clean(e.getOriginalMessage()) + where);
    }

    private static String path(JsonProcessingException e) {
        StringBuilder sb = new StringBuilder();
        for (JsonMappingException.Reference r : ((JsonMappingException) e).getPath()) {
            if (r.getFieldName() != null) {
                sb.append(sb.isEmpty() ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                sb.append('[').append(r.getIndex()).append(']');
            }
        }
        return sb.isEmpty() ? "body" : sb.toString();
    }

    /** The dotted path of a parser's position: the object fields and array indexes down to it. */
    private static String dotted(JsonStreamContext context) {
        Deque<String> parts = new ArrayDeque<>();
        for (JsonStreamContext c = context; c != null && !c.inRoot(); c = c.getParent()) {
            if (c.inObject() && c.getCurrentName() != null) {
                parts.push("." + c.getCurrentName());
            } else if (c.inArray() && c.hasCurrentIndex()) {
                parts.push("[" + c.getCurrentIndex() + "]");
            }
        }
        String path = String.join("", parts);
        return path.isEmpty() ? "body" : path.startsWith(".") ? path.substring(1) : path;
    }

    private static String expected(Class<?> type) {
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class
                || type == Short.class || type == short.class) {
            return "an integer";
        }
        if (type == Double.class || type == double.class || type == Float.class || type == float.class) {
            return "a number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "a string";
        }
        if (type.isEnum()) {
            return "one of " + List.of(type.getEnumConstants());
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "an array";
        }
        return "an object";
    }

    private static String token(JsonParser p) {
        return switch (p.currentToken()) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT -> "an integer";
            case VALUE_NUMBER_FLOAT -> "a fractional number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NULL -> "null";
            default -> p.currentToken().asString() == null ? "something else" : p.currentToken().asString();
        };
    }

    private static String known(Collection<Object> ids) {
        return ids == null ? "none" : ids.stream().map(String::valueOf).sorted().toList().toString();
    }

    /** Jackson's own message without its hints on Java types and features, in one short line. */
    private static String clean(String message) {
        if (message == null) {
            return "invalid JSON";
        }
        String line = message.lines().findFirst().orElse("").replaceAll("`[a-zA-Z0-9_.$]+\\.([A-Za-z0-9_$]+)`", "$1");
        int hint = line.indexOf(" (but could if");
        line = hint > 0 ? line.substring(0, hint) : line;
        return line.length() > 200 ? line.substring(0, 197) + "..." : line;
    }
}
