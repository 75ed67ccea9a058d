package io.clirbench.core.agentic.report;

import io.clirbench.core.agentic.eval.CitationErrors;
import io.clirbench.core.agentic.eval.ConfigurationComparison;
import io.clirbench.core.agentic.eval.OracleDecomposition;
import io.clirbench.core.agentic.eval.ResourceGroups;
import io.clirbench.core.agentic.eval.XbcpStudy;
import io.clirbench.core.agentic.format.AgentJson;
import io.clirbench.core.report.HtmlReport;
import io.clirbench.core.report.HtmlText;
import io.clirbench.core.report.Numbers;
import io.clirbench.core.report.ReportFiles;
import io.clirbench.core.report.TextTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The report of an {@link XbcpStudy} ({@code bench agent compare}): the comparison across configurations (or along a
 * setting axis) as {@link ConfigurationComparisonReport} renders it, then the runs with their settings, the oracle
 * decomposition, the citation errors and the resource groups, each a table (console, Markdown, HTML) and a key of
 * {@code report.json}. Deterministic.
 */
public final class XbcpStudyReport {

    private XbcpStudyReport() {
    }

    /** A titled table. */
    private record Section(String id, String title, String note, AgentTables.Table table) {
    }

    /** The files ({@link ReportFiles#COMPARISON}): {@code report.json}, {@code report.md}, {@code report.html}. */
    public static Map<String, String> render(XbcpStudy s) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put(ReportFiles.JSON, AgentJson.pretty(json(s)));
        files.put(ReportFiles.MARKDOWN, markdown(s));
        files.put(ReportFiles.HTML, html(s));
        return files;
    }

    /** Under an axis, what the comparison's configuration column holds; {@code null} across configurations. */
    static String axisNote(XbcpStudy s) {
        return s.axis() == null ? null : "Compared along `" + s.axis() + "`: the configuration column holds its values, each run"
                + " scored against its own configuration.";
    }

    /** The console text. */
    public static String console(XbcpStudy s) {
        StringBuilder out = new StringBuilder(s.comparison() != null ? ConfigurationComparisonReport.console(s.comparison())
                : "Task " + s.task() + ": " + s.note() + "\n");
        if (axisNote(s) != null) {
            out.append('\n').append(axisNote(s).replace("`", "")).append('\n');
        }
        for (Section sec : sections(s)) {
            out.append('\n').append(sec.title()).append("\n\n");
            if (sec.note() != null) {
                out.append(sec.note().replace("`", "")).append("\n\n");
            }
            out.append(TextTable.plain(sec.table().header(), sec.table().rows())).append('\n');
        }
        return out.toString();
    }

    /** The Markdown report. */
    public static String markdown(XbcpStudy s) {
        StringBuilder out = new StringBuilder(s.comparison() != null ? ConfigurationComparisonReport.markdown(s.comparison())
                : "# clirbench agentic comparison\n\nTask `" + s.task() + "`: " + s.note() + "\n");
        if (axisNote(s) != null) {
            out.append('\n').append(axisNote(s)).append('\n');
        }
        for (Section sec : sections(s)) {
            out.append("\n## ").append(sec.title()).append("\n\n");
            if (sec.note() != null) {
                out.append(sec.note()).append("\n\n");
            }
            out.append(TextTable.markdown(sec.table().header(), sec.table().rows()));
        }
        return out.toString();
    }

    /** The HTML page: the comparison's page with the sections added before its end. */
    public static String html(XbcpStudy s) {
        String page = s.comparison() != null ? ConfigurationComparisonReport.html(s.comparison())
                : "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n<title>clirbench agentic comparison: "
                + HtmlText.escape(s.task()) + "</title>\n<style>\n" + HtmlReport.CSS + "</style>\n</head>\n<body>\n<main>\n"
                + "<h1>clirbench agentic comparison</h1>\n<p class=\"note\">" + HtmlText.escape("Task " + s.task() + ": " + s.note())
                + "</p>\n</main>\n</body>\n</html>\n";
        StringBuilder sections = new StringBuilder();
        if (axisNote(s) != null) {
            sections.append("<p class=\"note\">").append(HtmlText.withCode(axisNote(s))).append("</p>\n");
        }
        for (Section sec : sections(s)) {
            sections.append("<section id=\"").append(sec.id()).append("\">\n<h2>").append(HtmlText.escape(sec.title())).append("</h2>\n");
            if (sec.note() != null) {
                sections.append("<p class=\"note\">").append(HtmlText.withCode(sec.note())).append("</p>\n");
            }
            sections.append(HtmlText.table(sec.table().header(), sec.table().rows(), null)).append("</section>\n");
        }
        int end = page.lastIndexOf("</main>");
        return page.substring(0, end) + sections + page.substring(end);
    }

    private static List<Section> sections(XbcpStudy s) {
        List<Section> out = new ArrayList<>();
        out.add(new Section("runs", "Runs and settings", "Accuracy, evidence recall and search calls (mean over queries with a"
                + " run) with 95% BCa intervals (clustered bootstrap, cluster = query); setting: `search` or the oracle variant;"
                + " agent settings as the run files record them.", runs(s)));
        if (!s.decomposition().rows().isEmpty()) {
            out.add(new Section("decomposition", "Oracle decomposition", "XBCP: retrieval gap = accuracy(Oracle) − accuracy(search),"
                    + " agent-side loss = accuracy(EN-Oracle) − accuracy(Oracle), prompt-language effect = accuracy(Oracle-TQ+TP)"
                    + " − accuracy(Oracle); each the mean paired difference on the queries both runs scored, per evidence language"
                    + " under the configuration, with its 95% BCa interval (cluster = query) and the paired sign-flip test ("
                    + s.decomposition().bootstrap() + " patterns, seed " + s.decomposition().seed() + "), Holm-adjusted over every row.",
                    decomposition(s.decomposition())));
        }
        out.add(new Section("citation-errors", "Citation errors", "XBCP Appendix G: an error is a cited docid that is not evidence of"
                + " the query; a mapping failure when the query's searches returned evidence (any rank, any call; in an oracle run the"
                + " evidence was in the prompt), else no gold retrieved. Shares: errors of the cited, each kind of the errors.",
                citations(s.citations())));
        if (s.groups().stream().anyMatch(g -> !g.groups().isEmpty())) {
            out.add(new Section("resource-groups", "Resource groups", "Each group's means over its queries with 95% BCa intervals"
                    + " (cluster = query).", groups(s.groups())));
            out.add(new Section("resource-difference", "High − low resource", "The difference of the group means with a"
                    + " cluster-bootstrap 95% BCa interval that resamples each group's queries apart; descriptive: the groups hold"
                    + " different queries, so there is no paired test.", differences(s.groups())));
        }
        return out;
    }

    /** The runs table. */
    public static AgentTables.Table runs(XbcpStudy s) {
        List<String> keys = new ArrayList<>();
        s.runs().forEach(r -> r.settings().keySet().forEach(k -> {
            if (!keys.contains(k)) {
                keys.add(k);
            }
        }));
        List<List<String>> rows = new ArrayList<>();
        for (XbcpStudy.RunRow r : s.runs()) {
            List<String> row = new ArrayList<>(List.of(r.run(), r.configuration(), r.setting()));
            keys.forEach(k -> row.add(r.settings().getOrDefault(k, "-")));
            row.addAll(List.of(Integer.toString(r.queries()), AgentTables.withInterval(r.accuracy(), r.accuracyCi()),
                    AgentTables.withInterval(r.evidenceRecall(), r.recallCi()), AgentTables.withInterval(r.searchCalls(), r.searchCallsCi(), 2)));
            rows.add(row);
        }
        List<String> header = new ArrayList<>(List.of("run", "configuration", "setting"));
        header.addAll(keys);
        header.addAll(List.of("N", "accuracy [95% BCa]", "evidence recall [95% BCa]", "search calls [95% BCa]"));
        return new AgentTables.Table(header, rows);
    }

    /** The decomposition table. */
    public static AgentTables.Table decomposition(OracleDecomposition d) {
        List<List<String>> rows = new ArrayList<>();
        for (OracleDecomposition.Row r : d.rows()) {
            rows.add(List.of(r.configuration(), r.component(), r.language(), r.minuend() + " − " + r.subtrahend(),
                    Integer.toString(r.paired()), Numbers.fixed(r.accuracyA(), 3), Numbers.fixed(r.accuracyB(), 3),
                    AgentTables.withInterval(Double.isNaN(r.difference()) ? null : r.difference(), r.interval(), 3), p(r.p()), p(r.pHolm()),
                    r.note() == null ? "" : r.note()));
        }
        return new AgentTables.Table(List.of("configuration", "component", "evidence language", "runs (a − b)", "paired",
                "accuracy a", "accuracy b", "difference [95% BCa]", "p", "p (Holm)", "note"), rows);
    }

    /** The citation error table. */
    public static AgentTables.Table citations(List<CitationErrors> all) {
        List<List<String>> rows = new ArrayList<>();
        for (CitationErrors c : all) {
            for (CitationErrors.Row r : c.rows()) {
                rows.add(List.of(c.run(), c.configuration(), c.setting(), r.language(), Integer.toString(r.answers()),
                        Numbers.fixed(r.coverage(), 3), Integer.toString(r.cited()), Integer.toString(r.errors()),
                        Numbers.fixed(r.errorShare(), 3), Integer.toString(r.mappingFailures()), Numbers.fixed(r.mappingShare(), 3),
                        Integer.toString(r.noGoldRetrieved()), Numbers.fixed(r.noGoldShare(), 3)));
            }
        }
        return new AgentTables.Table(List.of("run", "configuration", "setting", "evidence language", "answers", "cite coverage",
                "cited", "errors", "error share", "mapping failures", "share", "no gold retrieved", "share"), rows);
    }

    /** The resource group table. */
    public static AgentTables.Table groups(List<ResourceGroups> all) {
        List<List<String>> rows = new ArrayList<>();
        for (ResourceGroups g : all) {
            for (ResourceGroups.Group r : g.groups()) {
                rows.add(List.of(g.run(), r.name(), String.join(",", r.languages()), Integer.toString(r.queries()),
                        AgentTables.withInterval(r.accuracy(), r.accuracyCi()), AgentTables.withInterval(r.evidenceRecall(), r.recallCi()),
                        AgentTables.withInterval(r.searchCalls(), r.searchCallsCi(), 2)));
            }
        }
        return new AgentTables.Table(List.of("run", "resource group", "languages", "N", "accuracy [95% BCa]",
                "evidence recall [95% BCa]", "search calls [95% BCa]"), rows);
    }

    /** The high − low table. */
    public static AgentTables.Table differences(List<ResourceGroups> all) {
        List<List<String>> rows = new ArrayList<>();
        for (ResourceGroups g : all) {
            for (ResourceGroups.Difference d : g.differences()) {
                rows.add(List.of(g.run(), d.metric(), Numbers.fixed(d.high(), 3), Numbers.fixed(d.low(), 3),
                        AgentTables.withInterval(d.difference(), d.interval(), 3)));
            }
        }
        return new AgentTables.Table(List.of("run", "metric", "high", "low", "high − low [95% BCa]"), rows);
    }

    private static String p(Double p) {
        return p == null ? "-" : p < 0.0001 ? "<0.0001" : String.format(Locale.ROOT, "%.4f", p);
    }

    static Map<String, Object> json(XbcpStudy s) {
        Map<String, Object> out = s.comparison() != null ? ConfigurationComparisonReport.json(s.comparison()) : new LinkedHashMap<>();
        if (s.comparison() == null) {
            out.put("task", s.task());
            out.put("note", s.note());
        }
        out.put("axis", s.axis() == null ? "configuration" : s.axis());
        out.put("runs", s.runs());
        out.put("decomposition", s.decomposition());
        out.put("citationErrors", s.citations());
        out.put("resourceGroups", s.groups());
        return out;
    }
}
