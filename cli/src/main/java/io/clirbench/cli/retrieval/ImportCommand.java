package io.clirbench.cli.retrieval;

import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.dataset.importer.BeirImporter;
import io.clirbench.core.dataset.importer.ChemclirQacImporter;
import io.clirbench.core.dataset.importer.XquadImporter;
import io.clirbench.core.dataset.importer.XquadRelease;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code import} command: converts XQuAD, a BEIR/MTEB directory, a ChemCLIR-Bench QAC CSV and the released layouts of
 * MIRACL, NeuCLIR, XOR-TyDi, MTEB v2 and {@code ir_datasets export} ({@link CollectionImports}) into the clirbench layout.
 */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = "Imports a dataset into the clirbench layout.",
        subcommands = {ImportCommand.Xquad.class, ImportCommand.Beir.class, ImportCommand.ChemclirQac.class,
                CollectionImports.Miracl.class, CollectionImports.Neuclir.class, CollectionImports.XorTydi.class,
                CollectionImports.Mteb.class, CollectionImports.IrDatasets.class})
public class ImportCommand {

    /** Runs {@code import} without the {@code bench} root command (the shipped dataset README names this way too). */
    public static void main(String[] args) {
        System.exit(new CommandLine(new ImportCommand()).execute(args));
    }

    @Command(name = "xquad", mixinStandardHelpOptions = true,
            description = "Builds xquad-clir from the XQuAD files xquad.<lang>.json[.gz] (with LICENSE and README.md).")
    static final class Xquad extends DatasetImport {
        @Option(names = "--from", required = true, description = "directory of the XQuAD files")
        Path from;
        @Option(names = "--questions-per-language", description = "questions sampled, the same ids in every language (default: ${DEFAULT-VALUE})")
        int questions = XquadImporter.DEFAULT_QUESTIONS_PER_LANGUAGE;
        @Option(names = "--seed", description = "seed of the sample (default: ${DEFAULT-VALUE})")
        long seed = XquadImporter.DEFAULT_SEED;

        @Override
        List<Path> inputs() {
            return List.of(from);
        }

        @Override
        Dataset writeTo(Path target) {
            return XquadRelease.write(from, target, questions, seed, force);
        }
    }

    @Command(name = "beir", mixinStandardHelpOptions = true,
            description = "Converts a BEIR/MTEB directory (corpus.jsonl, queries.jsonl, qrels/<split>.tsv).")
    static final class Beir extends DatasetImport {
        @Option(names = "--from", required = true, description = "the BEIR directory")
        Path from;
        @Option(names = "--split", defaultValue = "test", description = "qrels split (default: ${DEFAULT-VALUE})")
        String split;
        @Option(names = "--lang", description = "language of lines without 'lang' (BCP-47 tag or ISO 639 code)")
        String lang;
        @Option(names = "--id", description = "dataset id (default: the directory name)")
        String id;
        @Option(names = "--family-expansion", description = "set familyExpansion in dataset.json")
        boolean familyExpansion;

        @Override
        List<Path> inputs() {
            return List.of(from);
        }

        @Override
        Dataset writeTo(Path target) {
            return write(new BeirImporter(split, lang, id, familyExpansion).read(from), target);
        }
    }

    @Command(name = "chemclir-qac", mixinStandardHelpOptions = true,
            description = {"Imports a ChemCLIR-Bench QAC CSV (e.g. balanced_100_qac.csv).",
                    "One query per row with mode, strategy, question_type/framing, office and the answer as metadata; "
                    + "family = publication number; qrels from corpus_id.",
                    "With --corpus, its documents; without, text-less documents per context_language (enough for bench eval)."})
    static final class ChemclirQac extends DatasetImport {
        @Option(names = "--qac", required = true, paramLabel = "CSV", description = "the QAC CSV file")
        Path qac;
        @Option(names = "--corpus", paramLabel = "JSONL", description = "corpus.jsonl[.gz] (_id, text, lang, family) to join")
        Path corpus;
        @Option(names = "--id", description = "dataset id (default: the CSV name, e.g. balanced-100-qac)")
        String id;

        @Override
        List<Path> inputs() {
            return Arrays.asList(qac, corpus);
        }

        @Override
        Dataset writeTo(Path target) {
            return write(new ChemclirQacImporter(id).read(qac, corpus), target);
        }
    }

    interface Job {
        Dataset run();
    }

    // bad input is the user's to fix: print the problems, not a stack trace
    static int run(CommandSpec spec, Path out, Job job) {
        PrintWriter err = spec.commandLine().getErr();
        try {
            Dataset dataset = job.run();
            report(spec.commandLine().getOut(), out, dataset);
            return 0;
        } catch (DatasetFormatException | IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
        } catch (UncheckedIOException e) {
            err.println("error: " + e.getMessage());
        }
        err.flush();
        return 1;
    }

    private static void report(PrintWriter out, Path dir, Dataset dataset) {
        Map<String, int[]> counts = new TreeMap<>();
        for (Document d : dataset.corpus()) {
            counts.computeIfAbsent(d.lang(), l -> new int[2])[0]++;
        }
        for (Query q : dataset.queries()) {
            counts.computeIfAbsent(q.lang(), l -> new int[2])[1]++;
        }
        out.printf(Locale.ROOT, "wrote %s (%s): %,d documents, %,d queries, %,d judgments%n", dir, dataset.info().id(),
                dataset.corpus().size(), dataset.queries().size(), dataset.qrels().size());
        out.printf(Locale.ROOT, "%-4s %10s %10s%n", "lang", "documents", "queries");
        counts.forEach((lang, c) -> out.printf(Locale.ROOT, "%-4s %,10d %,10d%n", lang, c[0], c[1]));
        out.flush();
    }
}
