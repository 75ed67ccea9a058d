package io.clirbench.core.construct.parallel;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Roff to text and the parallel setups, on pages and families written by hand. */
class RoffTextTest {

    static final String PAGE = """
            .\\" a comment
            .TH LS 1 2023-01-01
            .SH NAME
            ls, dir \\- list directory contents
            .SH SYNOPSIS
            .B ls
            [\\fIOPTION\\fR]... [\\fIFILE\\fR]...
            .SH DESCRIPTION
            List information about the FILEs (the current directory by default).
            .PP
            .BR \\-a ", " \\-\\-all
            do not ignore entries starting with \\(aq.\\(aq \\(em see
            .UR https://www.gnu.org/software/coreutils/
            .UE
            .SH ÜBERSETZUNG
            Die deutsche Übersetzung stammt von X.
            """;

    @Test
    void keepsHeadingsTextAndFontMacroArgumentsAndResolvesEscapes() {
        List<RoffText.Section> s = RoffText.sections(PAGE);
        assertThat(s).extracting(RoffText.Section::heading).containsExactly("NAME", "SYNOPSIS", "DESCRIPTION", "ÜBERSETZUNG");
        assertThat(s.get(0).text()).isEqualTo("ls, dir - list directory contents");
        assertThat(s.get(1).text()).isEqualTo("ls [OPTION]... [FILE]...");
        assertThat(s.get(2).text()).isEqualTo("List information about the FILEs (the current directory by default).\n"
                + "-a, --all do not ignore entries starting with '.' — see https://www.gnu.org/software/coreutils/");
    }

    @Test
    void aPagesHeadingIsItsDescriptionAndTheCreditsAreLeftOut() {
        ParallelVersion v = ManPages.version("ls.1", "en", PAGE);
        assertThat(v.heading()).isEqualTo("list directory contents");
        assertThat(v.text()).startsWith("SYNOPSIS\n").doesNotContain("NAME").doesNotContain("Übersetzung");
        assertThat(ManPages.version("dir.1", "en", ".so man1/ls.1\n")).isNull();
    }

    @Test
    void randomMissingLeavesTheQuerysOwnVersionOutAndAllAsksEveryVersion() {
        List<ParallelVersion> versions = List.of(new ParallelVersion("f", "de", "Dateien auflisten", "Text de"),
                new ParallelVersion("f", "en", "list files", "Text en"), new ParallelVersion("g", "en", "only English", "Text g"));
        DatasetInfo info = new DatasetInfo("t", "t", "1", "x", "y", List.of(), true);
        Dataset all = ParallelDatasetBuilder.build(versions, "all", 1, info);
        assertThat(all.queries()).hasSize(3);
        assertThat(all.qrels().judgments("f-de")).containsOnlyKeys("f_de", "f_en");
        Dataset missing = ParallelDatasetBuilder.build(versions, "random-missing", 1, info);
        // g has one version: nothing would remain, so it is left out; f keeps one version, the other language asks
        assertThat(missing.queries()).singleElement().satisfies(q -> {
            assertThat(missing.corpus()).singleElement().satisfies(d -> assertThat(d.lang()).isNotEqualTo(q.lang()));
            assertThat(missing.qrels().judgments(q.id())).containsOnlyKeys(missing.corpus().get(0).id());
        });
        Dataset existing = ParallelDatasetBuilder.build(versions, "random-existing", 1, info);
        assertThat(existing.queries()).hasSize(2);
        assertThat(existing.corpus()).hasSize(3);
    }
}
