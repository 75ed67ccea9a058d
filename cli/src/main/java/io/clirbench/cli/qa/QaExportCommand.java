package io.clirbench.cli.qa;

import io.clirbench.core.io.OutputTarget;
import io.clirbench.core.qa.export.XhotpotExport;
import io.clirbench.core.qa.export.XhotpotLanguages;
import io.clirbench.core.qa.format.QaDatasetReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bench qa export --format xhotpotqa DIR OUT}: a QA dataset as XHotpotQA v0.4.0's own tools read it. */
@Command(name = "export", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Write a QA dataset in a peer's format (xhotpotqa: records that XHotpotQA v0.4.0's loader, validator and evaluator read).",
                "OUT/instances.jsonl holds the records as XHotpotQA writes them (with its checksums), OUT/clirbench-extra.jsonl the fields "
                        + "its schema has no place for, OUT/predictions/*.jsonl the dataset's prediction files without the lines of the "
                        + "instances left out, OUT/dataset.json lets bench qa eval read OUT, and OUT/export.json has the counts.",
                "Instances with a language outside XHotpotQA's 24 codes are left out, counted and warned about; any other record "
                        + "XHotpotQA would refuse is an error naming it, and nothing is written."})
public class QaExportCommand implements Callable<Integer> {

    @Option(names = "--format", required = true, paramLabel = "F", description = "The peer format: xhotpotqa.")
    String format;

    @Option(names = "--split", paramLabel = "S",
            description = "source_split of every record (train or validation); by default train and validation are kept and "
                    + "dev and xquad become validation.")
    String split;

    @Option(names = "--force", description = "Write into a non-empty OUT (the export's files are replaced).")
    boolean force;

    @Option(names = "--follow-symlinks",
            description = "Write even when OUT, or a file in it that the export replaces, is a symbolic link (refused by default: "
                    + "the export would write wherever the link points).")
    boolean followSymlinks;

    @Parameters(index = "0", paramLabel = "DIR", description = "QA dataset directory (dataset.json, instances.jsonl[.gz]).")
    Path dataset;

    @Parameters(index = "1", paramLabel = "OUT", description = "Directory to write.")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (!"xhotpotqa".equals(format)) {
            throw new IllegalArgumentException("--format must be xhotpotqa (the only peer format), found '" + format + "'");
        }
        if (!force && Files.isDirectory(out)) {
            try (var entries = Files.list(out)) {
                if (entries.findAny().isPresent()) {
                    throw new IllegalArgumentException(out + " exists and is not empty; use --force to replace the export's files");
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        OutputTarget.check(out, List.of(dataset, QaDatasetReader.instancesFile(dataset)), replaced(out), followSymlinks,
                "--follow-symlinks");
        XhotpotExport.Summary s = XhotpotExport.write(dataset, out, split);
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.printf(Locale.ROOT, "wrote %s: %,d of %,d instances as records for %s%n", out.resolve(XhotpotExport.INSTANCES),
                s.written(), s.read(), XhotpotExport.PEER);
        s.splits().forEach((k, v) -> stdout.printf(Locale.ROOT, "  source_split %s: %,d%n", k, v));
        if (s.sidecar() > 0) {
            stdout.printf(Locale.ROOT, "  %,d records have fields XHotpotQA has no place for: kept in %s%n", s.sidecar(),
                    out.resolve(XhotpotExport.SIDECAR));
        }
        s.predictions().forEach((k, v) -> stdout.printf(Locale.ROOT, "  predictions/%s: %,d lines kept, %,d left out with their instances%n",
                k, v[0], v[1]));
        stdout.flush();
        if (s.leftOut() > 0) {
            PrintWriter err = spec.commandLine().getErr();
            StringBuilder langs = new StringBuilder();
            for (Map.Entry<String, Integer> e : s.leftOutByLanguage().entrySet()) {
                langs.append(langs.isEmpty() ? "" : ", ").append(e.getKey()).append(' ').append(String.format(Locale.ROOT, "%,d", e.getValue()));
            }
            err.printf(Locale.ROOT, "warning: %,d instances left out: they use a language outside XHotpotQA's %d codes (%s)%n",
                    s.leftOut(), XhotpotLanguages.CODES.size(), langs);
            err.flush();
        }
        return 0;
    }

    /** What the export creates or replaces in {@code out}: its fixed files and every prediction file already there. */
    private static List<Path> replaced(Path out) {
        List<Path> files = new ArrayList<>();
        for (String name : List.of(XhotpotExport.INSTANCES, XhotpotExport.SIDECAR, XhotpotExport.SUMMARY, "dataset.json", "LICENSE",
                "predictions")) {
            files.add(out.resolve(name));
        }
        Path predictions = out.resolve("predictions");
        if (Files.isDirectory(predictions, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            try (var s = Files.list(predictions)) {
                s.forEach(files::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return files;
    }
}
