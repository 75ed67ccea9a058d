package io.clirbench.core.agentic.eval;

import io.clirbench.core.agentic.configure.OracleVariant;
import io.clirbench.core.stats.Holm;
import io.clirbench.core.stats.Interval;
import io.clirbench.core.stats.SignFlipPermutation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * XBCP's decomposition of the accuracy (METRICS.md §5 "Oracle settings"), per configuration that has an ORACLE run,
 * per evidence language under it (of the ORACLE run's queries) and over all: the retrieval/search gap = accuracy(ORACLE)
 * − accuracy(search run), the agent-side loss = accuracy(EN-Oracle) − accuracy(ORACLE) and the prompt-language effect =
 * accuracy(ORACLE-TQ+TP) − accuracy(ORACLE). Each is the mean of the per-query differences on the queries both runs
 * scored, with its 95% BCa interval (clustered bootstrap, cluster = query) and the paired sign-flip test, Holm-adjusted
 * over every row. The EN-Oracle run is the configuration's own, else another configuration's (its documents, the
 * source versions, are the same), else the {@code original} configuration's ORACLE run (the same setting).
 *
 * @param bootstrap resamples and sign-flip patterns (0: none)
 * @param seed      their seed
 * @param rows      per configuration (run order), component, language (sorted, {@code all} last)
 */
public record OracleDecomposition(int bootstrap, long seed, List<Row> rows) {

    /** The components, in table order. */
    public static final String RETRIEVAL_GAP = "retrieval gap (Oracle − search)";
    public static final String AGENT_SIDE_LOSS = "agent-side loss (EN-Oracle − Oracle)";
    public static final String PROMPT_LANGUAGE = "prompt-language effect (Oracle-TQ+TP − Oracle)";

    /** A run with its configuration and setting ({@code search} or an oracle variant's name). */
    public record Run(AgentRunResult result, String configuration, String setting) {

        String name() {
            return result.summary().name();
        }
    }

    /**
     * One component of one configuration and evidence language.
     *
     * @param configuration the configuration
     * @param component     one of the three components
     * @param language      the evidence language under the configuration, or {@code all}
     * @param minuend       the run whose accuracy comes first
     * @param subtrahend    the run subtracted
     * @param paired        queries scored in both
     * @param accuracyA     the minuend's accuracy on them
     * @param accuracyB     the subtrahend's accuracy on them
     * @param difference    {@code accuracyA − accuracyB} (NaN without paired queries)
     * @param interval      its 95% BCa interval
     * @param p             the sign-flip p-value, {@code null} when not computed (see note)
     * @param pHolm         Holm-adjusted over every row
     * @param note          why there is no p-value, or {@code null}
     */
    public record Row(String configuration, String component, String language, String minuend, String subtrahend, int paired,
                      Double accuracyA, Double accuracyB, double difference, Interval interval, Double p, Double pHolm,
                      String note) {
    }

    /** The decomposition of the runs; empty rows when no run is an ORACLE run. */
    public static OracleDecomposition of(List<Run> runs, int bootstrap, long seed) {
        Map<String, Map<String, Run>> byConfiguration = new LinkedHashMap<>();
        for (Run r : runs) {
            Run earlier = byConfiguration.computeIfAbsent(r.configuration(), c -> new LinkedHashMap<>()).put(r.setting(), r);
            if (earlier != null) {
                throw new IllegalArgumentException("runs '" + earlier.name() + "' and '" + r.name() + "' are both " + r.setting()
                        + " runs of configuration '" + r.configuration() + "'; give one run per configuration and setting");
            }
        }
        Run anyEnOracle = runs.stream().filter(r -> r.setting().equals(OracleVariant.EN_ORACLE.id())).findFirst().orElse(null);
        Map<String, Run> original = byConfiguration.getOrDefault(ConfigurationComparison.ORIGINAL, Map.of());
        List<Row> raw = new ArrayList<>();
        for (Map.Entry<String, Map<String, Run>> e : byConfiguration.entrySet()) {
            Map<String, Run> s = e.getValue();
            Run oracle = s.get(OracleVariant.ORACLE.id());
            if (oracle == null) {
                continue;
            }
            Run en = s.get(OracleVariant.EN_ORACLE.id());
            if (en == null) {
                en = anyEnOracle != null ? anyEnOracle : e.getKey().equals(ConfigurationComparison.ORIGINAL) ? null
                        : original.get(OracleVariant.ORACLE.id());
            }
            component(raw, e.getKey(), RETRIEVAL_GAP, oracle, s.get(OracleVariant.SEARCH), oracle, bootstrap, seed);
            component(raw, e.getKey(), AGENT_SIDE_LOSS, en, oracle, oracle, bootstrap, seed);
            component(raw, e.getKey(), PROMPT_LANGUAGE, s.get(OracleVariant.ORACLE_TQ_TP.id()), oracle, oracle, bootstrap, seed);
        }
        double[] holm = Holm.adjust(raw.stream().mapToDouble(r -> r.p() == null ? Double.NaN : r.p()).toArray());
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < raw.size(); i++) {
            Row r = raw.get(i);
            rows.add(new Row(r.configuration(), r.component(), r.language(), r.minuend(), r.subtrahend(), r.paired(), r.accuracyA(),
                    r.accuracyB(), r.difference(), r.interval(), r.p(), Double.isNaN(holm[i]) ? null : holm[i], r.note()));
        }
        return new OracleDecomposition(bootstrap, seed, rows);
    }

    /** Rows of {@code a − b} per language of {@code languages}' queries and over all; nothing when a run is missing. */
    private static void component(List<Row> out, String configuration, String component, Run a, Run b, Run languages,
                                  int bootstrap, long seed) {
        if (a == null || b == null) {
            return;
        }
        Map<String, AgentQueryScore> bById = new HashMap<>();
        b.result().scores().queries().forEach(q -> bById.put(q.queryId(), q));
        Map<String, String> languageOf = new HashMap<>();
        languages.result().scores().queries().forEach(q -> languageOf.put(q.queryId(), q.language()));
        Map<String, List<AgentQueryScore[]>> byLanguage = new TreeMap<>();
        List<AgentQueryScore[]> all = new ArrayList<>();
        for (AgentQueryScore qa : a.result().scores().queries()) {
            AgentQueryScore qb = bById.get(qa.queryId());
            if (qb == null) {
                continue;
            }
            AgentQueryScore[] pair = {qa, qb};
            all.add(pair);
            String l = languageOf.get(qa.queryId());
            if (l != null) {
                byLanguage.computeIfAbsent(l, x -> new ArrayList<>()).add(pair);
            }
        }
        byLanguage.remove(ConfigurationComparison.ALL);
        byLanguage.forEach((l, pairs) -> out.add(row(configuration, component, l, a, b, pairs, bootstrap, seed)));
        out.add(row(configuration, component, ConfigurationComparison.ALL, a, b, all, bootstrap, seed));
    }

    private static Row row(String configuration, String component, String language, Run a, Run b, List<AgentQueryScore[]> pairs,
                           int bootstrap, long seed) {
        if (pairs.isEmpty()) {
            return new Row(configuration, component, language, a.name(), b.name(), 0, null, null, Double.NaN,
                    Interval.none("no paired queries"), null, null, "no paired queries");
        }
        double[] d = new double[pairs.size()];
        double sa = 0;
        double sb = 0;
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < d.length; i++) {
            double va = pairs.get(i)[0].correct() ? 1 : 0;
            double vb = pairs.get(i)[1].correct() ? 1 : 0;
            sa += va;
            sb += vb;
            d[i] = va - vb;
            ids.add(pairs.get(i)[0].queryId());
        }
        double mean = RunSummary.mean(d);
        Interval interval = AgentUncertainty.meanInterval(d, ids, bootstrap, seed);
        if (bootstrap == 0) {
            return new Row(configuration, component, language, a.name(), b.name(), d.length, sa / d.length, sb / d.length, mean,
                    interval, null, null, "statistics turned off (--bootstrap 0)");
        }
        SignFlipPermutation.Result r = AgentUncertainty.paired(d, ids, bootstrap, seed);
        return new Row(configuration, component, language, a.name(), b.name(), d.length, sa / d.length, sb / d.length, mean,
                interval, r.p(), null, r.noPValueReason());
    }
}
