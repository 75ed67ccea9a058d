package io.clirbench.cli.agent;

import io.clirbench.cli.FollowSymlinksOption;
import io.clirbench.core.agentic.format.AgentTaskReader;
import io.clirbench.core.agentic.format.BcpRunWriter;
import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.core.agentic.model.AgentTask;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bench agent baseline-offline}: the scripted single-search agent, writing a BrowseComp-Plus run directory. */
@Command(name = "baseline-offline", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run the scripted offline agent on a task configuration: one BM25 search with the question over the "
                + "configured corpus, then an answer citing the top k that answers nothing (its evidence recall is the "
                + "single-search floor). Writes one BrowseComp-Plus run file per query."})
public class AgentOfflineBaselineCommand implements Callable<Integer> {

    @Option(names = "--task", required = true, paramLabel = "DIR", description = "Agentic task directory.")
    Path task;

    @Option(names = "--config", required = true, paramLabel = "NAME", description = "Corpus configuration, e.g. original, cross-lingual, multilingual.")
    String config;

    @Option(names = "--k", defaultValue = "5", paramLabel = "K", description = "Results of the search call, all cited (default: ${DEFAULT-VALUE}).")
    int k;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Run directory to write (run_<query id>.json).")
    Path out;

    @Mixin
    FollowSymlinksOption links;

    @Override
    public Integer call() {
        if (k < 1) {
            throw new IllegalArgumentException("--k must be at least 1, was " + k);
        }
        Path target = links.check(out, List.of(task), List.of()); // before the task is read
        AgentTask t = AgentTaskReader.read(task);
        AgentRun run = OfflineBaselineAgent.run(t, config, k);
        // each run file is written through a link found under its name
        links.check(out, List.of(task), FollowSymlinksOption.inside(out, BcpRunWriter.fileNames(run)));
        BcpRunWriter.write(run, target);
        System.err.println("wrote " + run.traces().size() + " run files to " + out);
        return 0;
    }
}
