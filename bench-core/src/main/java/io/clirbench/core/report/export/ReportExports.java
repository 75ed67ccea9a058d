package io.clirbench.core.report.export;

import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.eval.RunReport;
import io.clirbench.core.report.ReportBundle;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The export files of a retrieval report (names relative to the report directory, under {@value #DIRECTORY}/), rendered
 * in memory for {@link io.clirbench.core.report.ReportDirectory}:
 * <ul>
 *   <li>{@code trec-eval}: {@code export/trec_eval/RUN.txt}, one run's {@code trec_eval -q -c} output;</li>
 *   <li>{@code mteb}: {@code export/mteb/RUN.json}, one run's MTEB result file;</li>
 *   <li>{@code ranx}: {@code export/ranx/RUN.run.json} for each run whose lists are at hand, {@code export/ranx/qrels.json}
 *       when the judgments are;</li>
 *   <li>{@code latex}: {@code export/tables.tex}, every run.</li>
 * </ul>
 * {@code RUN} is the run's name as a file name ({@link #fileNames}).
 */
public final class ReportExports {

    public static final String DIRECTORY = io.clirbench.core.report.ReportFiles.EXPORT_DIRECTORY;
    public static final String LATEX = DIRECTORY + "/tables.tex";
    public static final String RANX_QRELS = DIRECTORY + "/ranx/qrels.json";

    private ReportExports() {
    }

    /** The report's files ({@link ReportBundle#render}), then its exports in {@code formats} ({@link #render}). */
    public static Map<String, String> withReportFiles(EvalReport report, Set<ExportFormat> formats, ExportInputs inputs) {
        Map<String, String> files = ReportBundle.render(report);
        files.putAll(render(report, formats, inputs));
        return files;
    }

    /** The chosen formats' files, in the order of {@link ExportFormat}, then of the report's runs. */
    public static Map<String, String> render(EvalReport report, Set<ExportFormat> formats, ExportInputs inputs) {
        Map<String, RunReport> runs = new LinkedHashMap<>();
        report.runs().forEach(run -> runs.put(run.name(), run));
        Map<String, String> out = new LinkedHashMap<>();
        for (Planned file : plan(List.copyOf(runs.keySet()), formats, inputs.runLists().keySet(), inputs.qrels() != null)) {
            RunReport run = file.run() == null ? null : runs.get(file.run());
            out.put(file.name(), switch (file.format()) {
                case MTEB -> MtebExport.render(report, run.standard(), inputs.queryLanguages());
                case RANX -> run == null ? RanxExport.qrels(inputs.qrels()) : RanxExport.run(inputs.runLists().get(run.name()));
                case TREC_EVAL -> TrecEvalExport.render(run.standard());
                case LATEX -> LatexTable.render(report);
            });
        }
        return out;
    }

    /**
     * The names {@link #render} writes for these runs and formats, known before anything is read: {@code ranxRuns} are
     * the runs whose lists will be at hand, {@code qrels} whether the judgments will be.
     */
    public static List<String> names(List<String> runNames, Set<ExportFormat> formats, Set<String> ranxRuns, boolean qrels) {
        return plan(runNames, formats, ranxRuns, qrels).stream().map(Planned::name).toList();
    }

    /** One export file: its name, format and run ({@code null} for a file of the whole report or the qrels). */
    private record Planned(String name, ExportFormat format, String run) {
    }

    private static List<Planned> plan(List<String> runNames, Set<ExportFormat> formats, Set<String> ranxRuns, boolean qrels) {
        Map<String, String> files = fileNames(runNames);
        List<Planned> plan = new ArrayList<>();
        for (ExportFormat format : ExportFormat.values()) {
            if (!formats.contains(format)) {
                continue;
            }
            switch (format) {
                case MTEB -> runNames.forEach(run -> plan.add(new Planned(mtebFile(files.get(run)), format, run)));
                case RANX -> {
                    runNames.stream().filter(ranxRuns::contains)
                            .forEach(run -> plan.add(new Planned(ranxRunFile(files.get(run)), format, run)));
                    if (qrels) {
                        plan.add(new Planned(RANX_QRELS, format, null));
                    }
                }
                case TREC_EVAL -> runNames.forEach(run -> plan.add(new Planned(trecEvalFile(files.get(run)), format, run)));
                case LATEX -> plan.add(new Planned(LATEX, format, null));
            }
        }
        return plan;
    }

    /**
     * Run name → file name: every character outside {@code [A-Za-z0-9._-]} becomes {@code _} (as a retriever id's TREC
     * file, {@code RetrieverId.fileName}), a name that would be hidden or empty is prefixed {@code run}, and a name
     * taken by an earlier run gets {@code -2}, {@code -3}, ...
     */
    public static Map<String, String> fileNames(List<String> runNames) {
        Map<String, String> files = new LinkedHashMap<>();
        Set<String> taken = new HashSet<>();
        for (String run : runNames) {
            String base = run.replaceAll("[^A-Za-z0-9._-]", "_");
            if (base.isEmpty() || base.startsWith(".")) {
                base = "run" + base;
            }
            String name = base;
            for (int i = 2; !taken.add(name); i++) {
                name = base + "-" + i;
            }
            files.put(run, name);
        }
        return files;
    }

    static String trecEvalFile(String file) {
        return DIRECTORY + "/trec_eval/" + file + ".txt";
    }

    static String mtebFile(String file) {
        return DIRECTORY + "/mteb/" + file + ".json";
    }

    static String ranxRunFile(String file) {
        return DIRECTORY + "/ranx/" + file + ".run.json";
    }
}
