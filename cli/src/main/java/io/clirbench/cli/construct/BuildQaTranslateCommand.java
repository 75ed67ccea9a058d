package io.clirbench.cli.construct;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.core.construct.llm.BuildReportMarkdown;
import io.clirbench.core.construct.llm.ModelUsage;
import io.clirbench.core.construct.llm.PromptTemplate;
import io.clirbench.core.construct.qatranslate.HashLanguageAssignment;
import io.clirbench.core.construct.qatranslate.LanguageAssignment;
import io.clirbench.core.construct.qatranslate.ManifestLanguageAssignment;
import io.clirbench.core.construct.qatranslate.MixingAudit;
import io.clirbench.core.construct.qatranslate.QaTranslateStep;
import io.clirbench.core.construct.qatranslate.QaTranslator;
import io.clirbench.core.construct.step.StepRunner;
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
import java.util.TreeMap;
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
        BuildFiles files = new BuildFiles().add("rejections.jsonl", rejections.toString()).add(QUARANTINE, quarantine(quarantined))
                .report(report(outcomes, verdicts, released, assignment, releaseGates, runner.llm().usage()),
                        BuildQaTranslateCommand::markdown, runner.record());
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
                quarantined.isEmpty() ? "" : " (" + QUARANTINE + "; by gate " + byGate(quarantined) + ")");
        return 0;
    }

    /** The quarantine file's name. */
    static final String QUARANTINE = "quarantine.jsonl";

    /** One line per quarantined instance: its id, source id, and every failure (gate, unit, reason). */
    private static String quarantine(List<ReleaseGates.Verdict> quarantined) {
        StringBuilder out = new StringBuilder();
        for (ReleaseGates.Verdict v : quarantined) {
            ObjectNode line = JSON.createObjectNode().put("id", v.source().id()).put("source_id", v.source().sourceId());
            ArrayNode issues = line.putArray("issues");
            v.issues().forEach(i -> issues.addObject().put("gate", i.gate()).put("unit", i.unit()).put("reason", i.reason()));
            out.append(line).append('\n');
        }
        return out.toString();
    }

    /** Quarantined instances per gate (an instance failing two gates counts under both). */
    private static Map<String, Integer> byGate(List<ReleaseGates.Verdict> quarantined) {
        Map<String, Integer> out = new TreeMap<>();
        for (ReleaseGates.Verdict v : quarantined) {
            v.issues().stream().map(ReleaseGates.Issue::gate).distinct().forEach(g -> out.merge(g, 1, Integer::sum));
        }
        return out;
    }

    private ObjectNode report(List<QaTranslator.Outcome> outcomes, List<ReleaseGates.Verdict> verdicts, List<QaInstance> kept,
                              LanguageAssignment assignment, ReleaseGates releaseGates, List<ModelUsage> usage) {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode s = root.putObject("setup").put("dataset", dataset.getFileName().toString());
        assignment.languages().forEach(s.putArray("languages")::add);
        s.put("question_language", questionLanguage.equals("source") ? "source" : "assigned").put("assignment_version", assignment.version())
                .put("assignment_manifest_sha256", assignment.manifestSha256()).put("seed", assignment.seed());
        releaseGates.active().forEach(s.putArray("gates")::add);
        int quarantined = verdicts.size() - kept.size();
        root.putObject("counts").put("instances", outcomes.size()).put("translated", verdicts.size()).put("kept", kept.size())
                .put("rejected", outcomes.size() - verdicts.size()).put("quarantined", quarantined)
                .put("translation_calls_needed", outcomes.stream().mapToInt(QaTranslator.Outcome::calls).sum());
        ObjectNode g = root.putObject("quarantined_by_gate");
        releaseGates.active().forEach(n -> g.put(n, 0));
        byGate(verdicts.stream().filter(v -> !v.released()).toList()).forEach(g::put);
        Map<String, Integer> byQuestion = new TreeMap<>();
        kept.forEach(i -> byQuestion.merge(i.questionLanguage(), 1, Integer::sum));
        ObjectNode q = root.putObject("question_languages");
        byQuestion.forEach(q::put);
        root.set("mixing_audit", MixingAudit.of(kept, assignment.languages()));
        Map<String, Integer> reasons = new TreeMap<>();
        outcomes.stream().filter(o -> !o.ok()).forEach(o -> reasons.merge(o.rejection().replaceFirst("^paragraph '[^']*'", "paragraph")
                .replaceFirst(" into [a-z]{2}:", ":"), 1, Integer::sum));
        ObjectNode r = root.putObject("rejections_by_reason");
        reasons.forEach(r::put);
        ModelUsage.putInto(root, usage);
        return root;
    }

    private static String markdown(ObjectNode r) {
        StringBuilder md = new StringBuilder("# QA translation build report\n\n");
        var c = r.get("counts");
        md.append(String.format(Locale.ROOT, "%d instances: %d released, %d rejected, %d quarantined by the release gates; %d translation "
                + "calls needed.%n%n", c.get("instances").asInt(), c.get("kept").asInt(), c.get("rejected").asInt(),
                c.get("quarantined").asInt(), c.get("translation_calls_needed").asInt()));
        var a = r.get("mixing_audit");
        md.append("## Mixing audit\n\n| language | paragraphs | expected | share |\n|---|---:|---:|---:|\n");
        a.get("paragraph_languages").properties().forEach(e -> md.append(String.format(Locale.ROOT, "| %s | %d | %.1f | %.3f |%n", e.getKey(),
                e.getValue().get("observed").asInt(), e.getValue().get("expected").asDouble(), e.getValue().get("share").asDouble())));
        md.append(String.format(Locale.ROOT, "%nChi-square %.3f on %d degrees of freedom.%n", a.get("chi_square").asDouble(),
                a.get("degrees_of_freedom").asInt()));
        var span = a.get("supporting_paragraphs_in_two_or_more_languages");
        md.append(String.format(Locale.ROOT, "Instances whose supporting paragraphs span two or more languages: %d, expected %.2f (sd %.2f, z %.2f).%n",
                span.get("observed").asInt(), span.get("expected").asDouble(), span.get("sd").asDouble(), span.get("z").asDouble()));
        BuildReportMarkdown.reasons(md, "Rejections by reason", r.get("rejections_by_reason"));
        BuildReportMarkdown.reasons(md, "Quarantined by gate", r.get("quarantined_by_gate"));
        BuildReportMarkdown.callsPerModel(md, r.get("usage"));
        return md.toString();
    }
}
