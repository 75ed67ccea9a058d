package io.clirbench.core.format.trec;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.run.RankedList;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fast scanner against the checking reader: on generated runs (ties, long ids, CRLF, tabs,
 * unsorted, gzip), with blocks small enough that queries straddle many block ends, every
 * target's rank must be its position in the list {@link TrecRunReader} builds (brute force).
 */
class RunScannerTest {

    @TempDir
    Path tmp;

    @Test
    void ranksEqualThePositionsInTheCheckingReadersListsForEveryShape() {
        int file = 0;
        for (boolean crlf : new boolean[] {false, true}) {
            for (boolean mixed : new boolean[] {false, true}) {
                for (boolean sorted : new boolean[] {false, true}) {
                    for (boolean gzip : new boolean[] {false, true}) {
                        GeneratedRuns.Shape shape = new GeneratedRuns.Shape(crlf, mixed, sorted, gzip, file % 3 == 0);
                        Path run = GeneratedRuns.write(tmp, "r" + file, shape, 40, 120, file).run();
                        for (int blockSize : new int[] {64, 700, 1 << 16, 1 << 20}) { // 1 << 20: under half a block, parsed on the calling thread
                            assertScanMatchesReader(run, 1 + file % 3, blockSize, file);
                        }
                        file++;
                    }
                }
            }
        }
    }

    @Test
    void aQueryLargerThanTheBlockGrowsIt() {
        Path run = GeneratedRuns.write(tmp, "big", new GeneratedRuns.Shape(false, true, false, false, true), 3, 3000, 7).run();
        assertScanMatchesReader(run, 2, 128, 7);
    }

    @Test
    void tiesAtTheDepthCutCountTheFirstByIdDescending() throws IOException {
        // depth 2: d9 (3.0) then, of the tie d1/d5/d7 at 2.0, d7 (the largest id); d7 is unknown -> 1
        Path run = write("cut.run", "q1 Q0 d1 1 2.0 t\nq1 Q0 d9 2 3.0 t\nq1 Q0 d7 3 2.0 t\nq1 Q0 d5 4 2.0 t\n");
        List<ScannedList> lists = new ArrayList<>();
        IdTable known = IdTable.indexOf(List.of("d1", "d5", "d9"));
        assertThat(new RunScanner(run, 1).scan(q -> IdTable.indexOf(List.of("d5")), known, 2, lists::add)).isTrue();
        assertThat(lists).singleElement().satisfies(l -> {
            assertThat(l.size()).isEqualTo(4);
            assertThat(l.ranks()).containsExactly(3); // d9, d7, d5, d1
            assertThat(l.unknownInTop()).isEqualTo(1);
        });
    }

    @Test
    void filesOutsideTheFastPathAreHandedBack() throws IOException {
        Map<String, String> cases = Map.of(
                "apart", "q1 Q0 d1 1 1 t\nq2 Q0 d1 1 1 t\nq1 Q0 d2 2 0.5 t\n",
                "duplicate", "q1 Q0 d1 1 1 t\nq1 Q0 d1 2 0.5 t\n",
                // the duplicate table is reused across lists: a later list's own duplicate is still found
                "duplicate-later", "q1 Q0 d1 1 1 t\nq1 Q0 d2 2 0.5 t\nq2 Q0 d2 1 1 t\nq2 Q0 d3 2 1 t\nq2 Q0 d2 3 0.5 t\n",
                "five-columns", "q1 Q0 d1 1 1\n",
                "seven-columns", "q1 Q0 d1 1 1 t x\n",
                "bad-score", "q1 Q0 d1 1 1,5 t\n",
                "nan", "q1 Q0 d1 1 NaN t\n",
                "non-ascii-doc", "q1 Q0 d\u00e9 1 1 t\n",
                "non-ascii-query", "q\u00e9 Q0 d1 1 1 t\n");
        cases.forEach((name, text) -> {
            Path run = write(name, text);
            RunScanner scanner = new RunScanner(run, 2);
            assertThat(scanner.scan(q -> null, null, 10, l -> { })).as(name).isFalse();
            assertThat(scanner.fallBackReason()).as(name).isNotNull();
        });
    }

    private void assertScanMatchesReader(Path run, int workers, int blockSize, long seed) {
        List<RankedList> expected = new ArrayList<>();
        new TrecRunReader(run).forEachQuery(expected::add);
        Random random = new Random(seed);
        Map<String, IdTable> targets = new HashMap<>();
        Map<String, Map<Integer, Integer>> expectedRanks = new HashMap<>();
        Set<String> knownIds = new HashSet<>();
        for (RankedList list : expected) {
            List<String> picked = new ArrayList<>();
            Map<Integer, Integer> ranks = new TreeMap<>();
            for (int r = 0; r < list.size(); r++) {
                if (random.nextInt(4) == 0) {
                    ranks.put(picked.size(), r + 1);
                    picked.add(list.docIds()[r]);
                }
                if (random.nextBoolean()) {
                    knownIds.add(list.docIds()[r]);
                }
            }
            targets.put(list.queryId(), IdTable.indexOf(picked));
            expectedRanks.put(list.queryId(), ranks);
        }
        int depth = 1 + random.nextInt(60);
        List<ScannedList> scanned = new ArrayList<>();
        boolean complete = new RunScanner(run, workers, blockSize).scan(targets::get, IdTable.indexOf(knownIds), depth, scanned::add);
        String where = run + " block " + blockSize;
        assertThat(complete).as(where).isTrue();
        assertThat(scanned).as(where).extracting(ScannedList::queryId).containsExactlyElementsOf(
                expected.stream().map(RankedList::queryId).toList());
        for (int i = 0; i < expected.size(); i++) {
            RankedList list = expected.get(i);
            ScannedList s = scanned.get(i);
            assertThat(s.size()).as(where).isEqualTo(list.size());
            Map<Integer, Integer> ranks = new TreeMap<>();
            for (int k = 0; k < s.ranks().length; k++) {
                ranks.put(s.values()[k], s.ranks()[k]);
            }
            assertThat(ranks).as(where + " " + list.queryId()).isEqualTo(expectedRanks.get(list.queryId()));
            int unknown = 0;
            for (int r = 0; r < Math.min(depth, list.size()); r++) {
                unknown += knownIds.contains(list.docIds()[r]) ? 0 : 1;
            }
            assertThat(s.unknownInTop()).as(where + " " + list.queryId()).isEqualTo(unknown);
        }
    }

    private Path write(String name, String text) {
        try {
            return Files.writeString(tmp.resolve(name), text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
