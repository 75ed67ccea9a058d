package io.clirbench.cli.construct;

import io.clirbench.core.llm.BuildLlm;
import io.clirbench.core.llm.PromptTemplate;
import io.clirbench.core.construct.qac.DatasetStatistics;
import io.clirbench.core.construct.qac.QacBuildReport;
import io.clirbench.core.construct.qac.QacGenerator;
import io.clirbench.core.construct.qac.QacItem;
import io.clirbench.core.construct.qac.QacMode;
import io.clirbench.core.construct.qac.QacOutput;
import io.clirbench.core.construct.qac.QacPlan;
import io.clirbench.core.construct.qac.QacPlanner;
import io.clirbench.core.construct.qac.QacResult;
import io.clirbench.core.construct.qac.QacSetup;
import io.clirbench.core.construct.qac.QacStep;
import io.clirbench.core.llm.step.StepRunner;
import io.clirbench.core.dataset.DatasetWriter;
import io.clirbench.core.dataset.EntityReader;
import io.clirbench.core.dataset.LanguageCheck;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Document;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bench build qac}: ChemCLIR-Bench's QAC generation pipeline over a team's own corpus. */
@Command(name = "qac", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Build a retrieval benchmark from your corpus with ChemCLIR-Bench's QAC pipeline: families with at least "
                + "--min-languages languages; a balanced, seeded selection of sources (--max-sources) over the setups and modes; per "
                + "source a generator writes three candidate questions in a target language (by the setup) and mode; a separate "
                + "verifier model compares the three for faithfulness (3-15) and, with the mode's prompt, quality (5-25); the best "
                + "total of 40 is kept (no threshold unless --min-score).",
                "Writes OUT: the clirbench dataset (dataset.json, corpus, queries, qrels), qac.csv (ChemCLIR's QAC layout; "
                + "bench import chemclir-qac reads it), selection-manifest.csv, candidates.jsonl, rejections.jsonl, "
                + "dataset-stats.tsv and build-report.json/.md (with the Table-1 statistics). " + LlmBuildCommand.STOPPED})
public class BuildQacCommand extends LlmBuildCommand {

    @Option(names = "--corpus", required = true, paramLabel = "FILE",
            description = "clirbench corpus.jsonl(.gz): _id, text, lang and family per document.")
    Path corpus;

    @Option(names = "--languages", required = true, split = ",", paramLabel = "L",
            description = "Target languages of the questions (BCP-47 tags or ISO 639 codes); prompts ship for en, de, fr, es, zh (others via --prompts).")
    List<String> languages;

    @Option(names = "--setup", defaultValue = "mixed", paramLabel = "SETUP",
            description = "random-any, random-missing, random-existing, all, or mixed (the four balanced per source; "
                    + "default: ${DEFAULT-VALUE}).")
    String setup;

    @Option(names = "--mode", defaultValue = "mixed", paramLabel = "MODE",
            description = "technical, general or mixed (both, balanced per source; default: ${DEFAULT-VALUE}).")
    String mode;

    @Option(names = "--sources", defaultValue = "one-per-family", paramLabel = "S",
            description = "one-per-family (a seeded language version of each family) or all (default: ${DEFAULT-VALUE}).")
    String sources;

    @Option(names = "--seed", defaultValue = "42", paramLabel = "S", description = "Seed of every choice (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--min-languages", defaultValue = "2", paramLabel = "N",
            description = "A family with fewer distinct languages in the corpus gets no question (default: ${DEFAULT-VALUE}).")
    int minLanguages;

    @Option(names = "--max-sources", paramLabel = "N",
            description = "Select N sources from the seeded pool, balanced over the setups and modes (default: the whole pool). "
                    + "The selection is written to selection-manifest.csv.")
    Integer maxSources;

    @Option(names = "--min-score", paramLabel = "N",
            description = "Keep a question only when its best verifier total (8-40) is at least N. Default: none (the paper "
                    + "keeps the best of the three).")
    Integer minScore;

    @Option(names = "--allow-same-verifier",
            description = "Let the verifier role use the generator's model (refused by default: the paper's verifier is a separate "
                    + "model, so that a model does not grade its own questions).")
    boolean allowSameVerifier;

    @Option(names = "--id", paramLabel = "ID", description = "The dataset id (default: OUT's directory name).")
    String id;

    @Override
    public Integer call() throws IOException {
        List<QacSetup> setups = QacSetup.listOf(setup);
        List<QacMode> modes = QacPlanner.modes(mode);
        if (!sources.equals("one-per-family") && !sources.equals("all")) {
            throw new IllegalArgumentException("--sources '" + sources + "' is not one-per-family or all");
        }
        for (String l : languages) {
            if (LanguageCheck.problem(l) != null) {
                throw new IllegalArgumentException("--languages: " + LanguageCheck.problem(l));
            }
        }
        languages = LanguageCheck.canonical(languages); // pt_BR -> pt-BR, fas -> fa
        if (minScore != null && (minScore < 8 || minScore > 40)) {
            throw new IllegalArgumentException("--min-score must be within 8-40 (the verifier's total), was " + minScore);
        }
        if (minLanguages < 1) {
            throw new IllegalArgumentException("--min-languages must be at least 1, was " + minLanguages);
        }
        if (maxSources != null && maxSources < 1) {
            throw new IllegalArgumentException("--max-sources must be at least 1, was " + maxSources);
        }
        BuildLlmOptions.checkOutput(out, Map.of("--corpus", corpus));
        Problems problems = new Problems();
        List<Document> documents = EntityReader.STRICT.readCorpus(corpus, problems).items();
        problems.throwIfAny();
        QacPlan plan = QacPlanner.plan(documents, languages, setups, modes, sources.equals("all"), minLanguages, maxSources, seed);
        checkPrompts(plan);
        QacStep step = new QacStep(plan.items(), new QacGenerator(build.prompts(), build.maxAttempts(), minScore));
        if (!build.dryRun()) {
            checkSeparateVerifier();
        }
        long selected = plan.manifest().stream().filter(QacPlan.ManifestRow::selected).count();
        return dryRunOrBuild("bench build qac", List.of(step), List.of(String.format(Locale.ROOT, "%,d of %,d pool sources selected; "
                + "%,d source documents skipped", selected, plan.manifest().size(), plan.skipped().size())),
                Set.of(QacGenerator.GENERATOR, QacGenerator.VERIFIER), runner -> run(documents, plan, step, runner));
    }

    private int run(List<Document> documents, QacPlan plan, QacStep step, StepRunner runner) throws InterruptedException {
        console.printf(Locale.ROOT, "bench build qac: %,d questions to build (%,d source documents skipped)%n", plan.items().size(),
                plan.skipped().size());
        List<QacResult> results = runner.run(step);
        BuildLlm llm = runner.llm();
        String corpusName = corpus.getFileName().toString();
        Dataset dataset = QacOutput.dataset(id != null ? id : out.toAbsolutePath().normalize().getFileName().toString(), corpusName,
                documents, results);
        DatasetStatistics statistics = DatasetStatistics.of(dataset);
        var report = QacBuildReport.json(new QacBuildReport.Setup(corpusName, languages, setup, mode, sources, seed, minScore, minLanguages,
                maxSources), plan, results, statistics, llm.usage());
        BuildFiles files = new BuildFiles().add("qac.csv", QacOutput.csv(results))
                .add("dataset-stats.tsv", statistics.tsv("bench build qac", corpusName))
                .add("selection-manifest.csv", QacOutput.manifest(plan))
                .add("candidates.jsonl", QacOutput.candidates(results, llm.modelRef(QacGenerator.GENERATOR), llm.modelRef(QacGenerator.VERIFIER)))
                .add("rejections.jsonl", QacOutput.rejections(plan, results))
                .report(report, QacBuildReport::markdown, runner.record());
        DatasetWriter.write(dataset, out, true, files.bytes());
        console.printf(Locale.ROOT, "wrote %s: %,d questions kept of %,d, %,d rejected; %d qrels, %d cross-language%n", out,
                dataset.queries().size(), results.size(), results.size() - dataset.queries().size(), statistics.qrels(),
                statistics.crossLangQrels());
        return 0;
    }

    /**
     * The verifier must be another model than the generator (compared by model name, case-insensitively), unless
     * {@code --allow-same-verifier}: refused before any call.
     */
    private void checkSeparateVerifier() {
        if (allowSameVerifier) {
            return;
        }
        var config = build.config();
        var generatorModel = config.roles().get(QacGenerator.GENERATOR);
        var verifierModel = config.roles().get(QacGenerator.VERIFIER);
        if (generatorModel != null && verifierModel != null && generatorModel.model().equalsIgnoreCase(verifierModel.model())) {
            throw new IllegalArgumentException(build.configSource() + ": the verifier's model '" + verifierModel.model()
                    + "' is the generator's: ChemCLIR-Bench's verifier is a separate model, so that no model grades its own questions. "
                    + "Give the verifier role another model in --models, or --allow-same-verifier to build anyway");
        }
    }

    /** Every prompt the plan needs exists before any call is made. */
    private void checkPrompts(QacPlan plan) {
        Set<String> needed = new LinkedHashSet<>();
        for (QacItem item : plan.items()) {
            needed.add(item.mode().generatorPrompt(item.targetLang()));
            needed.add(QacMode.FAITHFULNESS_PROMPT);
            needed.add(item.mode().qualityPrompt());
        }
        for (String name : needed) {
            if (!PromptTemplate.exists(name, build.prompts())) {
                throw new IllegalArgumentException("no prompt " + name + ": the mode prompts are written in the question's language and "
                        + "ship for en, de, fr, es and zh; write it (see the shipped " + QacMode.TECHNICAL.generatorPrompt("en")
                        + ") into a directory given with --prompts");
            }
        }
    }
}
