package io.clirbench.cli.construct;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.core.llm.step.BuildStep;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * What every LLM {@code bench build} command shares: {@code --out}, the {@link BuildLlmOptions} and the last move, the
 * dry run of the command's steps or the build on the step runner. A command parses its own options, builds its steps
 * and writes its outputs.
 */
abstract class LlmBuildCommand implements Callable<Integer> {

    /** The sentence every LLM build's description ends with. */
    static final String STOPPED = "Exit code 3: stopped (budget or endpoint); run the same command again to resume.";

    static final ObjectMapper JSON = new ObjectMapper();

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory (replaced when it holds an earlier build).")
    Path out;

    @Mixin
    BuildLlmOptions build;

    /** Where progress and results are told. */
    final PrintStream console = System.err;

    /**
     * With {@code --dry-run}, the dry run of {@code steps} with {@code notes} (no call, nothing written); else the build:
     * {@code body} on the step runner over the models of {@code roles}.
     */
    int dryRunOrBuild(String command, List<? extends BuildStep<?, ?>> steps, List<String> notes, Set<String> roles,
                      BuildLlmOptions.Body body) throws IOException {
        if (build.dryRun()) {
            return build.dryRun(command, steps, notes, console);
        }
        return build.execute(out, command, roles, console, body);
    }
}
