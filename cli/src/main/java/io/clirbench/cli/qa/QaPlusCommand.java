package io.clirbench.cli.qa;

import io.clirbench.core.io.OutputTarget;
import io.clirbench.core.qa.export.XhotpotExport;
import io.clirbench.core.qa.export.XhotpotPlusViews;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bench qa plus}: XHotpotQA+'s parallel question-answer views of a dataset in XHotpotQA's layout. */
@Command(name = "plus", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Expand each record of a dataset in XHotpotQA's layout (bench build qa-translate's or bench qa export's OUT) "
                + "into XHotpotQA+'s 24 parallel views, as the peer's expand-plus does: id BASE--qa-LANG, the question and answer "
                + "from --qa-translations (keyed by source id, then language), the evidence unchanged, checksums recomputed.",
                "Writes OUT/instances.jsonl (the bytes the peer writes), OUT/dataset.json, the base's sidecar lines per view, and "
                        + "OUT/plus-report.json. Any problem (checksum, duplicate, missing or extra language or source) is an error "
                        + "naming it, and nothing is written."})
public class QaPlusCommand implements Callable<Integer> {

    @Option(names = "--dataset", required = true, paramLabel = "DIR", description = "The base: a dataset in XHotpotQA's layout.")
    Path dataset;

    @Option(names = "--qa-translations", required = true, paramLabel = "FILE",
            description = "The peer's translation map: JSON {source_id: {lang: {question, answer}}} or JSON lines "
                    + "{source_id, translations} (a .jsonl name), every one of XHotpotQA's 24 languages for every source.")
    Path translations;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Directory to write (its files of a view set are replaced).")
    Path out;

    @Option(names = "--follow-symlinks",
            description = "Write even when OUT, or a file in it that the command replaces, is a symbolic link (refused by default).")
    boolean followSymlinks;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (Files.isDirectory(out)) {
            try (var entries = Files.list(out)) {
                if (entries.anyMatch(p -> !List.of(XhotpotExport.INSTANCES, XhotpotExport.SIDECAR, "dataset.json", XhotpotPlusViews.REPORT)
                        .contains(p.getFileName().toString()))) {
                    throw new IllegalArgumentException("--out " + out + " holds files other than a view set's; choose another directory");
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        OutputTarget.check(out, List.of(dataset, dataset.resolve(XhotpotExport.INSTANCES), translations),
                List.of(out.resolve(XhotpotExport.INSTANCES), out.resolve(XhotpotExport.SIDECAR), out.resolve("dataset.json"),
                        out.resolve(XhotpotPlusViews.REPORT)), followSymlinks, "--follow-symlinks");
        XhotpotPlusViews.Summary s = XhotpotPlusViews.write(dataset, translations, out);
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.printf(Locale.ROOT, "wrote %s: %,d views of %,d base records (%d languages each) for %s%n",
                out.resolve(XhotpotExport.INSTANCES), s.views(), s.baseRecords(), s.languagesPerInstance(), XhotpotExport.PEER);
        stdout.flush();
        return 0;
    }
}
