package io.clirbench.core.construct.qatranslate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.core.llm.BuildReportMarkdown;
import io.clirbench.core.llm.ModelUsage;
import io.clirbench.core.qa.model.QaInstance;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** What {@code bench build qa-translate} reports: {@code build-report.json}/{@code .md} and {@code quarantine.jsonl}. */
public final class QaTranslateReport {

    private static final ObjectMapper JSON = new ObjectMapper();

    private QaTranslateReport() {
    }

    /** The quarantine file's name. */
    public static final String QUARANTINE = "quarantine.jsonl";

    /** One line per quarantined instance: its id, source id, and every failure (gate, unit, reason). */
    public static String quarantine(List<ReleaseGates.Verdict> quarantined) {
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
    public static Map<String, Integer> byGate(List<ReleaseGates.Verdict> quarantined) {
        Map<String, Integer> out = new TreeMap<>();
        for (ReleaseGates.Verdict v : quarantined) {
            v.issues().stream().map(ReleaseGates.Issue::gate).distinct().forEach(g -> out.merge(g, 1, Integer::sum));
        }
        return out;
    }

    /**
     * {@code build-report.json}: the setup ({@code questionLanguage}: {@code assigned} or {@code source}), the counts (the
     * kept ones are the instances written), quarantines per gate, question languages, the mixing audit of what is released,
     * rejections by reason and the calls per model.
     */
    public static ObjectNode json(String dataset, String questionLanguage, List<QaTranslator.Outcome> outcomes,
                                  List<ReleaseGates.Verdict> verdicts, List<QaInstance> kept, LanguageAssignment assignment,
                                  ReleaseGates releaseGates, List<ModelUsage> usage) {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode s = root.putObject("setup").put("dataset", dataset);
        assignment.languages().forEach(s.putArray("languages")::add);
        s.put("question_language", questionLanguage).put("assignment_version", assignment.version())
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

    /** {@code build-report.md}. */
    public static String markdown(ObjectNode r) {
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
