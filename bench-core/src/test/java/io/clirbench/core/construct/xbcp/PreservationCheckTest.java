package io.clirbench.core.construct.xbcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The items a translation must keep, read off each source by hand. */
class PreservationCheckTest {

    @Test
    void findsUrlsFormulasAndCodeOnceEachWithoutTheSentenceMarkAfterAUrl() {
        String source = "See https://example.org/a?b=1. Then run `pip install x` and\n```\ncurl http://h/x\n```\n"
                + "The energy is $E = mc^2$ and \\(a+b\\); again https://example.org/a?b=1!";
        assertThat(PreservationCheck.items(source)).containsExactly("```\ncurl http://h/x\n```", "`pip install x`", "$E = mc^2$",
                "\\(a+b\\)", "https://example.org/a?b=1");
    }

    @Test
    void aTranslationMissingARewrittenItemIsCaught() {
        String source = "Docs at https://example.org/doc, formula $x_1$.";
        assertThat(PreservationCheck.missing(source, "Doku unter https://example.org/doc, Formel $x_1$.")).isEmpty();
        assertThat(PreservationCheck.missing(source, "Doku unter example.org, Formel $x_1$.")).containsExactly("https://example.org/doc");
        assertThat(PreservationCheck.items("Plain text, 3 $ and 4 items.")).isEmpty();
        assertThat(PreservationCheck.items("Price $5 and $10, or $x$.")).containsExactly("$x$");
    }
}
