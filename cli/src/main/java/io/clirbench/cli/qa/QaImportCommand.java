package io.clirbench.cli.qa;

import io.clirbench.cli.FollowSymlinksOption;
import io.clirbench.core.qa.construct.XquadMixBuilder;
import io.clirbench.core.qa.export.XhotpotDatasetWriter;
import io.clirbench.core.qa.export.XhotpotExport;
import io.clirbench.core.qa.export.XhotpotLanguages;
import io.clirbench.core.qa.importer.HfHotpotImporter;
import io.clirbench.core.qa.importer.HotpotImporter;
import io.clirbench.core.qa.importer.XhotpotHubImporter;
import io.clirbench.core.qa.model.QaDatasetInfo;
import io.clirbench.core.qa.model.QaInstance;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench qa import hotpot|hf|xhotpotqa|xquad-mix}: converts into the canonical layout. hotpot, hf and xhotpotqa
 * write {@code instances.jsonl} as XHotpotQA v0.4.0's own records (its loader reads the file directly), our other
 * fields in {@code clirbench-extra.jsonl}, and leave out instances in languages outside its 24 codes with a warning;
 * xquad-mix builds the shipped dataset ({@code instances.jsonl.gz}; {@code bench qa export} makes its peer records).
 */
@Command(name = "import", mixinStandardHelpOptions = true, description = "Convert QA data into the canonical layout (dataset.json + "
        + "instances.jsonl as XHotpotQA records + clirbench-extra.jsonl; xquad-mix: instances.jsonl.gz).",
        subcommands = {QaImportCommand.Hotpot.class, QaImportCommand.Hf.class, QaImportCommand.Xhotpotqa.class, QaImportCommand.XquadMix.class})
public class QaImportCommand {

    /** What hotpot, hf and xhotpotqa create, replace or remove in OUT. */
    static final List<String> REPLACED = List.of("dataset.json", XhotpotExport.INSTANCES, XhotpotExport.INSTANCES + ".gz",
            XhotpotExport.SIDECAR);

    /** What xquad-mix creates or replaces in OUT. */
    static final List<String> XQUAD_MIX = List.of("dataset.json", "instances.jsonl.gz", "predictions/oracle.jsonl",
            "predictions/lexical-overlap.jsonl");

    /** Options every converter shares. */
    static final class Target {
        @Option(names = "--out", required = true, paramLabel = "DIR", description = "Dataset directory to write.")
        Path out;
        @Option(names = "--id", paramLabel = "ID", description = "Dataset id (default: the directory name).")
        String id;
        @Option(names = "--force", description = "Replace the dataset files (dataset.json, instances.jsonl, clirbench-extra.jsonl; "
                + "an old instances.jsonl.gz is removed) in a non-empty directory.")
        boolean force;
        @Mixin
        FollowSymlinksOption links;
        /** Where the files go: OUT, or where its link leads ({@link #check}). */
        private Path writeTo;

        /** Refuses OUT before {@code from} is read: see {@link FollowSymlinksOption}. */
        void check(Path from) {
            writeTo = links.check(out, List.of(from), FollowSymlinksOption.inside(out, REPLACED));
        }

        void write(CommandSpec spec, List<QaInstance> instances, String license, String source) {
            try {
                if (!force && Files.isDirectory(out)) {
                    try (var entries = Files.list(out)) {
                        if (entries.findAny().isPresent()) {
                            throw new IllegalArgumentException(out + " exists and is not empty; use --force to replace its dataset files");
                        }
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            String name = id != null ? id : out.toAbsolutePath().normalize().getFileName().toString();
            XhotpotDatasetWriter.Summary s = XhotpotDatasetWriter.write(new QaDatasetInfo(name, name, "1", license, source, List.of()),
                    instances, source, writeTo);
            PrintWriter stdout = spec.commandLine().getOut();
            stdout.printf(Locale.ROOT, "wrote %s: %,d instances, %s holds them as records for %s%n", out, s.written(),
                    XhotpotExport.INSTANCES, XhotpotExport.PEER);
            s.byQuestionLanguage().forEach((l, n) -> stdout.printf(Locale.ROOT, "  %-4s %,8d%n", l, n));
            if (s.sidecar() > 0) {
                stdout.printf(Locale.ROOT, "  %,d records have fields XHotpotQA has no place for: kept in %s%n", s.sidecar(),
                        out.resolve(XhotpotExport.SIDECAR));
            }
            stdout.flush();
            if (s.leftOut() > 0) {
                PrintWriter err = spec.commandLine().getErr();
                StringBuilder langs = new StringBuilder();
                for (Map.Entry<String, Integer> e : s.leftOutByLanguage().entrySet()) {
                    langs.append(langs.isEmpty() ? "" : ", ").append(e.getKey()).append(' ')
                            .append(String.format(Locale.ROOT, "%,d", e.getValue()));
                }
                err.printf(Locale.ROOT, "warning: %,d instances left out: they use a language outside XHotpotQA's %d codes (%s); %,d of %,d written%n",
                        s.leftOut(), XhotpotLanguages.CODES.size(), langs, s.written(), s.read());
                err.flush();
            }
        }
    }

    static void summary(PrintWriter out, Path dir, List<QaInstance> instances) {
        Map<String, Integer> byLanguage = new TreeMap<>();
        instances.forEach(i -> byLanguage.merge(i.questionLanguage(), 1, Integer::sum));
        out.printf(Locale.ROOT, "wrote %s: %,d instances%n", dir, instances.size());
        byLanguage.forEach((l, n) -> out.printf(Locale.ROOT, "  %-4s %,8d%n", l, n));
        out.flush();
    }

    /** The HotpotQA shapes: a file, one language for every question and candidate, a split to record. */
    abstract static class HotpotShaped implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Option(names = "--from", required = true, paramLabel = "FILE", description = "The input file (plain or gzipped).")
        Path from;
        @Option(names = "--lang", required = true, paramLabel = "L", description = "ISO 639-1 language of the questions and every candidate.")
        String lang;
        @Option(names = "--split", defaultValue = "validation", paramLabel = "S", description = "source_split to record (default: ${DEFAULT-VALUE}).")
        String split;
        @Mixin
        Target target;

        abstract List<QaInstance> read();

        @Override
        public Integer call() {
            target.check(from);
            target.write(spec, read(), "CC-BY-SA-4.0", from.getFileName().toString());
            return 0;
        }
    }

    @Command(name = "hotpot", mixinStandardHelpOptions = true, description = "HotpotQA official JSON (a list of {_id, question, answer, supporting_facts, context, type, level}).")
    static final class Hotpot extends HotpotShaped {
        @Override
        List<QaInstance> read() {
            return HotpotImporter.read(from, lang, split);
        }
    }

    @Command(name = "hf", mixinStandardHelpOptions = true, description = "Hugging Face hotpot_qa rows (JSON lines or a JSON array).")
    static final class Hf extends HotpotShaped {
        @Override
        List<QaInstance> read() {
            return HfHotpotImporter.read(from, lang, split);
        }
    }

    @Command(name = "xhotpotqa", mixinStandardHelpOptions = true, description = "XHotpotQA exports: canonical JSON lines or Hub rows (JSON lines).")
    static final class Xhotpotqa implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Option(names = "--from", required = true, paramLabel = "FILE", description = "The export (plain or gzipped).")
        Path from;
        @Mixin
        Target target;

        @Override
        public Integer call() {
            target.check(from);
            XhotpotHubImporter.Result result = XhotpotHubImporter.read(from);
            target.write(spec, result.instances(), "CC-BY-SA-4.0", from.getFileName().toString());
            if (result.droppedFacts() > 0) {
                spec.commandLine().getOut().printf(Locale.ROOT, "%d Hub supporting facts were out of bounds or unresolved: left out and "
                        + "listed under provenance.import_dropped_support in %s%n", result.droppedFacts(), XhotpotExport.SIDECAR);
                spec.commandLine().getOut().flush();
            }
            return 0;
        }
    }

    @Command(name = "xquad-mix", mixinStandardHelpOptions = true,
            description = "Build xquad-mix from XQuAD (xquad.<lang>.json[.gz]): the dataset and its oracle and lexical-overlap predictions.")
    static final class XquadMix implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Option(names = "--from", required = true, paramLabel = "DIR", description = "Directory of the XQuAD files.")
        Path from;
        @Option(names = "--out", required = true, paramLabel = "DIR", description = "Dataset directory (README.md and LICENSE there are kept).")
        Path out;
        @Option(names = "--questions", defaultValue = "" + XquadMixBuilder.DEFAULT_QUESTIONS, paramLabel = "N",
                description = "Source questions, one per article (default: ${DEFAULT-VALUE}).")
        int questions;
        @Option(names = "--seed", defaultValue = "" + XquadMixBuilder.DEFAULT_SEED, paramLabel = "S", description = "Seed (default: ${DEFAULT-VALUE}).")
        long seed;
        @Mixin
        FollowSymlinksOption links;

        @Override
        public Integer call() {
            Path target = links.check(out, List.of(from), FollowSymlinksOption.inside(out, XQUAD_MIX));
            XquadMixBuilder.Built built = XquadMixBuilder.write(from, target, questions, seed);
            summary(spec.commandLine().getOut(), out, built.instances());
            return 0;
        }
    }
}
