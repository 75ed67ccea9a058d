package io.clirbench.gateway.run;

import static io.clirbench.gateway.run.TestRuns.awaitState;
import static io.clirbench.gateway.run.TestRuns.results;
import static io.clirbench.gateway.run.TestRuns.submit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.clirbench.core.lexicon.LanguagePair;
import io.clirbench.core.lexicon.Lexicon;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.model.Query;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.events.v1.Hit;
import io.clirbench.proto.events.v1.QueryResult;
import io.clirbench.proto.events.v1.RunEvent;
import io.clirbench.proto.events.v1.TranslationRoute;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/**
 * {@code bm25(plain)}, {@code bm25(stem+plain)} and {@code dt(bm25,en)} through the gateway (REST submit, Kafka results),
 * over real Lucene (the test index peer runs the index-service's lexical engine), on three hand-made documents where German stemming hides a word shared with English
 * ("Server" → "serv" in German, "server" in English). Rankings and scores worked by hand with Lucene's BM25 (k1 1.2, b 0.75;
 * idf = ln(1 + (N - df + 0.5) / (df + 0.5)); tf part = f / (f + k1 (1 - b + b dl / avgdl)); N and avgdl per field).
 * Analysed texts: de-1 plain [der, server, startet, den, dienst, neu] (6), German [serv, startet, dienst, neu]; en-1 plain
 * [restart, the, service] (3), English [restart, servic] (2); en-2 plain [servers, and, clients] (3), English [server,
 * client] (2). The same case in the lexical module alone: its LexicalChainTest.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class LexicalVariantRunTest {

    @Test
    void theVariantsRankTheHandMadeCorpusAsWorkedByHand() throws Exception {
        // de → en: Dienst → service, Server → server (FreeDict-like entries); the lexicon cache of the test gateway
        Path lexicons = Path.of(ConfigProvider.getConfig().getValue("gateway.data-dir", String.class), "lexicons");
        new Lexicon(new LanguagePair("de", "en"), Map.of("dienst", List.of("service", "duty"), "server", List.of("server")))
                .write(lexicons.resolve("de-en"));
        TestRuns.register("lexvar", dataset());
        List<String> retrievers = List.of("bm25(plain)", "BM25( Stem + Plain )", "dt(bm25, EN)", "fuse(rrf, bm25(plain), dt(bm25,en))");
        String id = submit("lexvar", retrievers);
        awaitState(id, "COMPLETED");

        Map<String, QueryResult> byKey = new HashMap<>();
        for (QueryResult r : results(id)) {
            byKey.put(r.getRetrieverId() + " " + r.getQueryId(), r);
        }
        // canonical ids on the results
        assertThat(byKey.keySet()).contains("bm25(stem+plain) q1", "dt(bm25,en) q2", "fuse(rrf,bm25(plain),dt(bm25,en)) q1");

        // q1 (en) "server". plain: N 3, df 1 (en-2 has "servers"), idf ln(1 + 2.5/1.5) = 0.980829; de-1 dl 6, avgdl 4:
        // 1 / (1 + 1.2 (0.25 + 0.75 × 1.5)) = 1/2.65 → 0.370124. Only the German document has the word.
        assertRanking(byKey.get("bm25(plain) q1"), List.of("de-1"), 0.370124);
        // stem+plain: en-2 by its English field (N 2, df 1, idf ln 2, dl = avgdl 2: 0.693147 / 2.2 = 0.315067), de-1 by
        // its plain field (0.370124): the shared word outranks the inflected one
        assertRanking(byKey.get("bm25(stem+plain) q1"), List.of("de-1", "en-2"), 0.370124, 0.315067);
        // dt: de-1 becomes "Der server startet den service neu" → English [der, server, startet, den, servic, neu] (6);
        // N 3, df("server") 2, idf ln(1 + 1.5/2.5) = 0.470004, avgdl 10/3: en-2 1/(1 + 1.2 (0.25 + 0.75 × 0.6)) = 1/1.84,
        // 0.255437; de-1 1/(1 + 1.2 (0.25 + 0.75 × 1.8)) = 1/2.92, 0.160960
        assertRanking(byKey.get("dt(bm25,en) q1"), List.of("en-2", "de-1"), 0.255437, 0.160960);

        // q2 (de) "Dienst": plain finds the German document only (dienst: N 3, df 1, idf 0.980829, dl 6 → 0.370124)
        assertRanking(byKey.get("bm25(plain) q2"), List.of("de-1"), 0.370124);
        // dt: the query becomes "service service duty" → English [servic, duti]; "servic" in en-1 (dl 2) and de-1 (dl 6),
        // idf 0.470004: en-1 0.255437, de-1 0.160960; no document has "duti"
        assertRanking(byKey.get("dt(bm25,en) q2"), List.of("en-1", "de-1"), 0.255437, 0.160960);
        // RRF (k 60) of [de-1] and [en-1, de-1]: de-1 1/61 + 1/62, en-1 1/61
        assertThat(byKey.get("fuse(rrf,bm25(plain),dt(bm25,en)) q2").getHitsList()).extracting(Hit::getDocId)
                .containsExactly("de-1", "en-1");

        // the run names dt's routes into the pivot: de → en direct, en the pivot itself
        List<TranslationRoute> routes = TestRuns.runEvents(id).stream().filter(RunEvent::hasStarted)
                .flatMap(e -> e.getStarted().getRetrieversList().stream())
                .filter(r -> r.getId().equals("dt(bm25,en)")).findFirst().orElseThrow().getRoutesList();
        assertThat(routes).extracting(r -> r.getQueryLang() + ">" + r.getDocLang()).containsExactly("de>en", "en>en");
    }

    @Test
    void aLanguageWithoutADictionaryIntoThePivotKeepsItsTextAndIsReportedAsNone() throws Exception {
        // no fr-en lexicon in the cache (only de-en, perhaps, from the other test): French stays French
        Path lexicons = Path.of(ConfigProvider.getConfig().getValue("gateway.data-dir", String.class), "lexicons");
        new Lexicon(new LanguagePair("de", "en"), Map.of("dienst", List.of("service"))).write(lexicons.resolve("de-en"));
        DatasetInfo info = new DatasetInfo("lexvar-fr", "lexvar-fr", "1", "CC0-1.0", "hand-made", List.of("en", "fr"), true, Map.of());
        Dataset dataset = new Dataset(info, List.of(
                new Document("en-2", null, "Servers and clients.", "en", "f2", Map.of()),
                new Document("fr-1", null, "Debian redémarre.", "fr", "f1", Map.of())),
                List.of(new Query("q1", "server", "en", "f2", Map.of()), new Query("q2", "Debian", "fr", "f1", Map.of())),
                Qrels.of(Map.of("q1", Map.of("en-2", 1), "q2", Map.of("fr-1", 1))));
        TestRuns.register("lexvar-fr", dataset);
        String id = submit("lexvar-fr", List.of("dt(bm25,en)"));
        awaitState(id, "COMPLETED");
        Map<String, QueryResult> byQuery = new HashMap<>();
        results(id).forEach(r -> byQuery.put(r.getQueryId(), r));
        // q1 (en, the pivot) as written: the English field holds en-2 only (fr-1 kept in the French one): N 1, df 1,
        // idf ln(1 + 0.5/1.5) = 0.287682, dl = avgdl 2: / 2.2 → 0.130765
        assertRanking(byQuery.get("q1"), List.of("en-2"), 0.130765);
        // q2 (fr, no route into en): searched untranslated and analysed as French, so it finds the French document
        assertThat(byQuery.get("q2").getHitsList()).extracting(Hit::getDocId).containsExactly("fr-1");
        List<TranslationRoute> routes = TestRuns.runEvents(id).stream().filter(RunEvent::hasStarted)
                .flatMap(e -> e.getStarted().getRetrieversList().stream()).findFirst().orElseThrow().getRoutesList();
        assertThat(routes).extracting(r -> r.getQueryLang() + ">" + r.getDocLang() + " " + r.getKind())
                .containsExactly("en>en same", "fr>en none");
    }

    private static void assertRanking(QueryResult r, List<String> ids, double... scores) {
        assertThat(r.getHitsList()).extracting(Hit::getDocId).as(r.getRetrieverId() + " " + r.getQueryId()).isEqualTo(ids);
        for (int i = 0; i < scores.length; i++) {
            assertThat((double) r.getHits(i).getScore()).isCloseTo(scores[i], within(1e-5));
        }
    }

    private static Dataset dataset() {
        DatasetInfo info = new DatasetInfo("lexvar", "lexvar", "1", "CC0-1.0", "hand-made", List.of("de", "en"), true, Map.of());
        List<Document> docs = List.of(
                new Document("de-1", null, "Der Server startet den Dienst neu.", "de", "f1", Map.of()),
                new Document("en-1", null, "Restart the service.", "en", "f1", Map.of()),
                new Document("en-2", null, "Servers and clients.", "en", "f2", Map.of()));
        List<Query> queries = List.of(new Query("q1", "server", "en", "f2", Map.of()),
                new Query("q2", "Dienst", "de", "f1", Map.of()));
        return new Dataset(info, docs, queries, Qrels.of(Map.of("q1", Map.of("en-2", 1), "q2", Map.of("en-1", 1, "de-1", 1))));
    }
}
