package io.clirbench.core.qa.select;

/** {@code predictions:NAME}: an uploaded prediction file, read instead of selecting evidence. */
public record PredictionsId(String name) implements QaSystemId {

    /** The kind name. */
    public static final String KIND = "predictions";

    public PredictionsId {
        QaNames.require("prediction upload", name);
    }

    @Override
    public String id() {
        return "predictions:" + name;
    }

    @Override
    public String kind() {
        return KIND;
    }

    /** The syntax {@code predictions:NAME}. */
    static QaSystemSyntax syntax() {
        return QaSystemSyntax.prefixed("predictions", "predictions:NAME", PredictionsId::new);
    }

    @Override
    public String toString() {
        return id();
    }
}
