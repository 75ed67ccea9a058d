package io.clirbench.core.construct.qatranslate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.SupportingFact;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The realised language mixing against its expectation under independent uniform assignment over L languages.
 * Paragraph shares: observed count per language against N/L, with Pearson's chi-square (L − 1 degrees of freedom).
 * Cross-language support: an instance whose k distinct supporting paragraphs got their languages independently spans
 * two or more languages with probability 1 − L^(1−k); the expected number is the sum of those probabilities over the
 * instances, its standard deviation the square root of the sum of p(1 − p) (a sum of independent Bernoulli trials),
 * and z = (observed − expected) / sd.
 */
public final class MixingAudit {

    private static final ObjectMapper JSON = new ObjectMapper();

    private MixingAudit() {
    }

    public static ObjectNode of(List<QaInstance> instances, List<String> languages) {
        int l = languages.size();
        Map<String, Integer> counts = new TreeMap<>();
        languages.forEach(x -> counts.put(x, 0));
        int paragraphs = 0;
        double expectedSpan = 0;
        double variance = 0;
        int observedSpan = 0;
        for (QaInstance i : instances) {
            for (Candidate c : i.candidates()) {
                counts.merge(c.language(), 1, Integer::sum);
                paragraphs++;
            }
            Set<String> supporting = new LinkedHashSet<>();
            for (SupportingFact f : i.supportingFacts()) {
                supporting.add(f.paragraphId());
            }
            Set<String> spoken = new LinkedHashSet<>();
            for (Candidate c : i.candidates()) {
                if (supporting.contains(c.id())) {
                    spoken.add(c.language());
                }
            }
            double p = supporting.isEmpty() ? 0 : 1 - Math.pow(l, 1 - supporting.size());
            expectedSpan += p;
            variance += p * (1 - p);
            observedSpan += spoken.size() >= 2 ? 1 : 0;
        }
        ObjectNode out = JSON.createObjectNode();
        ObjectNode shares = out.putObject("paragraph_languages");
        double expected = (double) paragraphs / l;
        double chi = 0;
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            shares.putObject(e.getKey()).put("observed", e.getValue()).put("expected", expected)
                    .put("share", paragraphs == 0 ? 0 : (double) e.getValue() / paragraphs);
            chi += expected == 0 ? 0 : Math.pow(e.getValue() - expected, 2) / expected;
        }
        out.put("paragraphs", paragraphs).put("chi_square", chi).put("degrees_of_freedom", l - 1);
        double sd = Math.sqrt(variance);
        out.putObject("supporting_paragraphs_in_two_or_more_languages").put("instances", instances.size()).put("observed", observedSpan)
                .put("expected", expectedSpan).put("sd", sd).put("z", sd == 0 ? 0 : (observedSpan - expectedSpan) / sd);
        return out;
    }
}
