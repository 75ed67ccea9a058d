package io.clirbench.core.construct.parallel;

import io.clirbench.core.dataset.JsonValues;

/** One language version of a family: the heading a query is made from, and the text without it. */
public record ParallelVersion(String family, String lang, String heading, String text) {

    /**
     * Why {@code family} cannot name a family, or null: it makes the document ids ({@code FAMILY_LANG}) and query ids
     * ({@code FAMILY-LANG}), which go into TREC runs (fields split at white space) and TSV qrels (at tabs), so it may
     * hold no white space and no control character (issue 45: a page file named with a tab split the qrels' lines).
     */
    public static String familyProblem(String family) {
        for (int i = 0; i < family.length(); i++) {
            char c = family.charAt(i);
            if (Character.isWhitespace(c) || Character.isISOControl(c) || Character.isSpaceChar(c)) {
                return String.format(java.util.Locale.ROOT, "%s has the character U+%04X at offset %d: ids made from it go into "
                        + "TREC and TSV files, where white space or a control character splits a field",
                        JsonValues.quote(JsonValues.escapeControls(family)), (int) c, i);
            }
        }
        return null;
    }
}
