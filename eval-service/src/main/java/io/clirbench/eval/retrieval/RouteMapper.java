package io.clirbench.eval.retrieval;

import io.clirbench.core.lexicon.LanguagePair;
import io.clirbench.core.lexicon.Route;
import io.clirbench.proto.events.v1.Retriever;
import io.clirbench.proto.events.v1.RunStarted;
import io.clirbench.proto.events.v1.TranslationRoute;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The dictionary routes RunStarted carries for the translating retrievers, as bench-core {@link Route}s. */
public final class RouteMapper {

    private RouteMapper() {
    }

    /** Retriever id → its routes, in RunStarted's order, for the retrievers that have any. */
    public static Map<String, List<Route>> routes(RunStarted started) {
        Map<String, List<Route>> out = new LinkedHashMap<>();
        for (Retriever r : started.getRetrieversList()) {
            if (r.getRoutesCount() > 0) {
                out.put(r.getId(), r.getRoutesList().stream().map(RouteMapper::route).toList());
            }
        }
        return out;
    }

    static Route route(TranslationRoute r) {
        Route.Kind kind = Route.Kind.valueOf(r.getKind().toUpperCase(Locale.ROOT));
        String q = r.getQueryLang();
        String d = r.getDocLang();
        List<LanguagePair> steps = switch (kind) {
            case SAME, NONE -> List.of();
            case DIRECT -> List.of(new LanguagePair(q, d));
            case PIVOT -> List.of(new LanguagePair(q, r.getVia()), new LanguagePair(r.getVia(), d));
        };
        return new Route(q, d, kind, steps);
    }
}
