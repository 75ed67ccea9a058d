package io.clirbench.core.stats;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The resampling frame of a language-balanced mean (METRICS.md §3): the domain's queries grouped
 * into strata (query languages, sorted) and, inside each stratum, clusters (the families present
 * among that language's queries, in order of first appearance). A family with queries in several
 * languages forms one cluster per language; {@link #familyOfCluster} links them for the jackknife
 * and the sign-flip test, which treat the family as one unit across languages.
 */
public final class ClusterFrame {

    private final int queries;
    private final int[] stratumStart;
    private final int[] clusterOfQuery;
    private final int[] clusterSize;
    private final int[] familyOfCluster;
    private final int[] stratumSize;
    private final List<String> strataNames;
    private final int families;

    private ClusterFrame(int queries, int[] stratumStart, int[] clusterOfQuery, int[] clusterSize,
                         int[] familyOfCluster, int[] stratumSize, List<String> strataNames, int families) {
        this.queries = queries;
        this.stratumStart = stratumStart;
        this.clusterOfQuery = clusterOfQuery;
        this.clusterSize = clusterSize;
        this.familyOfCluster = familyOfCluster;
        this.stratumSize = stratumSize;
        this.strataNames = strataNames;
        this.families = families;
    }

    /** The frame of the domain queries {@code i = 0..n−1} with language {@code langs[i]} and family {@code families[i]}. */
    public static ClusterFrame of(List<String> langs, List<String> families) {
        if (langs.size() != families.size()) {
            throw new IllegalArgumentException(langs.size() + " languages but " + families.size() + " families");
        }
        int n = langs.size();
        Map<String, Map<String, List<Integer>>> byLang = new TreeMap<>();
        Map<String, Integer> familyIndex = new HashMap<>();
        for (int i = 0; i < n; i++) {
            byLang.computeIfAbsent(langs.get(i), l -> new LinkedHashMap<>())
                    .computeIfAbsent(families.get(i), f -> new ArrayList<>()).add(i);
            familyIndex.putIfAbsent(families.get(i), familyIndex.size());
        }
        int clusters = byLang.values().stream().mapToInt(Map::size).sum();
        int[] stratumStart = new int[byLang.size() + 1];
        int[] clusterOfQuery = new int[n];
        int[] clusterSize = new int[clusters];
        int[] familyOfCluster = new int[clusters];
        int[] stratumSize = new int[byLang.size()];
        int c = 0;
        int s = 0;
        for (Map<String, List<Integer>> stratum : byLang.values()) {
            stratumStart[s] = c;
            for (Map.Entry<String, List<Integer>> cluster : stratum.entrySet()) {
                for (int query : cluster.getValue()) {
                    clusterOfQuery[query] = c;
                }
                clusterSize[c] = cluster.getValue().size();
                familyOfCluster[c] = familyIndex.get(cluster.getKey());
                stratumSize[s] += clusterSize[c];
                c++;
            }
            s++;
        }
        stratumStart[s] = c;
        return new ClusterFrame(n, stratumStart, clusterOfQuery, clusterSize, familyOfCluster, stratumSize,
                List.copyOf(byLang.keySet()), familyIndex.size());
    }

    /** Per-cluster sums of a per-query value ({@code values[i]} for domain query i). */
    public double[] clusterSums(double[] values) {
        if (values.length != queries) {
            throw new IllegalArgumentException("expected " + queries + " values, got " + values.length);
        }
        double[] sums = new double[clusterSize.length];
        for (int i = 0; i < queries; i++) {
            sums[clusterOfQuery[i]] += values[i];
        }
        return sums;
    }

    /** The language-balanced mean of the values whose cluster sums are given. */
    public double balancedMean(double[] clusterSums) {
        double total = 0;
        for (int s = 0; s < strata(); s++) {
            double sum = 0;
            for (int c = stratumStart[s]; c < stratumStart[s + 1]; c++) {
                sum += clusterSums[c];
            }
            total += sum / stratumSize[s];
        }
        return total / strata();
    }

    /** Number of domain queries. */
    public int queries() {
        return queries;
    }

    /** Number of strata (query languages with values). */
    public int strata() {
        return strataNames.size();
    }

    /** Number of distinct families across all strata. */
    public int families() {
        return families;
    }

    /** Number of clusters (language, family). */
    public int clusters() {
        return clusterSize.length;
    }

    int stratumStart(int s) {
        return stratumStart[s];
    }

    int stratumSize(int s) {
        return stratumSize[s];
    }

    int clusterSize(int c) {
        return clusterSize[c];
    }

    int familyOfCluster(int c) {
        return familyOfCluster[c];
    }
}
