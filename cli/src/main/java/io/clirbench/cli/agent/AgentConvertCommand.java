package io.clirbench.cli.agent;

import io.clirbench.cli.FollowSymlinksOption;
import io.clirbench.core.agentic.format.BcpRunReader;
import io.clirbench.core.agentic.format.BcpRunWriter;
import io.clirbench.core.agentic.format.TraceJsonl;
import io.clirbench.core.agentic.model.AgentRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bench agent convert}: our trace JSONL to a BrowseComp-Plus run directory and back. */
@Command(name = "convert", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Convert between our trace JSONL (a file) and a BrowseComp-Plus run directory (a directory): "
                + "the kind of --from decides the direction.")
public class AgentConvertCommand implements Callable<Integer> {

    @Option(names = "--from", required = true, paramLabel = "PATH", description = "A trace .jsonl file or a run directory.")
    Path from;

    @Option(names = "--to", required = true, paramLabel = "PATH", description = "The run directory or .jsonl file to write.")
    Path to;

    @Mixin
    FollowSymlinksOption links;

    @Override
    public Integer call() {
        Path target = links.check(to, List.of(from), List.of()); // before anything is read
        if (Files.isDirectory(from)) {
            AgentRun run = BcpRunReader.read(from, from.getFileName().toString(), true);
            try {
                Files.writeString(target, TraceJsonl.write(run), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + to + ": " + e.getMessage(), e);
            }
            System.err.println("wrote " + run.traces().size() + " traces to " + to);
        } else {
            AgentRun run = TraceJsonl.read(from, from.getFileName().toString());
            // each run file is written through a link found under its name
            links.check(to, List.of(from), FollowSymlinksOption.inside(to, BcpRunWriter.fileNames(run)));
            BcpRunWriter.write(run, target);
            System.err.println("wrote " + run.traces().size() + " run files to " + to);
        }
        return 0;
    }
}
