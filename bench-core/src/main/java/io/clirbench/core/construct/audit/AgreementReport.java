package io.clirbench.core.construct.audit;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Verifier–human agreement over audited items. Every rating (an item's score by one annotator, 0–10) is one pair with
 * the item's verifier total (0–40). Reported: the human mean; the rejection share (ratings in the band 0–3); Spearman's
 * rho of ratings against totals; quadratic-weighted kappa of ratings against the total on the human scale,
 * {@code floor(total / 4 + 0.5)} (0–40 to 0–10, half up: ChemCLIR's total has four points per human point); the mean
 * absolute error between the rating and the total on the human scale; and, because kappa is unstable when nearly every
 * item scores near the ceiling, agreement on quality bands — reject 0–3 (the rejection band above), borderline 4–6,
 * accept 7–10 — as the share of pairs in the same band and as Gwet's AC1 over the three bands (the headline statistic).
 * The paper's own band edges are not in our copy of it: these are our choice, printed in the report ({@link #BANDS}).
 * Intervals: 95% percentile bootstrap over items (an item's ratings stay together), B replicates from
 * {@code new SplittableRandom(seed)}, the bounds the ⌈0.025·B⌉-th and ⌈0.975·B⌉-th smallest finite replicate.
 */
public final class AgreementReport {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One audited item: its verifier total and every annotator's score. */
    public record Item(String sampleId, int verifierTotal, List<Integer> humanScores) {
    }

    private AgreementReport() {
    }

    /** The quality bands on the human scale, as the report prints them. */
    public static final String BANDS = "reject 0-3, borderline 4-6, accept 7-10";

    private static final List<String> NAMES = List.of("human_mean", "rejection_share_0_to_3", "spearman", "quadratic_weighted_kappa",
            "mean_absolute_error", "band_agreement", "gwet_ac1_bands");

    public static int humanScale(int total) {
        return (int) Math.floor(total / 4.0 + 0.5);
    }

    /** Band of a score on the human scale: 0 reject (0–3), 1 borderline (4–6), 2 accept (7–10). */
    static int band(int score) {
        return score <= 3 ? 0 : score <= 6 ? 1 : 2;
    }

    public static ObjectNode of(List<Item> items, int bootstrap, long seed) {
        double[] point = stats(items);
        double[][] reps = new double[NAMES.size()][bootstrap];
        SplittableRandom random = new SplittableRandom(seed);
        for (int b = 0; b < bootstrap; b++) {
            List<Item> resample = new ArrayList<>(items.size());
            for (int i = 0; i < items.size(); i++) {
                resample.add(items.get(random.nextInt(items.size())));
            }
            double[] s = stats(resample);
            for (int k = 0; k < NAMES.size(); k++) {
                reps[k][b] = s[k];
            }
        }
        ObjectNode root = JSON.createObjectNode();
        root.put("items", items.size()).put("ratings", items.stream().mapToInt(i -> i.humanScores().size()).sum())
                .put("bootstrap", bootstrap).put("seed", seed).put("verifier_to_human_scale", "floor(total / 4 + 0.5)").put("bands", BANDS);
        for (int k = 0; k < NAMES.size(); k++) {
            ObjectNode o = root.putObject(NAMES.get(k));
            put(o, "value", point[k]);
            double[] ci = interval(reps[k]);
            put(o, "ci_low", ci[0]);
            put(o, "ci_high", ci[1]);
        }
        return root;
    }

    /** The statistics of {@link #NAMES}, in its order. */
    static double[] stats(List<Item> items) {
        List<double[]> pairs = new ArrayList<>();
        for (Item i : items) {
            for (int h : i.humanScores()) {
                pairs.add(new double[] {h, i.verifierTotal()});
            }
        }
        double[] human = pairs.stream().mapToDouble(p -> p[0]).toArray();
        double[] verifier = pairs.stream().mapToDouble(p -> p[1]).toArray();
        int[] h = Arrays.stream(human).mapToInt(x -> (int) x).toArray();
        int[] v = Arrays.stream(verifier).mapToInt(x -> humanScale((int) x)).toArray();
        double mean = Arrays.stream(human).average().orElse(Double.NaN);
        double rejected = human.length == 0 ? Double.NaN : Arrays.stream(human).filter(x -> x <= 3).count() / (double) human.length;
        int[] hb = Arrays.stream(h).map(AgreementReport::band).toArray();
        int[] vb = Arrays.stream(v).map(AgreementReport::band).toArray();
        double sameBand = hb.length == 0 ? Double.NaN : java.util.stream.IntStream.range(0, hb.length).filter(i -> hb[i] == vb[i]).count()
                / (double) hb.length;
        return new double[] {mean, rejected, Agreement.spearman(human, verifier), Agreement.quadraticKappa(h, v, 11),
            Agreement.meanAbsoluteError(h, v), sameBand, Agreement.gwetAc1(hb, vb, 3)};
    }

    static double[] interval(double[] reps) {
        return io.clirbench.core.stats.OrderStatisticInterval.of(reps);
    }

    private static void put(ObjectNode o, String field, double v) {
        if (Double.isFinite(v)) {
            o.put(field, v);
        } else {
            o.putNull(field);
        }
    }

    public static String markdown(ObjectNode r) {
        StringBuilder md = new StringBuilder("# Verifier–human agreement\n\n");
        md.append(String.format(Locale.ROOT, "%d items, %d ratings; 95%% percentile bootstrap over items, B = %d, seed %d. "
                + "Verifier totals (0-40) on the human scale (0-10): %s; bands: %s.%n%n", r.get("items").asInt(), r.get("ratings").asInt(),
                r.get("bootstrap").asInt(), r.get("seed").asLong(), r.get("verifier_to_human_scale").asText(), r.get("bands").asText()));
        md.append("| statistic | value | 95% interval |\n|---|---:|---|\n");
        for (String k : NAMES) {
            var o = r.get(k);
            md.append(String.format(Locale.ROOT, "| %s | %s | [%s, %s] |%n", k, num(o.get("value")), num(o.get("ci_low")), num(o.get("ci_high"))));
        }
        return md.toString();
    }

    private static String num(com.fasterxml.jackson.databind.JsonNode n) {
        return n == null || n.isNull() ? "–" : String.format(Locale.ROOT, "%.4f", n.asDouble());
    }
}
