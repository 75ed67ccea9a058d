package io.clirbench.core.construct.audit;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A seeded sample of QAC rows for a blind human audit. Rows are ordered by SHA-256({@code seed:row number}); with
 * stratification the strata ({@code mode/question_language}, sorted) give their next row in that order in turn until
 * {@code size} rows are taken, so small strata are represented rather than proportionally drowned; without it the
 * first {@code size} rows in hash order. The sample is listed by sample id in the order drawn.
 */
public final class AuditSample {

    /** One QAC data row (1-based, as {@code agreement} joins back to it) and its cells by column name. */
    public record Row(int number, Map<String, String> cells) {
    }

    private AuditSample() {
    }

    public static List<Row> draw(List<Row> rows, int size, long seed, boolean stratify) {
        Comparator<Row> byHash = Comparator.comparing(r -> hash(seed, r.number()));
        if (!stratify) {
            return rows.stream().sorted(byHash).limit(size).toList();
        }
        Map<String, List<Row>> strata = new TreeMap<>();
        for (Row r : rows) {
            strata.computeIfAbsent(r.cells().get("mode") + "/" + r.cells().get("question_language"), k -> new ArrayList<>()).add(r);
        }
        strata.values().forEach(l -> l.sort(byHash));
        List<Row> out = new ArrayList<>();
        Map<String, Integer> next = new LinkedHashMap<>();
        strata.keySet().forEach(k -> next.put(k, 0));
        while (out.size() < size) {
            boolean took = false;
            for (Map.Entry<String, List<Row>> s : strata.entrySet()) {
                int i = next.get(s.getKey());
                if (i < s.getValue().size() && out.size() < size) {
                    out.add(s.getValue().get(i));
                    next.put(s.getKey(), i + 1);
                    took = true;
                }
            }
            if (!took) {
                break;
            }
        }
        return out;
    }

    private static String hash(long seed, int row) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest((seed + ":" + row).getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
