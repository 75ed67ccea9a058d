package io.clirbench.cli.retrieval;

import io.clirbench.cli.FollowSymlinksOption;
import io.clirbench.core.leaderboard.LeaderboardFormat;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench leaderboard --dataset ID}: the gateway's leaderboard of a dataset ({@code GET /api/leaderboard/ID}),
 * rendered there by bench-core and printed or written as it comes (README "Leaderboard").
 */
@Command(name = "leaderboard", mixinStandardHelpOptions = true, description = "Ranks every completed run of a "
        + "dataset's registered version (each retriever one row): language-balanced means, per-language means, 95%% rank "
        + "intervals and P(best) from the clustered bootstrap, the family sign-flip p against the leader (Holm-adjusted).")
public class LeaderboardCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    DatasetCommand.Target target;

    @Option(names = "--dataset", required = true, paramLabel = "ID", description = "The registered dataset's id.")
    String dataset;

    @Option(names = "--measure", paramLabel = "M", description = "A measure to show, repeatable; the first ranks "
            + "(default: nDCG@10 and R@100). Any measure of the runs' reports: nDCG@10, R@100, MRR@10, MAP, ...")
    List<String> measures = List.of();

    @Option(names = "--format", paramLabel = "F", description = "table (default), csv, md or latex.")
    String format = "table";

    @Option(names = "--out", paramLabel = "FILE", description = "Write it to FILE instead of printing it.")
    Path out;

    @Mixin
    FollowSymlinksOption links;

    @Override
    public Integer call() throws Exception {
        LeaderboardFormat chosen = LeaderboardFormat.of(format); // a wrong name fails before the gateway is asked
        Path file = out == null ? null : links.check(out, List.of(), List.of(out));
        String text = target.client().leaderboard(dataset, measures, chosen.formatName());
        if (file == null) {
            spec.commandLine().getOut().print(text);
            spec.commandLine().getOut().flush();
        } else {
            Files.writeString(file, text, StandardCharsets.UTF_8);
            spec.commandLine().getOut().println("wrote " + out);
        }
        return 0;
    }
}
