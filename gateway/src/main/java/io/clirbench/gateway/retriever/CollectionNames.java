package io.clirbench.gateway.retriever;

/** Index-service collection names: parts joined by {@code __}, matching {@code [A-Za-z0-9][A-Za-z0-9._-]{0,127}}. */
public final class CollectionNames {

    private CollectionNames() {
    }

    /** Characters outside {@code [A-Za-z0-9._-]} become {@code -}; a leading non-alphanumeric gets a {@code c}. */
    public static String of(String... parts) {
        String name = String.join("__", parts).replaceAll("[^A-Za-z0-9._-]", "-");
        if (!Character.isLetterOrDigit(name.charAt(0))) {
            name = "c" + name;
        }
        return name.length() > 128 ? name.substring(0, 128) : name;
    }
}
