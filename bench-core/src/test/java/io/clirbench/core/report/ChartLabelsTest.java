package io.clirbench.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Legends show whole run names, knee labels do not overlap, heat-maps name their run. */
class ChartLabelsTest {

    @Test
    void longNamesWrapAtSeparatorsAndKeepEveryCharacter() {
        String name = "paraphrase-multilingual-minilm-l12-v2/exact";
        List<String> lines = SvgChart.wrap(name, 20);
        assertThat(lines).allMatch(l -> l.length() <= 20);
        assertThat(String.join("", lines)).isEqualTo(name); // nothing cut, nothing added
        // every line break falls after a separator, never inside a word
        for (int i = 0; i < lines.size() - 1; i++) {
            assertThat("/-_+,: ").contains(lines.get(i).substring(lines.get(i).length() - 1));
        }
        assertThat(SvgChart.wrap("bm25", 20)).containsExactly("bm25");
        // one word longer than the width keeps its line whole
        assertThat(SvgChart.wrap("averyveryverylongmodelname/exact", 10)).containsExactly("averyveryverylongmodelname/", "exact");
    }

    @Test
    void theLegendDrawsTheWholeName() {
        SvgChart svg = new SvgChart(100, 100, "t", "d");
        svg.legend(0, 0, List.of(SvgChart.LegendItem.box("multilingual-e5-small-instruct/exact", "#000000")));
        String out = svg.end();
        assertThat(out).doesNotContain("…");
        assertThat(out.replaceAll("</text>\\n<text[^>]*>", "")).contains("multilingual-e5-small-instruct/exact");
    }

    @Test
    void kneeLabelsAtTheSamePlaceAreStackedWithoutOverlap() {
        LabelPlacer placer = new LabelPlacer(20, 280);
        List<Double> ys = new ArrayList<>();
        // five runs whose knees are all at K* = 5 with nearly the same RRC: the worst case
        for (int i = 0; i < 5; i++) {
            ys.add(placer.place(200 + i, 100 + i));
        }
        for (int i = 0; i < ys.size(); i++) {
            for (int j = i + 1; j < ys.size(); j++) {
                assertThat(Math.abs(ys.get(i) - ys.get(j))).isGreaterThanOrEqualTo(LabelPlacer.HEIGHT);
            }
        }
        assertThat(ys).allMatch(y -> y >= 20 && y <= 280);
        // far apart labels stay where they were wanted
        LabelPlacer apart = new LabelPlacer(20, 280);
        assertThat(apart.place(50, 100)).isEqualTo(100);
        assertThat(apart.place(300, 100)).isEqualTo(100);
    }
}
