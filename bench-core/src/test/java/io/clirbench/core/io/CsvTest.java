package io.clirbench.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class CsvTest {

    @Test
    void writesRfc4180QuotingWithCrlf() {
        // RFC 4180 §2: fields with commas, quotes or line breaks are quoted, quotes doubled, CRLF ends records
        String csv = Csv.render(List.of(List.of("run", "R@10"), List.of("a,\"b\"", "0.5"), List.of("x\ny", "")));
        assertThat(csv).isEqualTo("run,R@10\r\n\"a,\"\"b\"\"\",0.5\r\n\"x\ny\",\r\n");
    }

    @Test
    void readsWhatItWrites() {
        List<List<String>> rows = List.of(List.of("run", "R@10 [lo, hi]", "note"),
                List.of("bm25", "0.412 [0.371, 0.455]", "say \"hi\""),
                List.of("multi\r\nline", "", "é ∑ 中文"));
        assertThat(Csv.parse(Csv.render(rows))).isEqualTo(rows);
    }

    @Test
    void readsLfLineEndsAndALastLineWithoutEnd() {
        assertThat(Csv.parse("a,b\n1,2")).containsExactly(List.of("a", "b"), List.of("1", "2"));
    }

    @Test
    void anUnclosedQuoteNamesItsLine() {
        assertThatThrownBy(() -> Csv.parse("a,b\r\n1,\"2\r\n3,4\r\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("line 2");
    }
}
