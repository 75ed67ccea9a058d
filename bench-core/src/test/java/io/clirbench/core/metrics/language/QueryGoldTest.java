package io.clirbench.core.metrics.language;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.model.Query;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Same / cross / dual-gold / no-home of one gold set (METRICS.md §2 "Gold"), cases written by hand. */
class QueryGoldTest {

    private static QueryGold gold(String queryLang, String... docLangs) {
        String[] ids = new String[docLangs.length];
        int[] grades = new int[docLangs.length];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = "d" + i;
            grades[i] = 1;
        }
        return new QueryGold(new Query("q", "text", queryLang, null, Map.of()), ids, grades, docLangs);
    }

    @Test
    void goldOnlyInTheQueryLanguageIsSameAndHasAHome() {
        QueryGold g = gold("de", "de", "de");
        assertThat(g.hasSame()).isTrue();
        assertThat(g.hasCross()).isFalse();
        assertThat(g.isDualGold()).isFalse();
        assertThat(g.isNoHome()).isFalse();
    }

    @Test
    void goldInBothIsDualGold() {
        QueryGold g = gold("de", "en", "de", "zh");
        assertThat(g.hasSame()).isTrue();
        assertThat(g.hasCross()).isTrue();
        assertThat(g.isDualGold()).isTrue();
        assertThat(g.isNoHome()).isFalse();
    }

    @Test
    void goldOnlyInOtherLanguagesHasNoHome() {
        QueryGold g = gold("de", "en", "zh");
        assertThat(g.hasSame()).isFalse();
        assertThat(g.hasCross()).isTrue();
        assertThat(g.isDualGold()).isFalse();
        assertThat(g.isNoHome()).isTrue();
    }
}
