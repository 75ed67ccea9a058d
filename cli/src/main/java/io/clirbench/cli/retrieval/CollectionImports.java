package io.clirbench.cli.retrieval;

import io.clirbench.core.dataset.importer.IrDatasetsImporter;
import io.clirbench.core.dataset.importer.MiraclImporter;
import io.clirbench.core.dataset.importer.MtebImporter;
import io.clirbench.core.dataset.importer.NeuclirImporter;
import io.clirbench.core.dataset.importer.XorTydiImporter;
import io.clirbench.core.model.Dataset;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The {@code import} subcommands of the standard cross-language collections, each reading its released layout (README "Datasets"). */
final class CollectionImports {

    private CollectionImports() {
    }

    /** A collection import: its {@code --id}, named after the input when not given. */
    abstract static class CollectionImport extends DatasetImport {
        @Option(names = "--id", description = "dataset id (default: named after the input)")
        String id;
    }

    @Command(name = "miracl", mixinStandardHelpOptions = true,
            description = {"Imports MIRACL: topics and qrels from a clone of the Hub dataset miracl/miracl "
                    + "(miracl-v1.0-LANG/topics|qrels/...-SPLIT.tsv), passages from a clone of miracl/miracl-corpus "
                    + "(miracl-corpus-v1.0-LANG/docs-N.jsonl.gz).",
                    "Several languages go into one dataset, their ids prefixed LANG: (MIRACL's ids repeat across languages)."})
    static final class Miracl extends CollectionImport {
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

        @Override
        List<Path> inputs() {
            return List.of(topics, corpus);
        }

        @Override
        Dataset writeTo(Path target) {
            return write(new MiraclImporter(split, license).read(topics, corpus, languages, id), target);
        }
    }

    @Command(name = "neuclir", mixinStandardHelpOptions = true,
            description = {"Imports TREC NeuCLIR/HC4: topics JSONL (topic_id, topics[lang, source, topic_title, "
                    + "topic_description]), documents JSONL per language (id, title, text, url, time, cc_file), TREC qrels.",
                    "One query per topic (id = topic id) in --topic-lang; qrels on documents not imported are skipped "
                    + "(the qrels of all languages come in one file)."})
    static final class Neuclir extends CollectionImport {
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

        @Override
        List<Path> inputs() {
            List<Path> inputs = new ArrayList<>(docs.values());
            inputs.add(topics);
            inputs.add(qrels);
            return inputs;
        }

        @Override
        Dataset writeTo(Path target) {
            return write(new NeuclirImporter(NeuclirImporter.QueryText.parse(queryText), topicLang, license)
                    .read(topics, docs, qrels, id), target);
        }
    }

    @Command(name = "xor-tydi", mixinStandardHelpOptions = true,
            description = {"Imports XOR-TyDi's XOR-Retrieve: questions JSONL (id, question, answers, lang) against English "
                    + "passages in DPR's TSV (id, text, title).",
                    "A passage is relevant when it contains an answer (NFKC, lower case): give a pool of passages, not all 21M."})
    static final class XorTydi extends CollectionImport {
        @Option(names = "--questions", required = true, paramLabel = "JSONL", description = "e.g. xor_dev_retrieve_eng_span.jsonl")
        Path questions;
        @Option(names = "--passages", required = true, paramLabel = "TSV", description = "DPR passages (id, text, title), e.g. a pool of psgs_w100.tsv")
        Path passages;
        @Option(names = "--license", defaultValue = XorTydiImporter.DEFAULT_LICENSE, description = "licence (default: ${DEFAULT-VALUE})")
        String license;

        @Override
        List<Path> inputs() {
            return List.of(questions, passages);
        }

        @Override
        Dataset writeTo(Path target) {
            return write(new XorTydiImporter(license).read(questions, passages, id), target);
        }
    }

    @Command(name = "mteb", mixinStandardHelpOptions = true,
            description = {"Imports an MTEB v2 retrieval task exported from the Hub: corpus.jsonl, queries.jsonl, "
                    + "qrels/SPLIT.jsonl (or .tsv), or one such directory per subset (fas/, zho-Hans/, eng-deu/).",
                    "Several subsets go into one dataset, their ids prefixed SUBSET:."})
    static final class Mteb extends CollectionImport {
        @Option(names = "--from", required = true, paramLabel = "DIR", description = "the task directory")
        Path from;
        @Option(names = "--split", defaultValue = "test", description = "qrels split (default: ${DEFAULT-VALUE})")
        String split;
        @Option(names = "--lang", description = "language of a single (subset-less) directory")
        String lang;
        @Option(names = "--license", description = "licence of the task (default: none written)")
        String license;

        @Override
        List<Path> inputs() {
            return List.of(from);
        }

        @Override
        Dataset writeTo(Path target) {
            return write(new MtebImporter(split, lang, license).read(from, id), target);
        }
    }

    @Command(name = "ir-datasets", mixinStandardHelpOptions = true,
            description = {"Imports the output of 'ir_datasets export DATASET docs|queries|qrels' (TSV or --format jsonl; "
                    + "qrels TREC).", "A TSV export has no header: --doc-fields/--query-fields name its columns as --fields did."})
    static final class IrDatasets extends CollectionImport {
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

        @Override
        List<Path> inputs() {
            return List.of(docs, queries, qrels);
        }

        @Override
        Dataset writeTo(Path target) {
            return write(new IrDatasetsImporter(lang, queryLang, docFields, queryFields, license).read(docs, queries, qrels, id),
                    target);
        }
    }
}
