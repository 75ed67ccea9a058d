package io.clirbench.core.eval;

import io.clirbench.core.model.Document;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A corpus's document ids and their indexes in corpus order: how a stored list names its documents
 * ({@link io.clirbench.core.run.PackedList}). A HashMap rather than the run scanner's byte-keyed
 * {@link io.clirbench.core.format.trec.IdTable}, which chains every non-ASCII id on one hash; look-ups happen once
 * per stored hit, not per evaluated hit.
 */
public final class CorpusIds {

    private final String[] ids;
    private final Map<String, Integer> indexes;

    private CorpusIds(String[] ids) {
        this.ids = ids;
        this.indexes = HashMap.newHashMap(ids.length);
        for (int i = 0; i < ids.length; i++) {
            indexes.putIfAbsent(ids[i], i);
        }
    }

    public static CorpusIds of(List<Document> corpus) {
        return new CorpusIds(corpus.stream().map(Document::id).toArray(String[]::new));
    }

    /** The index of {@code id}, or -1 when the corpus does not hold it. */
    public int indexOf(String id) {
        Integer index = indexes.get(id);
        return index == null ? -1 : index;
    }

    /** The id at {@code index}; an index outside the corpus names the stored value that does not fit. */
    public String id(int index) {
        if (index < 0 || index >= ids.length) {
            throw new IllegalStateException("stored document index " + index + " is outside the corpus of " + ids.length
                    + " documents");
        }
        return ids[index];
    }

    public int size() {
        return ids.length;
    }
}
