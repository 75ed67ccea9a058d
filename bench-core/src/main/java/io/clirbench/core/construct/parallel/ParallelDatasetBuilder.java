package io.clirbench.core.construct.parallel;

import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.model.Query;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A retrieval dataset from a parallel corpus, no LLM: documents {@code FAMILY_LANG} (the version's text), queries
 * from the versions' headings. Setups: {@code random-existing} one query per family, its language drawn among the
 * family's versions (SHA-256 of {@code seed:family}, so independent of order), the heading of that version (so the
 * query has same- and cross-language gold); {@code random-missing} the same draw, and that version is then left out
 * of the corpus (a no-home query: its language has no relevant document); {@code all} one query per version. Every
 * remaining version of the query's family is judged relevant (grade 1), and family expansion is on. A family of one
 * version is left out of random-missing (nothing would remain).
 */
public final class ParallelDatasetBuilder {

    private ParallelDatasetBuilder() {
    }

    public static Dataset build(List<ParallelVersion> versions, String setup, long seed, DatasetInfo info) {
        if (!List.of("random-existing", "random-missing", "all").contains(setup)) {
            throw new IllegalArgumentException("--setup '" + setup + "' is not one of random-existing, random-missing, all");
        }
        Map<String, Map<String, ParallelVersion>> families = new TreeMap<>();
        versions.forEach(v -> families.computeIfAbsent(v.family(), f -> new TreeMap<>()).put(v.lang(), v));
        List<Document> corpus = new ArrayList<>();
        List<Query> queries = new ArrayList<>();
        Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
        for (Map.Entry<String, Map<String, ParallelVersion>> f : families.entrySet()) {
            List<String> langs = new ArrayList<>(f.getValue().keySet());
            if (setup.equals("random-missing") && langs.size() < 2) {
                continue;
            }
            List<String> queryLangs = setup.equals("all") ? langs : List.of(langs.get(index(seed, f.getKey(), langs.size())));
            List<String> kept = new ArrayList<>(langs);
            if (setup.equals("random-missing")) {
                kept.removeAll(queryLangs);
            }
            for (String l : kept) {
                ParallelVersion v = f.getValue().get(l);
                corpus.add(new Document(docId(v), null, v.text(), l, f.getKey(), Map.of()));
            }
            for (String ql : queryLangs) {
                ParallelVersion v = f.getValue().get(ql);
                String qid = f.getKey() + "-" + ql;
                queries.add(new Query(qid, v.heading(), ql, f.getKey(), Map.of("setup", setup)));
                Map<String, Integer> judged = new LinkedHashMap<>();
                kept.forEach(l -> judged.put(docId(f.getValue().get(l)), 1));
                qrels.put(qid, judged);
            }
        }
        TreeSet<String> languages = new TreeSet<>();
        corpus.forEach(d -> languages.add(d.lang()));
        queries.forEach(q -> languages.add(q.lang()));
        DatasetInfo withLanguages = new DatasetInfo(info.id(), info.name(), info.version(), info.license(), info.source(),
                List.copyOf(languages), true, info.extra());
        return new Dataset(withLanguages, corpus, queries, Qrels.of(qrels));
    }

    static String docId(ParallelVersion v) {
        return v.family() + "_" + v.lang();
    }

    static int index(long seed, String key, int n) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest((seed + ":" + key).getBytes(StandardCharsets.UTF_8));
            long x = 0;
            for (int i = 0; i < 8; i++) {
                x = (x << 8) | (d[i] & 0xff);
            }
            return (int) Long.remainderUnsigned(x, n);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
