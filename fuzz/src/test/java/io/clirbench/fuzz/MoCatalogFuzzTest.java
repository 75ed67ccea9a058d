package io.clirbench.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.clirbench.core.distil.MoCatalog;

/**
 * GNU gettext {@code .mo} catalogues ({@code bench distil}): {@link MoCatalog#pairs} documents
 * {@link MoCatalog.MoFormatException} for a file that is not a well-formed {@code .mo}.
 */
class MoCatalogFuzzTest {

    @FuzzTest
    void mo(byte[] data) {
        try {
            MoCatalog.pairs(data, "fuzz.mo");
        } catch (MoCatalog.MoFormatException e) {
            // documented
        }
    }
}
