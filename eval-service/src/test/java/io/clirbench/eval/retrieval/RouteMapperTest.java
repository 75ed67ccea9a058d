package io.clirbench.eval.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.lexicon.LanguagePair;
import io.clirbench.core.lexicon.Route;
import io.clirbench.proto.events.v1.Retriever;
import io.clirbench.proto.events.v1.RunStarted;
import io.clirbench.proto.events.v1.TranslationRoute;
import java.util.List;
import org.junit.jupiter.api.Test;

/** RunStarted's translation routes become bench-core routes; retrievers without routes are left out. */
class RouteMapperTest {

    static TranslationRoute route(String q, String d, String kind, String via) {
        return TranslationRoute.newBuilder().setQueryLang(q).setDocLang(d).setKind(kind).setVia(via).build();
    }

    @Test
    void everyKindOfRouteMapsWithItsSteps() {
        RunStarted started = RunStarted.newBuilder()
                .addRetrievers(Retriever.newBuilder().setId("bm25").setKind("bm25"))
                .addRetrievers(Retriever.newBuilder().setId("translate(bm25,en)").setKind("translate")
                        .addRoutes(route("de", "de", "same", ""))
                        .addRoutes(route("de", "en", "direct", ""))
                        .addRoutes(route("th", "de", "pivot", "en"))
                        .addRoutes(route("th", "vi", "none", "")))
                .build();
        var routes = RouteMapper.routes(started);
        assertThat(routes).containsOnlyKeys("translate(bm25,en)");
        assertThat(routes.get("translate(bm25,en)")).containsExactly(
                new Route("de", "de", Route.Kind.SAME, List.of()),
                new Route("de", "en", Route.Kind.DIRECT, List.of(new LanguagePair("de", "en"))),
                new Route("th", "de", Route.Kind.PIVOT, List.of(new LanguagePair("th", "en"), new LanguagePair("en", "de"))),
                new Route("th", "vi", Route.Kind.NONE, List.of()));
    }
}
