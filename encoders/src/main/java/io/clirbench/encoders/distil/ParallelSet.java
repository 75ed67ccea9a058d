package io.clirbench.encoders.distil;

import io.clirbench.core.distil.MessageText;
import io.clirbench.core.distil.Segmenter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The cleaned, de-duplicated pairs, split by English sentence into training and held-out parts: every translation of
 * a held-out English sentence is held out too, so no held-out English text is ever seen in training.
 *
 * @param english the distinct English sentences, training ones first
 * @param heldOutFrom index in {@code english} of the first held-out sentence
 * @param translations per English sentence index, its (language, translation) pairs
 */
public record ParallelSet(List<String> english, int heldOutFrom, List<List<Translation>> translations) {

    /** One translation of an English sentence. */
    public record Translation(String language, String text) {
    }

    /** Texts longer than this (help screens) are skipped: the teacher truncates them and their means blur. */
    static final int MAX_CHARS = 400;

    /** Cleans, drops pairs whose sides have no token or are too long, de-duplicates, and holds out a seeded share. */
    public static ParallelSet of(List<DebianCatalogues.Pair> pairs, double heldOut, long seed) {
        Map<String, Set<Translation>> byEnglish = new LinkedHashMap<>();
        for (DebianCatalogues.Pair p : pairs) {
            String en = MessageText.clean(p.english());
            String tr = MessageText.clean(p.translation());
            if (en.length() > MAX_CHARS || tr.length() > MAX_CHARS || Segmenter.tokens(en).isEmpty()
                    || Segmenter.tokens(tr).isEmpty()) {
                continue;
            }
            byEnglish.computeIfAbsent(en, k -> new LinkedHashSet<>()).add(new Translation(language(p.locale()), tr));
        }
        List<String> train = new ArrayList<>();
        List<String> held = new ArrayList<>();
        for (String en : byEnglish.keySet()) {
            // a seeded hash of the text, so that the split does not depend on the order of the packages
            long h = mix(en.hashCode() ^ seed);
            (Long.remainderUnsigned(h, 1000) < heldOut * 1000 ? held : train).add(en);
        }
        List<String> english = new ArrayList<>(train);
        english.addAll(held);
        List<List<Translation>> translations = english.stream().map(en -> List.copyOf(byEnglish.get(en))).toList();
        return new ParallelSet(List.copyOf(english), train.size(), translations);
    }

    /** The card's language code of a locale directory: {@code zh_CN} -> {@code zh}, {@code pt_BR} -> {@code pt}. */
    static String language(String locale) {
        int cut = locale.indexOf('_');
        return cut < 0 ? locale : locale.substring(0, cut);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return z ^ (z >>> 33);
    }

    public int pairCount(boolean heldOutPart) {
        int n = 0;
        for (int i = heldOutPart ? heldOutFrom : 0; i < (heldOutPart ? english.size() : heldOutFrom); i++) {
            n += translations.get(i).size();
        }
        return n;
    }
}
