package io.clirbench.cli.construct;

import io.clirbench.core.llm.PromptTemplate;
import io.clirbench.core.construct.qatranslate.HashLanguageAssignment;
import io.clirbench.core.construct.qatranslate.LanguageAssignment;
import io.clirbench.core.construct.qatranslate.ManifestLanguageAssignment;
import io.clirbench.core.construct.qatranslate.QaTranslateReport;
import io.clirbench.core.construct.qatranslate.QaTranslateStep;
import io.clirbench.core.construct.qatranslate.QaTranslator;
import io.clirbench.core.llm.step.StepRunner;
import io.clirbench.core.construct.qatranslate.ReleaseGates;
import io.clirbench.core.dataset.DirectoryReplacer;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.LanguageCheck;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.qa.export.XhotpotDatasetWriter;
import io.clirbench.core.qa.export.XhotpotExport;
import io.clirbench.core.qa.export.XhotpotLanguages;
import io.clirbench.core.qa.format.QaDatasetReader;
import io.clirbench.core.qa.model.QaDatasetInfo;
import io.clirbench.core.qa.model.QaInstance;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bench build qa-translate}: XHotpotQA's translation and assignment pipeline. */
@Command(name = "qa-translate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Build a mixed-language multi-hop QA dataset from an English one (XHotpotQA's pipeline): each candidate "
                + "paragraph and the question-answer unit get a language independently, by XHotpotQA's own seeded hash "
                + "(sha256-hash-v1: the same seed and language list give the peer's assignment) or from a frozen manifest "
                + "(--assignment); titles and ordered sentences are translated with the sentence count kept, so "
                + "supporting-fact indices stay valid; translated instances pass release gates (language identification, "
                + "entity/number consistency, answer occurrence, exact-copy screen) or are quarantined; the mixing of what is "
                + "released is audited.",
                "Writes OUT in the layout XHotpotQA's loader reads (instances.jsonl, clirbench-extra.jsonl, dataset.json), with "
                + "rejections.jsonl, quarantine.jsonl and build-report.json/.md. " + LlmBuildCommand.STOPPED})
public class BuildQaTranslateCommand extends LlmBuildCommand {

    @Option(names = "--dataset", required = true, paramLabel = "DIR", description = "The source QA dataset (clirbench QA layout).")
    Path dataset;

    @Option(names = "--languages", split = ",", paramLabel = "L",
            description = "The languages units are drawn from, uniformly, in this order (the order is part of the assignment, as "
                    + "in the peer; include the source language to keep some as they are). Not with --assignment.")
    List<String> languages;

    @Option(names = "--assignment", paramLabel = "MANIFEST",
            description = "Replay a frozen assignment (XHotpotQA's xhotpotqa-assignment-manifest-v1 JSON) instead of drawing "
                    + "one: every source's units exactly as listed; its SHA-256 goes into each record's provenance.")
    Path manifest;

    @Option(names = "--question-language", defaultValue = "assigned", paramLabel = "P",
            description = "assigned (the question and answer take the question-answer unit's language, as in XHotpotQA) or "
                    + "source (they stay in their language); 'random' is the older name of assigned. Default: ${DEFAULT-VALUE}.")
    String questionLanguage;

    @Option(names = "--seed", defaultValue = "42", paramLabel = "S", description = "Seed of the assignment (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--gates", split = ",", defaultValue = "all", paramLabel = "G",
            description = "The release gates an instance must pass to be released, else it is quarantined (quarantine.jsonl): all "
                    + "(default), none, or some of language-id, entity-number, answer-occurrence, exact-copy.")
    List<String> gates;

    @Override
    public Integer call() throws IOException {
        if (!List.of("assigned", "random", "source").contains(questionLanguage)) {
            throw new IllegalArgumentException("--question-language '" + questionLanguage + "' is not assigned or source");
        }
        LanguageAssignment assignment = assignment();
        ReleaseGates releaseGates = ReleaseGates.of(gates);
        BuildLlmOptions.checkOutput(out, Map.of("--dataset", dataset));
        List<QaInstance> instances = QaDatasetReader.readAll(dataset);
        QaTranslator translator = new QaTranslator(assignment, !questionLanguage.equals("source"),
                PromptTemplate.load("qa-translate/paragraph.txt", build.prompts()), PromptTemplate.load("qa-translate/question.txt",
                build.prompts()), build.maxAttempts());
        checkQuestionLanguages(instances, translator);
        QaTranslateStep step = new QaTranslateStep(instances, translator);
        return dryRunOrBuild("bench build qa-translate", List.of(step), List.of(String.format(Locale.ROOT, "%,d instances; release "
                + "gates: %s", instances.size(), releaseGates.active())), Set.of(QaTranslator.ROLE), runner -> run(step, assignment,
                releaseGates, runner));
    }

    /**
     * The output is in XHotpotQA's layout, whose loader refuses any language outside its 24 codes: a paragraph drawn into
     * another language would be translated, paid for, and then left out of the output with its instance (issue 45).
     */
    private LanguageAssignment assignment() {
        if ((languages == null) == (manifest == null)) {
            throw new IllegalArgumentException("give either --languages (a seeded assignment) or --assignment MANIFEST (a frozen one)");
        }
        if (manifest != null) {
            return ManifestLanguageAssignment.read(manifest);
        }
        checkLanguages();
        return new HashLanguageAssignment(seed, languages);
    }

    private void checkLanguages() {
        String problem = LanguageCheck.listProblem(languages);
        if (problem != null) {
            throw new IllegalArgumentException("--languages: " + problem);
        }
        languages = LanguageCheck.canonical(languages); // fas -> fa, iw -> he
        for (String l : languages) {
            if (!XhotpotLanguages.supports(l)) {
                throw new IllegalArgumentException("--languages: " + JsonValues.quote(l) + " is not one of XHotpotQA's 24 language "
                        + "codes " + XhotpotLanguages.CODES + ", the only ones the output's layout holds");
            }
        }
    }

    /**
     * Before any call: every instance's units must be covered by the assignment (a manifest may lack a source), and with
     * {@code --question-language source} a question keeps its language, which must then be one of XHotpotQA's too.
     */
    private void checkQuestionLanguages(List<QaInstance> instances, QaTranslator translator) {
        Problems problems = new Problems();
        String file = QaDatasetReader.instancesFile(dataset).getFileName().toString();
        for (int n = 0; n < instances.size(); n++) {
            QaInstance i = instances.get(n);
            String uncovered = translator.assignmentProblem(i);
            if (uncovered != null) {
                problems.add(file, "record " + (n + 1) + " (id " + JsonValues.quote(i.id()) + "): " + uncovered);
            } else if (questionLanguage.equals("source") && !XhotpotLanguages.supports(i.questionLanguage())) {
                problems.add(file, "record " + (n + 1) + " (id " + JsonValues.quote(i.id()) + "): question language "
                        + JsonValues.quote(i.questionLanguage()) + " is not one of XHotpotQA's 24 codes, and --question-language "
                        + "source keeps it (the output's layout could not hold the instance): give --question-language assigned");
            }
        }
        problems.throwIfAny();
    }

    private int run(QaTranslateStep step, LanguageAssignment assignment, ReleaseGates releaseGates, StepRunner runner)
            throws InterruptedException, IOException {
        List<QaInstance> instances = step.units();
        console.printf(Locale.ROOT, "bench build qa-translate: %,d instances over %s (assignment %s), gates %s%n", instances.size(),
                assignment.languages(), assignment.version(), releaseGates.active());
        List<QaTranslator.Outcome> outcomes = runner.run(step);
        List<ReleaseGates.Verdict> verdicts = outcomes.stream().filter(QaTranslator.Outcome::ok)
                .map(o -> releaseGates.judge(o.source(), o.translated())).toList();
        List<QaInstance> released = verdicts.stream().filter(ReleaseGates.Verdict::released).map(ReleaseGates.Verdict::translated).toList();
        List<ReleaseGates.Verdict> quarantined = verdicts.stream().filter(v -> !v.released()).toList();
        String name = out.toAbsolutePath().normalize().getFileName().toString();
        StringBuilder rejections = new StringBuilder();
        outcomes.stream().filter(o -> !o.ok()).forEach(o -> rejections.append(JSON.createObjectNode().put("id", o.source().id())
                .put("reason", o.rejection())).append('\n'));
        BuildFiles files = new BuildFiles().add("rejections.jsonl", rejections.toString())
                .add(QaTranslateReport.QUARANTINE, QaTranslateReport.quarantine(quarantined))
                .report(QaTranslateReport.json(dataset.getFileName().toString(), questionLanguage.equals("source") ? "source" : "assigned",
                        outcomes, verdicts, released, assignment, releaseGates, runner.llm().usage()), QaTranslateReport::markdown,
                        runner.record());
        XhotpotDatasetWriter.Summary[] written = new XhotpotDatasetWriter.Summary[1];
        DirectoryReplacer.replace(out, true, dir -> {
            written[0] = XhotpotDatasetWriter.write(new QaDatasetInfo(name, name, "1", "see the source dataset's licence",
                    "bench build qa-translate over " + dataset.getFileName(), List.of()), released, dataset.getFileName().toString(), dir);
            if (written[0].written() != released.size()) {
                throw new IllegalStateException("the XHotpotQA writer wrote " + written[0].written() + " of " + released.size()
                        + " released instances (left out for their languages: " + written[0].leftOutByLanguage() + ")");
            }
            files.writeInto(dir);
        });
        console.printf(Locale.ROOT, "wrote %s: %,d instances of %,d released (%s), %,d rejected, %,d quarantined%s%n", out,
                written[0].written(), instances.size(), XhotpotExport.INSTANCES, instances.size() - verdicts.size(), quarantined.size(),
                quarantined.isEmpty() ? "" : " (" + QaTranslateReport.QUARANTINE + "; by gate " + QaTranslateReport.byGate(quarantined) + ")");
        return 0;
    }
}
