package io.clirbench.core.qa.select;

import java.util.regex.Pattern;

/** The NAME of a QA system id ({@code select:NAME}, {@code predictions:NAME}): a letter or digit, then letters, digits, '.', '_', '-'. */
final class QaNames {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._\\-]{0,199}");

    private QaNames() {
    }

    static boolean valid(String name) {
        return name != null && NAME.matcher(name).matches();
    }

    /** {@code name} itself; throws {@link IllegalArgumentException} naming it when it is not a NAME (a record built in code). */
    static String require(String what, String name) {
        if (!valid(name)) {
            throw new IllegalArgumentException(what + " '" + name + "': letters, digits, '.', '_', '-' (at most 200, first a letter or digit)");
        }
        return name;
    }
}
