package io.clirbench.gateway.qa.system;

import io.clirbench.core.qa.select.QaSystemId;
import io.quarkus.arc.All;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Every {@link QaSystem} bean by the kind it runs; two of one kind stop the start. */
@ApplicationScoped
public class QaSystemRegistry {

    private final Map<String, QaSystem> byKind = new TreeMap<>();

    QaSystemRegistry(@All List<QaSystem> systems) {
        for (QaSystem s : systems) {
            QaSystem before = byKind.putIfAbsent(s.kind(), s);
            if (before != null) {
                throw new IllegalStateException("two QA systems of kind '" + s.kind() + "': " + before.getClass().getName()
                        + " and " + s.getClass().getName());
            }
        }
    }

    public Optional<QaSystem> find(QaSystemId id) {
        return Optional.ofNullable(byKind.get(id.kind()));
    }

    public QaSystem of(QaSystemId id) {
        return find(id).orElseThrow(() -> new IllegalStateException("no QA system of kind '" + id.kind() + "' for '" + id + "'"));
    }
}
