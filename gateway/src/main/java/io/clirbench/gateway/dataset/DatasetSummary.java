package io.clirbench.gateway.dataset;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.metrics.language.GoldSets;
import io.clirbench.core.metrics.language.QueryGold;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What {@code GET /api/datasets/{id}} shows. Gold sets come from bench-core's {@link GoldSets}
 * (family expansion included); dual-gold and no-home are {@link QueryGold#isDualGold()} and
 * {@link QueryGold#isNoHome()}.
 */
public record DatasetSummary(String id, String name, String version, String license, String source, String location,
                             List<String> languages, boolean familyExpansion, int documents, int queries,
                             Map<String, Integer> documentsPerLanguage, Map<String, Integer> queriesPerLanguage,
                             int judgedQueries, int queriesWithGold, int dualGoldQueries, int noHomeQueries,
                             Map<String, JsonNode> extra, String contentHash) {

    /** As below, the content hash not known. */
    public static DatasetSummary of(Dataset dataset, String location) {
        return of(dataset, location, null);
    }

    /** {@code contentHash}: the registered content hash of the files ({@code sha256:<hex>}). */
    public static DatasetSummary of(Dataset dataset, String location, String contentHash) {
        Map<String, Integer> docs = new TreeMap<>();
        for (Document d : dataset.corpus()) {
            docs.merge(d.lang(), 1, Integer::sum);
        }
        Map<String, Integer> queries = new TreeMap<>();
        for (Query q : dataset.queries()) {
            queries.merge(q.lang(), 1, Integer::sum);
        }
        GoldSets gold = GoldSets.resolve(dataset);
        int dual = (int) gold.golds().stream().filter(QueryGold::isDualGold).count();
        int noHome = (int) gold.golds().stream().filter(QueryGold::isNoHome).count();
        var info = dataset.info();
        return new DatasetSummary(info.id(), info.name(), info.version(), info.license(), info.source(), location,
                info.languages(), info.familyExpansion(), dataset.corpus().size(), dataset.queries().size(), docs,
                queries, gold.gradesByQuery().size(), gold.golds().size(), dual, noHome, extra(info.extra()), contentHash);
    }

    /** dataset.json's fields beyond the known ones, shown as the JSON they are. */
    private static Map<String, JsonNode> extra(Map<String, String> extra) {
        Map<String, JsonNode> shown = new LinkedHashMap<>();
        extra.forEach((name, json) -> shown.put(name, JsonValues.parseKnown(json)));
        return shown;
    }
}
