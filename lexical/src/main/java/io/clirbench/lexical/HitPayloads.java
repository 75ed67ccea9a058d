package io.clirbench.lexical;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.search.IndexSearcher;

/**
 * The language and family of the documents a search keeps, read from doc values (a few bytes each) rather than from
 * stored fields (a compressed block decoded per document: at a top-1,000 most of a query's time). A segment written
 * before the doc values existed is read from its stored fields.
 */
final class HitPayloads {

    static final String LANG_VALUES = "lang_values";
    static final String FAMILY_VALUES = "family_values";

    private HitPayloads() {
    }

    /** The hits of {@code kept}, in its order. */
    static List<LexicalHit> read(IndexSearcher searcher, List<LexicalIndex.Candidate> kept) throws IOException {
        String[] langs = new String[kept.size()];
        String[] families = new String[kept.size()];
        Integer[] byDoc = new Integer[kept.size()];
        Arrays.setAll(byDoc, i -> i);
        Arrays.sort(byDoc, Comparator.comparingInt(i -> kept.get(i).doc()));   // doc values are read forward only
        List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
        int leafIndex = -1;
        SortedDocValues lang = null;
        SortedDocValues family = null;
        LeafReaderContext leaf = null;
        for (int i : byDoc) {
            int doc = kept.get(i).doc();
            int li = ReaderUtil.subIndex(doc, leaves);
            if (li != leafIndex) {
                leafIndex = li;
                leaf = leaves.get(li);
                lang = leaf.reader().getSortedDocValues(LANG_VALUES);
                family = leaf.reader().getSortedDocValues(FAMILY_VALUES);
            }
            int local = doc - leaf.docBase;
            if (lang != null && family != null && lang.advanceExact(local) && family.advanceExact(local)) {
                langs[i] = lang.lookupOrd(lang.ordValue()).utf8ToString();
                families[i] = family.lookupOrd(family.ordValue()).utf8ToString();
            } else {
                Document d = searcher.storedFields().document(doc, Set.of(LexicalIndex.LANG, LexicalIndex.FAMILY));
                langs[i] = d.get(LexicalIndex.LANG);
                families[i] = d.get(LexicalIndex.FAMILY);
            }
        }
        List<LexicalHit> hits = new ArrayList<>(kept.size());
        for (int i = 0; i < kept.size(); i++) {
            LexicalIndex.Candidate c = kept.get(i);
            hits.add(new LexicalHit(c.docId(), c.score(), langs[i], families[i]));
        }
        return hits;
    }
}
