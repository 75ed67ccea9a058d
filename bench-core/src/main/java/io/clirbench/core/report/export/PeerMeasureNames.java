package io.clirbench.core.report.export;

import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Our section-1 measure names (METRICS.md §1: {@code nDCG@10}, {@code R@100}, {@code MRR}, ...) as trec_eval 10.0 and
 * MTEB spell them, in one place. A measure a peer does not compute has no name there (null): trec_eval has no
 * {@code MRR@k} (its {@code recip_rank} is uncut) and no {@code Judged@k}; MTEB's retrieval scores have no uncut MRR or
 * MAP (its {@code map_at_k} is cut), no success, R-precision, bpref or Judged@k.
 */
public final class PeerMeasureNames {

    private static final Pattern CUT = Pattern.compile("(nDCG|R|P|Success|MRR|Judged)@([1-9][0-9]{0,8})");

    /** trec_eval's families in the order it prints them (its measure table, checked by running trec_eval 10.0). */
    private static final List<String> TREC_EVAL_PRINT_ORDER =
            List.of("map", "Rprec", "bpref", "recip_rank", "P", "recall", "ndcg_cut", "success");

    /** trec_eval's print order of measure names: by family as above, then by cutoff ascending. */
    static final Comparator<String> TREC_EVAL_ORDER = Comparator
            .comparingInt((String name) -> TREC_EVAL_PRINT_ORDER.indexOf(family(name)))
            .thenComparingInt(PeerMeasureNames::cutoff);

    private PeerMeasureNames() {
    }

    /** The trec_eval name of measure {@code ours} ({@code nDCG@10} is {@code ndcg_cut_10}); null when trec_eval has none. */
    public static String trecEval(String ours) {
        switch (ours) {
            case "MRR":
                return "recip_rank";
            case "MAP":
                return "map";
            case "Rprec":
                return "Rprec";
            case "bpref":
                return "bpref";
            default:
                break;
        }
        Matcher m = CUT.matcher(ours);
        if (!m.matches()) {
            return null;
        }
        String k = m.group(2);
        return switch (m.group(1)) {
            case "nDCG" -> "ndcg_cut_" + k;
            case "R" -> "recall_" + k;
            case "P" -> "P_" + k;
            case "Success" -> "success_" + k;
            default -> null; // MRR@k, Judged@k
        };
    }

    /** The MTEB score key of measure {@code ours} ({@code nDCG@10} is {@code ndcg_at_10}); null when MTEB has none. */
    public static String mteb(String ours) {
        Matcher m = CUT.matcher(ours);
        if (!m.matches()) {
            return null;
        }
        String k = m.group(2);
        return switch (m.group(1)) {
            case "nDCG" -> "ndcg_at_" + k;
            case "R" -> "recall_at_" + k;
            case "P" -> "precision_at_" + k;
            case "MRR" -> "mrr_at_" + k;
            default -> null; // Success@k, Judged@k
        };
    }

    private static String family(String trecEvalName) {
        int underscore = trecEvalName.lastIndexOf('_');
        return underscore > 0 && Character.isDigit(trecEvalName.charAt(trecEvalName.length() - 1))
                ? trecEvalName.substring(0, underscore) : trecEvalName;
    }

    private static int cutoff(String trecEvalName) {
        String family = family(trecEvalName);
        return family.equals(trecEvalName) ? 0 : Integer.parseInt(trecEvalName.substring(family.length() + 1));
    }
}
