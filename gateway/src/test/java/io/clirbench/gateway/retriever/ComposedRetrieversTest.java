package io.clirbench.gateway.retriever;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.model.Query;
import io.clirbench.core.run.RankedList;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.core.search.RetrieverSyntax;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code fuse(...)} through the registry, without Quarkus: two test kinds {@code listA}, {@code listB} publish
 * fixed lists; the fused list that FuseRetriever publishes is checked against RRF by hand.
 */
class ComposedRetrieversTest {

    record FixedId(String name) implements RetrieverId {
        @Override
        public String id() {
            return name;
        }

        @Override
        public String kind() {
            return name;
        }
    }

    static final class Fixed implements Retriever {
        private final String name;
        private final String[] ids;

        Fixed(String name, String... ids) {
            this.name = name;
            this.ids = ids;
        }

        @Override
        public String kind() {
            return name;
        }

        @Override
        public void retrieve(RetrieverId id, RetrievalTask task) {
            double[] scores = new double[ids.length];
            for (int i = 0; i < ids.length; i++) {
                scores[i] = ids.length - i;
            }
            task.queriesSearched(1);
            task.publish(new RankedList("q1", ids, scores), 1);
        }
    }

    static RetrieverSyntax syntax(String name) {
        return new RetrieverSyntax() {
            @Override
            public String form() {
                return name;
            }

            @Override
            public Optional<RetrieverId> parse(String text, io.clirbench.core.search.RetrieverGrammar grammar) {
                return text.equals(name) ? Optional.of(new FixedId(name)) : Optional.empty();
            }
        };
    }

    /** A task collecting what is published. */
    static final class Recording implements RetrievalTask {
        final List<RankedList> published = new ArrayList<>();
        int searched;

        @Override
        public Dataset dataset() {
            DatasetInfo info = new DatasetInfo("t", "t", "1", "x", "x", List.of("en"), true, Map.of());
            Query q = new Query("q1", "text", "en", null, Map.of());
            return new Dataset(info, List.of(new Document("a", null, "a", "en", "f", Map.of())), List.of(q), Qrels.of(Map.of()));
        }

        @Override
        public int depth() {
            return 3;
        }

        @Override
        public void phase(RetrieverPhase phase) {
        }

        @Override
        public void documentsEmbedded(int n) {
        }

        @Override
        public void documentsIndexed(int n) {
        }

        @Override
        public void queriesEmbedded(int n) {
        }

        @Override
        public void queriesSearched(int n) {
            searched += n;
        }

        @Override
        public void timed(Timed phase, long startNanos) {
        }

        @Override
        public void publish(RankedList list, long latencyMicros) {
            published.add(list);
        }

        @Override
        public void checkCancelled() {
        }
    }

    @Test
    void fuseRunsItsInputsThroughTheRegistryAndPublishesOnlyTheFusedList() throws Exception {
        RetrieverRegistry[] holder = new RetrieverRegistry[1];
        FuseRetriever fuse = new FuseRetriever(new InnerRetrievers(() -> holder[0]));
        holder[0] = new RetrieverRegistry(List.of(fuse, new Fixed("listA", "a", "b", "c"), new Fixed("listB", "c", "d", "a")),
                List.of(syntax("listA"), syntax("listB")));
        RetrieverId id = holder[0].parse("fuse(rrf, listA, listB)");
        assertThat(fuse.problem(id)).isEmpty();
        Recording task = new Recording();
        holder[0].of(id).retrieve(id, task);
        assertThat(task.published).hasSize(1);
        RankedList f = task.published.getFirst();
        // by hand: a = 1/61 + 1/63 = 0.032266, c = 1/63 + 1/61 (same: tie, a before c by id), b = 1/62, d = 1/62
        // (tie: b before d); cut at depth 3 -> a, c, b
        assertThat(f.docIds()).containsExactly("a", "c", "b");
        assertThat(f.scores()[0]).isCloseTo(1.0 / 61 + 1.0 / 63, within(1e-12));
        assertThat(f.scores()[1]).isLessThan(f.scores()[0]);      // strictly below: the tie keeps its order in TREC order
        assertThat(RankedList.inTrecOrder("q1", f.docIds(), f.scores()).docIds()).containsExactly("a", "c", "b");
        assertThat(task.searched).isEqualTo(1);                    // the inputs' own counts are not the fused retriever's
    }

    @Test
    void anInputOfAnUnknownKindIsAProblem() {
        RetrieverRegistry[] holder = new RetrieverRegistry[1];
        FuseRetriever fuse = new FuseRetriever(new InnerRetrievers(() -> holder[0]));
        holder[0] = new RetrieverRegistry(List.of(fuse), List.of(syntax("listA")));
        RetrieverId id = holder[0].parse("fuse(rrf, listA, bm25)");
        assertThat(fuse.problem(id)).contains("'listA': no retriever of kind 'listA'");
    }
}
