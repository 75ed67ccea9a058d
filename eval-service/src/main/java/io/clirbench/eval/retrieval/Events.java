package io.clirbench.eval.retrieval;

import com.google.protobuf.InvalidProtocolBufferException;
import io.clirbench.eval.pipeline.PoisonEventException;
import io.clirbench.proto.events.v1.QueryResult;
import io.clirbench.proto.events.v1.RunCompleted;
import io.clirbench.proto.events.v1.RunEvent;
import io.clirbench.proto.events.v1.RunStarted;

/** Protobuf bytes to events; bytes that do not parse make a poison event. */
public final class Events {

    private Events() {
    }

    public static RunEvent runEvent(byte[] bytes) {
        try {
            RunEvent event = RunEvent.parseFrom(bytes == null ? new byte[0] : bytes);
            if (event.getKindCase() == RunEvent.KindCase.KIND_NOT_SET) {
                throw new PoisonEventException("RunEvent (" + length(bytes) + " bytes) holds neither started nor completed");
            }
            return event;
        } catch (InvalidProtocolBufferException e) {
            throw new PoisonEventException("unparseable RunEvent (" + length(bytes) + " bytes): " + e.getMessage());
        }
    }

    public static QueryResult queryResult(byte[] bytes) {
        try {
            return QueryResult.parseFrom(bytes == null ? new byte[0] : bytes);
        } catch (InvalidProtocolBufferException e) {
            throw new PoisonEventException("unparseable QueryResult (" + length(bytes) + " bytes): " + e.getMessage());
        }
    }

    /** Parses bytes this service stored itself (valid by construction). */
    public static RunStarted storedStarted(byte[] bytes) {
        return stored(() -> RunStarted.parseFrom(bytes));
    }

    public static RunCompleted storedCompleted(byte[] bytes) {
        return stored(() -> RunCompleted.parseFrom(bytes));
    }

    public static QueryResult storedResult(byte[] bytes) {
        return stored(() -> QueryResult.parseFrom(bytes));
    }

    private interface Parse<T> {
        T parse() throws InvalidProtocolBufferException;
    }

    private static <T> T stored(Parse<T> parse) {
        try {
            return parse.parse();
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("stored event does not parse: " + e.getMessage(), e);
        }
    }

    private static int length(byte[] bytes) {
        return bytes == null ? 0 : bytes.length;
    }
}
