package io.clirbench.core.qa.select;

import java.util.Set;

/** {@code select:MODEL}: an encoder of the platform as evidence selector ({@link EmbeddingSelector}). */
public record EncoderSelectId(String modelId) implements QaSystemId {

    /** The kind name. */
    public static final String KIND = "select-encoder";

    public EncoderSelectId {
        QaNames.require("model", modelId);
    }

    @Override
    public String id() {
        return "select:" + modelId;
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Set<String> models() {
        return Set.of(modelId);
    }

    /** The syntax {@code select:MODEL} (tried after {@code select:lexical}). */
    static QaSystemSyntax syntax() {
        return QaSystemSyntax.prefixed("select", "select:MODEL", EncoderSelectId::new);
    }

    @Override
    public String toString() {
        return id();
    }
}
