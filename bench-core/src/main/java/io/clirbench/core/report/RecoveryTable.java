package io.clirbench.core.report;

import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.eval.RunReport;
import io.clirbench.core.fusion.Recovery;
import io.clirbench.core.search.RerankId;
import io.clirbench.core.search.RetrieverId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Recovery against the ceiling (METRICS.md §6) of every re-ranked run of a report: a run named
 * {@code rerank(A, MODEL, K)} is compared with the run named {@code A} of the same report (the first
 * stage F): ceiling RRC@K(F), baseline RRC@10(F), achieved RRC@10 after re-ranking, efficiency. A re-ranked
 * run without its first stage in the report, or with K off the RRC grid, gets a row saying so. Run names are read with
 * {@link RetrieverId#parseAnyKind}: the first stage may be of a kind only the gateway knows ({@code rerank(random(7),e5,10)}).
 */
public final class RecoveryTable {

    /** The columns. */
    public static final List<String> COLUMNS = List.of("re-ranked run", "first stage F", "K", "ceiling RRC@K(F)",
            "baseline RRC@10(F)", "achieved RRC@10", "efficiency");

    private RecoveryTable() {
    }

    /** One row per re-ranked run, in report order; empty when there is none. */
    public static List<List<String>> rows(EvalReport report) {
        List<List<String>> rows = new ArrayList<>();
        for (RunReport run : report.runs()) {
            Optional<RerankId> id = rerank(run.name());
            if (id.isEmpty() || run.language() == null) {
                continue;
            }
            RerankId r = id.get();
            String first = r.first().id();
            Optional<RunReport> f = report.runs().stream().filter(x -> x.name().equals(first)).findFirst();
            if (f.isEmpty()) {
                rows.add(List.of(run.name(), first, Integer.toString(r.k()), "first stage not in this run", "", "", ""));
                continue;
            }
            Optional<Recovery> rec = Recovery.of(r.k(), f.get().language().recoverability(), run.language().recoverability());
            if (rec.isEmpty()) {
                rows.add(List.of(run.name(), first, Integer.toString(r.k()), "K not on the RRC grid or no Dom_X", "", "", ""));
                continue;
            }
            Recovery v = rec.get();
            rows.add(List.of(run.name(), first, Integer.toString(v.k()), Numbers.fixed(v.ceiling(), 3), Numbers.fixed(v.baseline(), 3),
                    Numbers.fixed(v.achieved(), 3), v.efficiency() == null ? "undefined (ceiling = baseline)" : Numbers.fixed(v.efficiency(), 3)));
        }
        return rows;
    }

    /** The plain-text section ({@code report.txt}); empty without re-ranked runs. */
    public static String plain(EvalReport report) {
        List<List<String>> rows = rows(report);
        return rows.isEmpty() ? "" : "Re-ranking: recovery against the RRC ceiling (METRICS.md §6)\n" + TextTable.plain(COLUMNS, rows) + "\n";
    }

    /** The Markdown section; empty without re-ranked runs. */
    public static String markdown(EvalReport report) {
        List<List<String>> rows = rows(report);
        return rows.isEmpty() ? "" : "## Re-ranking: recovery against the RRC ceiling (METRICS.md §6)\n\n"
                + TextTable.markdown(COLUMNS, rows) + "\n" + LEGEND + "\n\n";
    }

    /** The HTML section (beside the RRC chart); empty without re-ranked runs. */
    public static String html(EvalReport report) {
        List<List<String>> rows = rows(report);
        return rows.isEmpty() ? "" : "<section id=\"recovery\">\n<h2>Re-ranking: recovery against the RRC ceiling</h2>\n"
                + HtmlText.table(COLUMNS, rows, null) + "<p>" + HtmlText.escape(LEGEND) + "</p>\n</section>\n";
    }

    static final String LEGEND = "ceiling = RRC@K of the first stage (what a perfect re-ranker of its top K could bring into "
            + "the top 10); baseline = its RRC@10; achieved = RRC@10 after re-ranking; efficiency = (achieved − baseline) / "
            + "(ceiling − baseline).";

    private static Optional<RerankId> rerank(String name) {
        try {
            // a plug-in kind of the gateway (alone or as the first stage) is opaque here, not an error
            return RetrieverId.parseAnyKind(name) instanceof RerankId r ? Optional.of(r) : Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
