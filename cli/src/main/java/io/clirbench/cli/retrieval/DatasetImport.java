package io.clirbench.cli.retrieval;

import io.clirbench.cli.FollowSymlinksOption;
import io.clirbench.core.dataset.DatasetWriter;
import io.clirbench.core.model.Dataset;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * An {@code import} subcommand: the options every import has ({@code --out}, {@code --force}, the symbolic-link
 * option) and the one way they run: check the output against the inputs, write the dataset into it, print the counts
 * ({@link ImportCommand#run}). A subcommand adds its own options (its {@code --id} among them: each says its default)
 * and says what it reads and how it writes.
 */
abstract class DatasetImport implements Callable<Integer> {

    @Spec
    CommandSpec spec;
    @Option(names = "--out", required = true, description = "dataset directory to write")
    Path out;
    @Option(names = "--force", description = "replace a non-empty output directory")
    boolean force;
    @Mixin
    FollowSymlinksOption links;

    /** The files and directories read, which the output must not hold; an option not given is {@code null}. */
    abstract List<Path> inputs();

    /** Writes the dataset into {@code target} (the output, checked) and returns it. */
    abstract Dataset writeTo(Path target);

    /** Writes {@code dataset}, read whole, into {@code target}. */
    final Dataset write(Dataset dataset, Path target) {
        DatasetWriter.write(dataset, target, force);
        return dataset;
    }

    @Override
    public final Integer call() {
        return ImportCommand.run(spec, out, () -> writeTo(links.checkReplacedWhole(out, inputs())));
    }
}
