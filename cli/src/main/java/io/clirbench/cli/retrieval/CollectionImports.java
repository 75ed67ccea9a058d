package io.clirbench.cli.retrieval;

import io.clirbench.cli.FollowSymlinksOption;
import io.clirbench.core.dataset.DatasetWriter;
import io.clirbench.core.dataset.importer.IrDatasetsImporter;
import io.clirbench.core.dataset.importer.MiraclImporter;
import io.clirbench.core.dataset.importer.MtebImporter;
import io.clirbench.core.dataset.importer.NeuclirImporter;
import io.clirbench.core.dataset.importer.XorTydiImporter;
import io.clirbench.core.model.Dataset;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/** The {@code import} subcommands of the standard cross-language collections, each reading its released layout (README "Datasets"). */
final class CollectionImports {

    private CollectionImports() {
    }

    /** The options every collection import shares: where to write, the id, the licence, and whether to replace. */
    static final class Output {
        @Option(names = "--out", required = true, description = "dataset directory to write")
        Path out;
        @Option(names = "--id", description = "dataset id (default: named after the input)")
        String id;
        @Option(names = "--force", description = "replace a non-empty output directory")
        boolean force;
    }

    /** Checks the output against the inputs, imports, writes. */
    private static int write(CommandSpec spec, Output output, FollowSymlinksOption links, List<Path> inputs,
                             Supplier<Dataset> importer) {
        return ImportCommand.run(spec, output.out, () -> {
            Path target = links.checkReplacedWhole(output.out, inputs);
            Dataset dataset = importer.get();
            DatasetWriter.write(dataset, target, output.force);
            return dataset;
        });
    }

    @Command(name = "miracl", mixinStandardHelpOptions = true,
            description = {"Imports MIRACL: topics and qrels from a clone of the Hub dataset miracl/miracl "
                    + "(miracl-v1.0-LANG/topics|qrels/...-SPLIT.tsv), passages from a clone of miracl/miracl-corpus "
                    + "(miracl-corpus-v1.0-LANG/docs-N.jsonl.gz).",
                    "Several languages go into one dataset, their ids prefixed LANG: (MIRACL's ids repeat across languages)."})
    static final class Miracl implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Option(names = "--topics", required = true, paramLabel = "DIR", description = "clone of miracl/miracl")
        Path topics;
        @Option(names = "--corpus", required = true, paramLabel = "DIR", description = "clone of miracl/miracl-corpus")
        Path corpus;
        @Option(names = "--lang", required = true, split = ",", description = "languages, e.g. sw or ar,fa (ISO 639-1 or 639-3)")
        List<String> languages;
        @Option(names = "--split", defaultValue = "dev", description = "split (default: ${DEFAULT-VALUE})")
        String split;
        @Option(names = "--license", defaultValue = MiraclImporter.DEFAULT_LICENSE, description = "licence (default: ${DEFAULT-VALUE})")
        String license;
        @Mixin
        Output output;
        @Mixin
        FollowSymlinksOption links;

        @Override
        public Integer call() {
            return write(spec, output, links, List.of(topics, corpus),
                    () -> new MiraclImporter(split, license).read(topics, corpus, languages, output.id));
        }
    }

    @Command(name = "neuclir", mixinStandardHelpOptions = true,
            description = {"Imports TREC NeuCLIR/HC4: topics JSONL (topic_id, topics[lang, source, topic_title, "
                    + "topic_description]), documents JSONL per language (id, title, text, url, time, cc_file), TREC qrels.",
                    "One query per topic (id = topic id) in --topic-lang; qrels on documents not imported are skipped "
                    + "(the qrels of all languages come in one file)."})
    static final class Neuclir implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Option(names = "--topics", required = true, paramLabel = "JSONL", description = "topics file, e.g. topics.0720.utf8.jsonl")
        Path topics;
        @Option(names = "--docs", required = true, paramLabel = "LANG=JSONL",
                description = "documents of a language, e.g. fas=neuclir1/fas/docs.jsonl; repeatable")
        Map<String, Path> docs;
        @Option(names = "--qrels", required = true, paramLabel = "FILE", description = "TREC qrels, e.g. 2022-qrels.all")
        Path qrels;
        @Option(names = "--topic-lang", defaultValue = "eng", description = "language of the topic entry used (default: ${DEFAULT-VALUE})")
        String topicLang;
        @Option(names = "--query-text", defaultValue = "title+description",
                description = "title, description or title+description (default: ${DEFAULT-VALUE})")
        String queryText;
        @Option(names = "--license", defaultValue = NeuclirImporter.DEFAULT_LICENSE, description = "licence (default: ${DEFAULT-VALUE})")
        String license;
        @Mixin
        Output output;
        @Mixin
        FollowSymlinksOption links;

        @Override
        public Integer call() {
            List<Path> inputs = new ArrayList<>(docs.values());
            inputs.add(topics);
            inputs.add(qrels);
            return write(spec, output, links, inputs, () -> new NeuclirImporter(NeuclirImporter.QueryText.parse(queryText),
                    topicLang, license).read(topics, docs, qrels, output.id));
        }
    }

    @Command(name = "xor-tydi", mixinStandardHelpOptions = true,
            description = {"Imports XOR-TyDi's XOR-Retrieve: questions JSONL (id, question, answers, lang) against English "
                    + "passages in DPR's TSV (id, text, title).",
                    "A passage is relevant when it contains an answer (NFKC, lower case): give a pool of passages, not all 21M."})
    static final class XorTydi implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Option(names = "--questions", required = true, paramLabel = "JSONL", description = "e.g. xor_dev_retrieve_eng_span.jsonl")
        Path questions;
        @Option(names = "--passages", required = true, paramLabel = "TSV", description = "DPR passages (id, text, title), e.g. a pool of psgs_w100.tsv")
        Path passages;
        @Option(names = "--license", defaultValue = XorTydiImporter.DEFAULT_LICENSE, description = "licence (default: ${DEFAULT-VALUE})")
        String license;
        @Mixin
        Output output;
        @Mixin
        FollowSymlinksOption links;

        @Override
        public Integer call() {
            return write(spec, output, links, List.of(questions, passages),
                    () -> new XorTydiImporter(license).read(questions, passages, output.id));
        }
    }

    @Command(name = "mteb", mixinStandardHelpOptions = true,
            description = {"Imports an MTEB v2 retrieval task exported from the Hub: corpus.jsonl, queries.jsonl, "
                    + "qrels/SPLIT.jsonl (or .tsv), or one such directory per subset (fas/, zho-Hans/, eng-deu/).",
                    "Several subsets go into one dataset, their ids prefixed SUBSET:."})
    static final class Mteb implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Option(names = "--from", required = true, paramLabel = "DIR", description = "the task directory")
        Path from;
        @Option(names = "--split", defaultValue = "test", description = "qrels split (default: ${DEFAULT-VALUE})")
        String split;
        @Option(names = "--lang", description = "language of a single (subset-less) directory")
        String lang;
        @Option(names = "--license", description = "licence of the task (default: none written)")
        String license;
        @Mixin
        Output output;
        @Mixin
        FollowSymlinksOption links;

        @Override
        public Integer call() {
            return write(spec, output, links, List.of(from), () -> new MtebImporter(split, lang, license).read(from, output.id));
        }
    }

    @Command(name = "ir-datasets", mixinStandardHelpOptions = true,
            description = {"Imports the output of 'ir_datasets export DATASET docs|queries|qrels' (TSV or --format jsonl; "
                    + "qrels TREC).", "A TSV export has no header: --doc-fields/--query-fields name its columns as --fields did."})
    static final class IrDatasets implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Option(names = "--docs", required = true, paramLabel = "FILE", description = "docs export (.tsv or .jsonl, optionally .gz)")
        Path docs;
        @Option(names = "--queries", required = true, paramLabel = "FILE", description = "queries export")
        Path queries;
        @Option(names = "--qrels", required = true, paramLabel = "FILE", description = "qrels export (TREC)")
        Path qrels;
        @Option(names = "--lang", required = true, description = "language of the documents")
        String lang;
        @Option(names = "--query-lang", description = "language of the queries (default: --lang)")
        String queryLang;
        @Option(names = "--doc-fields", split = ",", description = "columns of a TSV docs export (default: doc_id,text)")
        List<String> docFields;
        @Option(names = "--query-fields", split = ",", description = "columns of a TSV queries export (default: query_id,text)")
        List<String> queryFields;
        @Option(names = "--license", description = "licence of the dataset (default: none written)")
        String license;
        @Mixin
        Output output;
        @Mixin
        FollowSymlinksOption links;

        @Override
        public Integer call() {
            return write(spec, output, links, List.of(docs, queries, qrels), () -> new IrDatasetsImporter(lang, queryLang,
                    docFields, queryFields, license).read(docs, queries, qrels, output.id));
        }
    }
}
