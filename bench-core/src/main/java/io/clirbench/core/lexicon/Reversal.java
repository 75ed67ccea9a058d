package io.clirbench.core.lexicon;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The opposite direction of a lexicon: every single-word translation becomes a headword whose
 * translations are the headwords it translated, those where it stood first before the others
 * (stable within a rank), at most {@link DictdReader#MAX_TRANSLATIONS}.
 */
final class Reversal {

    private Reversal() {
    }

    static Lexicon of(Lexicon lexicon) {
        Map<String, List<List<String>>> byRank = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> e : lexicon.entries().entrySet()) {
            List<String> ts = e.getValue();
            for (int rank = 0; rank < ts.size(); rank++) {
                String t = ts.get(rank);
                if (t.contains(" ")) {
                    continue;
                }
                List<List<String>> ranks = byRank.computeIfAbsent(t.toLowerCase(java.util.Locale.ROOT), k -> new ArrayList<>());
                while (ranks.size() <= rank) {
                    ranks.add(new ArrayList<>());
                }
                ranks.get(rank).add(e.getKey());
            }
        }
        Map<String, List<String>> out = new LinkedHashMap<>();
        byRank.forEach((term, ranks) -> {
            List<String> ts = new ArrayList<>();
            for (List<String> r : ranks) {
                for (String s : r) {
                    if (ts.size() < DictdReader.MAX_TRANSLATIONS && !ts.contains(s)) {
                        ts.add(s);
                    }
                }
            }
            out.put(term, List.copyOf(ts));
        });
        return new Lexicon(lexicon.pair().reversed(), out);
    }
}
