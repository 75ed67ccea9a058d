package io.clirbench.cli.construct;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.core.llm.BuildLlm;
import io.clirbench.core.llm.PromptTemplate;
import io.clirbench.core.construct.qajudge.JudgeSample;
import io.clirbench.core.construct.qajudge.JudgeUnit;
import io.clirbench.core.construct.qajudge.QaJudge;
import io.clirbench.core.construct.qajudge.QaJudgeReport;
import io.clirbench.core.construct.qajudge.QaJudgeStep;
import io.clirbench.core.construct.qajudge.UnitJudgement;
import io.clirbench.core.construct.qajudge.WeightedOverall;
import io.clirbench.core.llm.step.StepRunner;
import io.clirbench.core.qa.format.QaDatasetReader;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.stats.Stats;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bench build qa-judge}: XHotpotQA's judge step, scoring a sample of a {@code qa-translate} output's translations. */
@Command(name = "qa-judge", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Score the translations of a bench build qa-translate output (XHotpotQA's judge step): a seeded, language-"
                + "balanced sample of translated paragraphs, questions and answers, the peer's sample for the same files and seed, each "
                + "scored 0-100 by the judge model with the peer's strict-JSON prompts, against the source dataset.",
                "Writes OUT: sample.jsonl, judgements.jsonl, failures.jsonl and build-report.json/.md (per language and unit: mean, "
                + "distribution, share below 10, 40 and 60). A unit whose replies stay unusable is a recorded failure. "
                + LlmBuildCommand.STOPPED})
public class BuildQaJudgeCommand extends LlmBuildCommand {

    @Option(names = "--dataset", required = true, paramLabel = "DIR", description = "The translated dataset (a bench build qa-translate output).")
    Path dataset;

    @Option(names = "--source", required = true, paramLabel = "DIR",
            description = "The source QA dataset it was translated from (the qa-translate --dataset).")
    Path source;

    @Option(names = "--paragraphs", defaultValue = "80", paramLabel = "N", description = "Paragraphs judged per language (default: ${DEFAULT-VALUE}).")
    int paragraphs;

    @Option(names = "--questions", defaultValue = "20", paramLabel = "N", description = "Questions judged per language (default: ${DEFAULT-VALUE}).")
    int questions;

    @Option(names = "--answers", defaultValue = "20", paramLabel = "N", description = "Answers judged per language (default: ${DEFAULT-VALUE}).")
    int answers;

    @Option(names = "--seed", defaultValue = "20260810", paramLabel = "S", description = "Seed of the sample (default: ${DEFAULT-VALUE}, the peer's).")
    long seed;

    @Option(names = "--prompt", defaultValue = "v2", paramLabel = "P",
            description = "v2 (the peer's strict-JSON prompts, default) or legacy (the prompts of the paper's GLM-labelled "
                    + "artifacts: an explanation, then a 'SCORE: <integer>' line).")
    String prompt;

    @Override
    public Integer call() throws IOException {
        for (var e : Map.of("--paragraphs", paragraphs, "--questions", questions, "--answers", answers).entrySet()) {
            if (e.getValue() < 0) {
                throw new IllegalArgumentException(e.getKey() + " must not be negative, was " + e.getValue());
            }
        }
        BuildLlmOptions.checkOutput(out, new TreeMap<>(Map.of("--dataset", dataset, "--source", source)));
        List<QaInstance> translated = QaDatasetReader.readAll(dataset);
        List<QaInstance> sources = QaDatasetReader.readAll(source);
        List<JudgeUnit> units = JudgeSample.units(translated, sources, paragraphs, questions, answers, seed);
        QaJudge.Rubric rubric = QaJudge.Rubric.named(prompt);
        Map<JudgeUnit.Kind, PromptTemplate> prompts = QaJudge.prompts(rubric, build.prompts());
        QaJudgeStep step = new QaJudgeStep(units, rubric, prompts, build.maxAttempts());
        return dryRunOrBuild("bench build qa-judge", List.of(step), List.of(), Set.of(QaJudge.ROLE), runner -> run(step, prompts, runner));
    }

    private int run(QaJudgeStep step, Map<JudgeUnit.Kind, PromptTemplate> prompts, StepRunner runner)
            throws InterruptedException, IOException {
        console.printf(Locale.ROOT, "bench build qa-judge: %,d units to judge%n", step.units().size());
        List<UnitJudgement> judgements = runner.run(step);
        BuildLlm llm = runner.llm();
        ObjectNode report = QaJudgeReport.json(new QaJudgeReport.Setup(dataset.getFileName().toString(), source.getFileName().toString(),
                seed, paragraphs, questions, answers, QaJudge.promptHash(prompts), llm.model(QaJudge.ROLE), llm.revision(QaJudge.ROLE)),
                judgements, llm.usage());
        // B as every other interval (10,000), seeded with the sample's seed: the same bytes on every run and resume
        report.set("weighted_overall", WeightedOverall.json(WeightedOverall.Scores.of(judgements), weights(), Stats.DEFAULT_BOOTSTRAP, seed));
        StringBuilder sample = new StringBuilder();
        StringBuilder judged = new StringBuilder();
        StringBuilder failures = new StringBuilder();
        for (UnitJudgement j : judgements) {
            sample.append(j.unit().manifest()).append('\n');
            ObjectNode line = JSON.createObjectNode().put("record_id", j.unit().recordId()).put("language", j.unit().language())
                    .put("unit", j.unit().kind().label());
            if (j.ok()) {
                line.put("score", j.reply().score()).put("rationale", j.reply().rationale());
                j.reply().errorTags().forEach(line.putArray("error_tags")::add);
                llm.modelRef(QaJudge.ROLE).putInto(line, "model_revision");
                line.put("prompt_id", j.prompt().templateId()).put("prompt_version", j.prompt().version())
                        .put("prompt_sha256", j.prompt().sha256()).put("temperature", QaJudge.DECODING.temperature())
                        .put("max_tokens", QaJudge.DECODING.maxTokens()).put("attempts", j.attempts());
                judged.append(line).append('\n');
            } else {
                failures.append(line.put("reason", j.rejection()).put("attempts", j.attempts())).append('\n');
            }
        }
        new BuildFiles().add("sample.jsonl", sample.toString()).add("judgements.jsonl", judged.toString())
                .add("failures.jsonl", failures.toString()).report(report, QaJudgeReport::markdown, runner.record()).replace(out);
        console.printf(Locale.ROOT, "wrote %s: %,d units judged, %,d failed%n", out, report.at("/units/judged").asInt(),
                report.at("/units/failed").asInt());
        return 0;
    }

    /** The sample design's sizes per language, the weights of the overall score (80 : 20 : 20 by default). */
    private Map<JudgeUnit.Kind, Integer> weights() {
        return Map.of(JudgeUnit.Kind.PARAGRAPH, paragraphs, JudgeUnit.Kind.QUESTION, questions, JudgeUnit.Kind.ANSWER, answers);
    }
}
