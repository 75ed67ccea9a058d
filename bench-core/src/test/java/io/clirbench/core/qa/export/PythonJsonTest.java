package io.clirbench.core.qa.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link PythonJson} against the text CPython 3.11 itself printed for the same values (quoted in each test). */
class PythonJsonTest {

    @Test
    void floatsAreWrittenAsPythonsRepr() {
        // python3 -c 'import json; print(json.dumps([0.0, -0.0, 1.0, 0.5, 0.1, 1e-05, 0.0001, 1e16, 1e15,
        //     123456789012345678.0, 1.5e300, -2.5e-7, 0.30000000000000004, 100.0, 5e-324, 1.7976931348623157e308, 12345.678]))'
        String python = "[0.0, -0.0, 1.0, 0.5, 0.1, 1e-05, 0.0001, 1e+16, 1000000000000000.0, 1.2345678901234568e+17, 1.5e+300, "
                + "-2.5e-07, 0.30000000000000004, 100.0, 5e-324, 1.7976931348623157e+308, 12345.678]";
        List<Object> values = Arrays.asList(0.0, -0.0, 1.0, 0.5, 0.1, 1e-05, 0.0001, 1e16, 1e15, 123456789012345678.0, 1.5e300, -2.5e-7,
                0.30000000000000004, 100.0, 5e-324, 1.7976931348623157e308, 12345.678);
        assertThat(PythonJson.dumps(values)).isEqualTo(python.replace(", ", ","));
    }

    @Test
    void keysSortByCodePointAndOnlyQuotesBackslashesAndControlsAreEscaped() {
        // python3 -c 'import json; print(json.dumps({"b": 1, "a": [True, None, "x\"\\\n\t\u0001é\u2028"], "\U0001F600": 1,
        //     "\uffff": 2}, ensure_ascii=False, sort_keys=True, separators=(",", ":")))'
        // printed {"a":[true,null,"x\"\\\n\t\u0001é<U+2028>"],"b":1,"<U+FFFF>":2,"😀":1}: U+FFFF before U+1F600, although
        // Java's compareTo puts the surrogate pair of U+1F600 (0xD83D ...) first
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("b", 1);
        m.put("a", Arrays.asList(true, null, "x\"\\\n\t\u0001é\u2028"));
        m.put("\uD83D\uDE00", 1);
        m.put("\uffff", 2L);
        assertThat(PythonJson.dumps(m)).isEqualTo("{\"a\":[true,null,\"x\\\"\\\\\\n\\t\\u0001é\u2028\"],\"b\":1,\"\uffff\":2,\"\uD83D\uDE00\":1}");
    }
}
