package io.clirbench.core.construct.xbcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.core.construct.audit.Agreement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The raters' verdict on an XBCP build: per target language and criterion, the number of ratings and their mean (every
 * rating counts, several raters of one document included); the gate of {@link VerificationGate} on those means; and,
 * per criterion, how the LLM judge agrees with the raters over the (document, rater) pairs it judged too: mean absolute
 * error, the share of identical scores and Gwet's AC1 over the five score categories (exact agreement corrected for
 * chance; stable where nearly every score is 5, unlike kappa).
 */
public final class HumanVerification {

    private static final ObjectMapper JSON = new ObjectMapper();

    private HumanVerification() {
    }

    public static ObjectNode json(List<RaterSheet.Rating> ratings, List<Judgement> judgements, double minMean) {
        ObjectNode root = JSON.createObjectNode();
        root.put("ratings", ratings.size()).put("documents", ratings.stream().map(RaterSheet.Rating::docId).distinct().count())
                .put("raters", ratings.stream().map(RaterSheet.Rating::rater).distinct().count());
        ObjectNode perLanguage = root.putObject("per_language");
        Map<String, List<RaterSheet.Rating>> byLang = new TreeMap<>();
        ratings.forEach(r -> byLang.computeIfAbsent(r.lang(), k -> new ArrayList<>()).add(r));
        byLang.forEach((lang, list) -> {
            ObjectNode l = perLanguage.putObject(lang).put("ratings", list.size());
            for (String c : TranslationJudge.CRITERIA) {
                l.put(c + "_mean", list.stream().mapToInt(r -> r.asJudgement().score(c)).average().orElseThrow());
            }
        });
        List<String> failures = VerificationGate.failures(ratings.stream().map(RaterSheet.Rating::asJudgement).toList(), minMean);
        ObjectNode gate = root.putObject("gate").put("min_mean", minMean).put("passed", failures.isEmpty());
        failures.forEach(gate.putArray("failures")::add);
        Map<String, Judgement> judged = new HashMap<>();
        judgements.stream().filter(Judgement::ok).forEach(j -> judged.put(j.docId(), j));
        ObjectNode agreement = root.putObject("judge_agreement");
        List<RaterSheet.Rating> paired = ratings.stream().filter(r -> judged.containsKey(r.docId())).toList();
        agreement.put("pairs", paired.size());
        for (String c : TranslationJudge.CRITERIA) {
            int[] human = paired.stream().mapToInt(r -> r.asJudgement().score(c) - 1).toArray();
            int[] judge = paired.stream().mapToInt(r -> judged.get(r.docId()).score(c) - 1).toArray();
            ObjectNode o = agreement.putObject(c);
            put(o, "mean_absolute_error", Agreement.meanAbsoluteError(human, judge));
            long same = java.util.stream.IntStream.range(0, human.length).filter(i -> human[i] == judge[i]).count();
            put(o, "exact_agreement", human.length == 0 ? Double.NaN : same / (double) human.length);
            put(o, "gwet_ac1", Agreement.gwetAc1(human, judge, 5));
        }
        return root;
    }

    private static void put(ObjectNode o, String field, double v) {
        if (Double.isFinite(v)) {
            o.put(field, v);
        } else {
            o.putNull(field);
        }
    }

    public static String markdown(JsonNode r) {
        StringBuilder md = new StringBuilder("# XBCP translation verification by raters\n\n");
        md.append(String.format(Locale.ROOT, "%d ratings of %d documents by %d raters.%n%n| language | ratings | accuracy | fluency | "
                + "completeness |%n|---|---:|---:|---:|---:|%n", r.get("ratings").asInt(), r.get("documents").asInt(), r.get("raters").asInt()));
        r.get("per_language").properties().forEach(e -> md.append(String.format(Locale.ROOT, "| %s | %d | %.2f | %.2f | %.2f |%n",
                e.getKey(), e.getValue().get("ratings").asInt(), e.getValue().get("accuracy_mean").asDouble(),
                e.getValue().get("fluency_mean").asDouble(), e.getValue().get("completeness_mean").asDouble())));
        JsonNode gate = r.get("gate");
        md.append(String.format(Locale.ROOT, "%nGate (every mean at least %.1f): %s%n", gate.get("min_mean").asDouble(),
                gate.get("passed").asBoolean() ? "passed" : "FAILED: " + String.join("; ", texts(gate.get("failures")))));
        JsonNode a = r.get("judge_agreement");
        md.append(String.format(Locale.ROOT, "%n## The LLM judge against the raters (%d pairs)%n%n| criterion | MAE | exact agreement | "
                + "Gwet's AC1 |%n|---|---:|---:|---:|%n", a.get("pairs").asInt()));
        for (String c : TranslationJudge.CRITERIA) {
            JsonNode o = a.get(c);
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s |%n", c, num(o.get("mean_absolute_error")), num(o.get("exact_agreement")),
                    num(o.get("gwet_ac1"))));
        }
        return md.toString();
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        if (array != null) {
            array.forEach(n -> out.add(n.asText()));
        }
        return out;
    }

    private static String num(JsonNode n) {
        return n == null || n.isNull() ? "–" : String.format(Locale.ROOT, "%.3f", n.asDouble());
    }
}
