package io.clirbench.core.search;

import io.clirbench.core.dataset.LanguageCheck;
import io.clirbench.core.model.Languages;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The arguments of a composed id {@code name(a, b(c, d), e)}: split at top-level commas, trimmed. */
final class ComposedArgs {

    private ComposedArgs() {
    }

    /**
     * The arguments when {@code text} is {@code name(...)} (name matched case-insensitively), else empty.
     * Unbalanced parentheses or an empty argument throw naming the value.
     */
    static Optional<List<String>> of(String text, String name, RetrieverGrammar grammar) {
        String t = text.trim();
        if (!t.regionMatches(true, 0, name + "(", 0, name.length() + 1)) {
            return Optional.empty();
        }
        if (!t.endsWith(")")) {
            throw new RetrieverIdException(text, "'" + name + "(' is not closed by ')'", grammar.forms());
        }
        String inner = t.substring(name.length() + 1, t.length() - 1);
        List<String> args = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < inner.length(); i++) {
            char c = inner.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
                if (depth < 0) {
                    throw new RetrieverIdException(text, "unbalanced ')'", grammar.forms());
                }
            } else if (c == ',' && depth == 0) {
                args.add(inner.substring(start, i).trim());
                start = i + 1;
            }
        }
        if (depth != 0) {
            throw new RetrieverIdException(text, "unbalanced '('", grammar.forms());
        }
        args.add(inner.substring(start).trim());
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).isEmpty()) {
                throw new RetrieverIdException(text, "argument " + (i + 1) + " of " + name + "(...) is empty", grammar.forms());
            }
        }
        return Optional.of(args);
    }

    /**
     * {@code arg} as a pivot language (lower-cased ISO 639-1), or an error naming the value and, where one is plain, the
     * code meant ({@code iw}: use 'he'; {@code en-US}: use 'en').
     */
    static String pivot(String text, String arg, RetrieverGrammar grammar) {
        String pivot = arg.toLowerCase(java.util.Locale.ROOT);
        if (Languages.isIso6391(pivot)) {
            return pivot;
        }
        String hint = LanguageCheck.suggestion(pivot);
        throw new RetrieverIdException(text, "pivot '" + arg + "' is not an ISO 639-1 code" + (hint == null ? "" : " (use '" + hint + "')"),
                grammar.forms());
    }

    /** {@code arg} as a positive integer, or an error naming the value and what it is. */
    static int positive(String text, String arg, String what, RetrieverGrammar grammar) {
        try {
            int v = Integer.parseInt(arg);
            if (v > 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new RetrieverIdException(text, what + " must be a positive integer, was '" + arg + "'", grammar.forms());
    }
}
