package io.clirbench.cli.construct;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.cli.agent.AgentConfigureCommand;
import io.clirbench.core.agentic.configure.AssignmentRule;
import io.clirbench.core.agentic.configure.ConfigurationBuilder;
import io.clirbench.core.agentic.format.AgentTaskReader;
import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.llm.BuildLlm;
import io.clirbench.core.llm.PromptTemplate;
import io.clirbench.core.construct.xbcp.Judgement;
import io.clirbench.core.construct.xbcp.Translation;
import io.clirbench.core.construct.xbcp.TranslationJudge;
import io.clirbench.core.construct.xbcp.TranslationJudgeStep;
import io.clirbench.core.construct.xbcp.XbcpTranslateStep;
import io.clirbench.core.llm.step.StepRunner;
import io.clirbench.core.construct.xbcp.RaterSheet;
import io.clirbench.core.construct.xbcp.TranslationRequest;
import io.clirbench.core.construct.xbcp.VerificationGate;
import io.clirbench.core.construct.xbcp.TranslationRequest.Part;
import io.clirbench.core.construct.xbcp.XbcpBuildReport;
import io.clirbench.core.construct.xbcp.XbcpTranslator;
import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.dataset.DirectoryReplacer;
import io.clirbench.core.dataset.LanguageCheck;
import io.clirbench.core.dataset.LinkFreeTree;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bench build xbcp}: XBCP's evidence translated into other languages and verified on samples. The output is
 * the task (copied) with the new configuration, which {@code bench agent eval --task OUT} reads, and the build report.
 */
@Command(name = "xbcp", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Build an XBCP configuration of an agentic task: questions and answers stay English; the evidence documents "
                + "the corpus lacks in their assigned language are translated by the translator model, text and title (URLs, formulas "
                + "and code kept), "
                + "then a seeded sample per language is judged on accuracy, fluency and completeness (1-5, the MMLU-ProX rubric).",
                "Writes OUT: the task with configurations/NAME/, build-report.json/.md, verification.jsonl, verification-sheet.csv "
                + "(the sample, blind, for bilingual raters: bench build xbcp-ratings reads it back) and rejections.jsonl. "
                + "Exit code 3: stopped (budget or endpoint), run again to resume; 4: some translations were rejected, so the "
                + "configuration was not written; 5: the verification gate failed (a language's mean below --min-mean), so the "
                + "configuration was not written."})
public class BuildXbcpCommand extends LlmBuildCommand {

    @Option(names = "--task", required = true, paramLabel = "DIR", description = "The agentic task (English evidence).")
    Path task;

    @Option(names = "--config", required = true, paramLabel = "NAME", description = "Name of the configuration to build.")
    String config;

    @Option(names = "--rule", paramLabel = "RULE", description = "cross-lingual or multilingual (default: the configuration's name).")
    String rule;

    @Option(names = "--languages", required = true, split = ",", paramLabel = "L", description = "Target languages (BCP-47 tags or ISO 639 codes).")
    List<String> languages;

    @Option(names = "--seed", defaultValue = "42", paramLabel = "S", description = "Seed of the assignment and of the samples (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--verify-sample", defaultValue = "200", paramLabel = "N",
            description = "Translations judged per language (default: ${DEFAULT-VALUE}, XBCP's sample; 0: no verification).")
    int verifySample;

    @Option(names = "--min-mean", defaultValue = "4.0", paramLabel = "X",
            description = "The verification gate: every judged language's mean accuracy, fluency and completeness must be at "
                    + "least X, else the configuration is not written (exit code 5). Default: ${DEFAULT-VALUE}, XBCP's; 0: no gate.")
    double minMean;

    @Option(names = "--chunk-chars", defaultValue = "" + XbcpTranslator.DEFAULT_CHUNK_CHARS, paramLabel = "N",
            description = "Longest wording one translation call gets, in characters; a longer document is translated in chunks cut "
                    + "at blank lines, else sentence ends, and joined again (default: ${DEFAULT-VALUE}).")
    int chunkChars;

    @Override
    public Integer call() throws IOException {
        String r = rule == null ? config : rule;
        if (!r.equals("cross-lingual") && !r.equals("multilingual")) {
            throw new IllegalArgumentException("--rule '" + r + "': XBCP translates evidence, so the rule is cross-lingual or multilingual "
                    + "(of " + AssignmentRule.RULES + ")");
        }
        if (!config.matches("[a-z0-9][a-z0-9-]*")) {
            throw new IllegalArgumentException("--config '" + config + "' must be lower-case letters, digits and '-'");
        }
        if (LanguageCheck.listProblem(languages) != null) {
            throw new IllegalArgumentException("--languages: " + LanguageCheck.listProblem(languages));
        }
        if (chunkChars < 200) {
            throw new IllegalArgumentException("--chunk-chars must be at least 200 (a sentence or two), was " + chunkChars);
        }
        if (!(minMean >= 0 && minMean <= 5)) {
            throw new IllegalArgumentException("--min-mean must be from 0 to 5 (the judge's scale), was " + minMean);
        }
        if (verifySample < 0) {
            throw new IllegalArgumentException("--verify-sample must not be negative, was " + verifySample);
        }
        languages = LanguageCheck.canonical(languages); // pt_BR -> pt-BR, fas -> fa
        checkOut();
        AgentTask t = AgentTaskReader.read(task);
        List<TranslationRequest> requests = XbcpTranslator.plan(t, r, languages, seed);
        XbcpTranslateStep translate = new XbcpTranslateStep(requests, XbcpTranslator.prompts(build.prompts()), build.maxAttempts(),
                chunkChars);
        PromptTemplate judge = PromptTemplate.load(TranslationJudge.PROMPT, build.prompts());
        long titles = requests.stream().filter(q -> q.part() == Part.TITLE).count();
        Set<String> roles = new LinkedHashSet<>(List.of(XbcpTranslator.ROLE));
        if (verifySample > 0) {
            roles.add(TranslationJudge.ROLE);
        }
        return dryRunOrBuild("bench build xbcp", List.of(translate, TranslationJudgeStep.planned(requests, verifySample, seed, judge,
                build.maxAttempts())), List.of(String.format(Locale.ROOT, "translator: one call per chunk of at most %,d characters "
                + "of a document to translate and one per non-blank title (%,d titles); judge: %d per language", chunkChars, titles,
                verifySample)), roles, runner -> run(t, r, translate, judge, runner));
    }

    private int run(AgentTask t, String r, XbcpTranslateStep translate, PromptTemplate judge, StepRunner runner)
            throws InterruptedException, IOException {
        List<TranslationRequest> requests = translate.units();
        long titles = requests.stream().filter(q -> q.part() == Part.TITLE).count();
        console.printf(Locale.ROOT, "bench build xbcp: %,d evidence documents (and %,d titles) to translate into %s%n",
                requests.size() - titles, titles, languages);
        List<Translation> translations = runner.run(translate);
        List<Translation> sample = verifySample == 0 ? List.of() : TranslationJudge.sample(translations, verifySample, seed);
        List<Judgement> judgements = runner.run(new TranslationJudgeStep(sample, XbcpTranslator.titles(translations), judge,
                build.maxAttempts(), false));
        BuildLlm llm = runner.llm();
        boolean complete = translations.stream().allMatch(Translation::ok);
        List<String> gate = VerificationGate.failures(judgements, minMean);
        ConfigurationBuilder.Built built = complete && gate.isEmpty()
                ? XbcpTranslator.configuration(t, r, languages, seed, translations, llm.modelRef(XbcpTranslator.ROLE)) : null;
        ObjectNode report = XbcpBuildReport.json(new XbcpBuildReport.Setup(task.getFileName().toString(), config, r, languages, seed,
                verifySample), translations, judgements, llm.usage());
        ObjectNode g = report.putObject("gate").put("min_mean", minMean).put("passed", gate.isEmpty());
        gate.forEach(g.putArray("failures")::add);
        BuildFiles files = new BuildFiles().add("verification.jsonl", verificationLines(judgements, llm))
                .add(BuildXbcpRatingsCommand.SHEET, RaterSheet.render(sample, XbcpTranslator.titles(translations)))
                .add("rejections.jsonl", rejectionLines(translations, judgements))
                .report(report, XbcpBuildReport::markdown, runner.record());
        DirectoryReplacer.replace(out, true, dir -> {
            copyTask(dir);
            if (built != null) {
                AgentConfigureCommand.write(dir, AgentTaskReader.read(dir), config, r, seed, languages, built);
            }
            files.writeInto(dir);
        });
        long rejected = translations.stream().filter(x -> !x.ok()).count();
        console.printf(Locale.ROOT, "wrote %s: %,d translations accepted, %,d rejected; %,d judged%n", out,
                translations.size() - rejected, rejected, judgements.stream().filter(Judgement::ok).count());
        if (!complete) {
            console.printf(Locale.ROOT, "bench build xbcp: %,d translations were rejected (see %s), so configurations/%s was not written; "
                    + "raise --max-attempts or adapt the prompt (--prompts), then run again: answered calls are not paid again%n",
                    rejected, out.resolve("rejections.jsonl"), config);
            return 4;
        }
        if (!gate.isEmpty()) {
            console.printf(Locale.ROOT, "bench build xbcp: the verification gate failed (mean below %.1f): %s; configurations/%s was "
                    + "not written. Improve the translations (--prompts, another translator) or review them, then run again%n", minMean,
                    String.join("; ", gate), config);
            return 5;
        }
        return 0;
    }

    private String verificationLines(List<Judgement> judgements, BuildLlm llm) {
        StringBuilder sb = new StringBuilder();
        for (Judgement j : judgements) {
            if (!j.ok()) {
                continue;
            }
            ObjectNode line = JSON.createObjectNode().put("docid", j.docId()).put("lang", j.lang()).put("accuracy", j.accuracy())
                    .put("fluency", j.fluency()).put("completeness", j.completeness()).put("comment", j.comment());
            llm.modelRef(TranslationJudge.ROLE).putInto(line, "model_revision");
            sb.append(line.put("attempts", j.attempts())).append('\n');
        }
        return sb.toString();
    }

    private static String rejectionLines(List<Translation> translations, List<Judgement> judgements) {
        StringBuilder sb = new StringBuilder();
        for (Translation x : translations) {
            if (!x.ok()) {
                sb.append(JSON.createObjectNode().put("step", "translate").put("part", x.request().part().label())
                        .put("docid", x.request().translatedId())
                        .put("source_id", x.request().sourceId()).put("lang", x.request().targetLang()).put("reason", x.rejection())
                        .put("attempts", x.attempts())).append('\n');
            }
        }
        for (Judgement j : judgements) {
            if (!j.ok()) {
                sb.append(JSON.createObjectNode().put("step", "judge").put("docid", j.docId()).put("lang", j.lang())
                        .put("reason", j.rejection()).put("attempts", j.attempts())).append('\n');
            }
        }
        return sb.toString();
    }

    /**
     * An existing OUT is replaced only when it holds an earlier build (its build-report.json), and never holds the task;
     * the task, which is copied into OUT, holds no symbolic link or special file (issue 45: a link was followed and what
     * it led to copied), checked by attributes before anything is read.
     */
    private void checkOut() throws IOException {
        BuildLlmOptions.checkOutput(out, Map.of("--task", task));
        try {
            LinkFreeTree.check(Files.isSymbolicLink(task) ? task.toRealPath() : task);
        } catch (DatasetFormatException e) {
            throw new IllegalArgumentException("--task " + task + ": " + e.getMessage() + " (the build copies the task into OUT)", e);
        }
    }

    private void copyTask(Path dir) throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.walk(task)) {
            s.sorted().forEach(files::add);
        }
        for (Path p : files) {
            Path target = dir.resolve(task.relativize(p).toString());
            if (Files.isDirectory(p)) {
                Files.createDirectories(target);
            } else {
                Files.copy(p, target);
            }
        }
    }
}
