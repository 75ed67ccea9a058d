package io.clirbench.core.io;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;

/**
 * The strict reading of request bodies shared by the services: unknown fields, repeated keys,
 * trailing tokens, fractional numbers for integers ({@code depth: 10.7}), and any coercion between
 * strings, numbers and booleans are errors instead of silent guesses.
 */
public final class StrictJson {

    private StrictJson() {
    }

    /** Makes {@code mapper} strict; returns it. */
    public static ObjectMapper configure(ObjectMapper mapper) {
        mapper.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES,
                DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS, DeserializationFeature.FAIL_ON_TRAILING_TOKENS,
                DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);
        mapper.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
        mapper.getFactory().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        for (LogicalType type : new LogicalType[] {LogicalType.Integer, LogicalType.Float, LogicalType.Boolean,
                LogicalType.Textual, LogicalType.Enum}) {
            var config = mapper.coercionConfigFor(type);
            for (CoercionInputShape shape : new CoercionInputShape[] {CoercionInputShape.String, CoercionInputShape.Integer,
                    CoercionInputShape.Float, CoercionInputShape.Boolean, CoercionInputShape.EmptyString}) {
                config.setCoercion(shape, CoercionAction.Fail);
            }
        }
        // the natural shapes stay accepted
        mapper.coercionConfigFor(LogicalType.Integer).setCoercion(CoercionInputShape.Integer, CoercionAction.TryConvert);
        mapper.coercionConfigFor(LogicalType.Float).setCoercion(CoercionInputShape.Float, CoercionAction.TryConvert);
        mapper.coercionConfigFor(LogicalType.Float).setCoercion(CoercionInputShape.Integer, CoercionAction.TryConvert);
        mapper.coercionConfigFor(LogicalType.Enum).setCoercion(CoercionInputShape.String, CoercionAction.TryConvert);
        mapper.coercionConfigFor(LogicalType.Textual).setCoercion(CoercionInputShape.String, CoercionAction.TryConvert);
        return mapper;
    }
}
