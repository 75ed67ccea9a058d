package io.clirbench.cli.construct;

import io.clirbench.core.construct.audit.AgreementReport;
import io.clirbench.core.construct.audit.AuditSample;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bench build agreement}: the annotators' scores against the verifier's. */
@Command(name = "agreement", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Read annotated audit samples (bench build audit-sample's CSV with human_score filled, 0-10) and report the "
                + "human mean, the rejection band 0-3 and verifier-human agreement (Spearman, quadratic-weighted kappa, mean "
                + "absolute error, agreement on the bands reject 0-3 / borderline 4-6 / accept 7-10 and Gwet's AC1 over them), "
                + "with bootstrap intervals over items."})
public class BuildAgreementCommand implements Callable<Integer> {

    @Option(names = "--qac", required = true, paramLabel = "FILE", description = "The QAC CSV the sample was drawn from.")
    Path qac;

    @Option(names = "--scores", required = true, paramLabel = "FILE", description = "An annotated sample; repeat for several annotators.")
    List<Path> scores;

    @picocli.CommandLine.Mixin
    io.clirbench.cli.StatsOptions statsOptions;

    @Option(names = "--out", paramLabel = "DIR", description = "Also write agreement.json and agreement.md here.")
    Path out;

    @Override
    public Integer call() throws IOException {
        var stats = statsOptions.stats();
        int bootstrap = stats.bootstrap();
        long seed = stats.seed();
        Map<Integer, Integer> totals = new LinkedHashMap<>();
        for (AuditSample.Row r : QacCsv.read(qac, List.of("total_score"))) {
            try {
                totals.put(r.number(), Integer.parseInt(r.cells().get("total_score").strip()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(qac + ": data row " + r.number() + ": total_score '" + r.cells().get("total_score")
                        + "' is not an integer");
            }
        }
        Map<String, Integer> itemRow = new LinkedHashMap<>();
        Map<String, List<Integer>> ratings = new LinkedHashMap<>();
        for (Path file : scores) {
            for (AuditSample.Row r : QacCsv.read(file, List.of("sample_id", "qac_row", "human_score"))) {
                String id = r.cells().get("sample_id");
                String where = file + ": data row " + r.number() + " (" + id + ")";
                int row;
                try {
                    row = Integer.parseInt(r.cells().get("qac_row").strip());
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(where + ": qac_row '" + r.cells().get("qac_row") + "' is not a row number");
                }
                if (!totals.containsKey(row)) {
                    throw new IllegalArgumentException(where + ": qac_row " + row + " is not a data row of " + qac);
                }
                Integer previous = itemRow.putIfAbsent(id, row);
                if (previous != null && previous != row) {
                    throw new IllegalArgumentException(where + ": sample " + id + " is qac_row " + row + " here and " + previous
                            + " in an earlier file: the files come from different samples");
                }
                String s = r.cells().get("human_score").strip();
                int score;
                try {
                    score = Integer.parseInt(s);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(where + ": human_score '" + s + "' is not an integer from 0 to 10"
                            + (s.isEmpty() ? " (not scored yet?)" : ""));
                }
                if (score < 0 || score > 10) {
                    throw new IllegalArgumentException(where + ": human_score " + score + " is outside 0-10");
                }
                ratings.computeIfAbsent(id, k -> new ArrayList<>()).add(score);
            }
        }
        List<AgreementReport.Item> items = new ArrayList<>();
        ratings.forEach((id, list) -> items.add(new AgreementReport.Item(id, totals.get(itemRow.get(id)), list)));
        var report = AgreementReport.of(items, bootstrap, seed);
        String md = AgreementReport.markdown(report);
        System.out.print(md);
        if (out != null) {
            Files.createDirectories(out);
            Files.writeString(out.resolve("agreement.json"), report.toPrettyString() + "\n", StandardCharsets.UTF_8);
            Files.writeString(out.resolve("agreement.md"), md, StandardCharsets.UTF_8);
        }
        return 0;
    }
}
