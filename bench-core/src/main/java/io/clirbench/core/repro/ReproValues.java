package io.clirbench.core.repro;

import io.clirbench.core.agentic.eval.AgentBenchmark;
import io.clirbench.core.agentic.eval.AgentScorer;
import io.clirbench.core.agentic.eval.RunScores;
import io.clirbench.core.agentic.eval.RunSummary;
import io.clirbench.core.agentic.eval.ScoringMode;
import io.clirbench.core.agentic.format.BcpQrelsReader;
import io.clirbench.core.agentic.format.BcpRunReader;
import io.clirbench.core.agentic.format.GroundTruthReader;
import io.clirbench.core.agentic.format.JudgementReader;
import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.core.agentic.report.BcpEvaluationSummary;
import io.clirbench.core.qa.eval.Protocol;
import io.clirbench.core.qa.eval.QaEvaluator;
import io.clirbench.core.qa.format.PredictionReader;
import io.clirbench.core.qa.format.QaDatasetReader;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.report.QaJsonReport;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The values a QA or agent reproduction file checks, in the peers' own shapes so that their stored outputs are the
 * expected values: a QA system's XHotpotQA report ({@code overall.answer.f1}, {@code by_question_language.de.joint.f1},
 * ...), an agent run's BrowseComp-Plus {@code evaluation_summary.json} ({@code Accuracy (%)},
 * {@code Recall (%)}, {@code Calibration Error (%)}, {@code avg_tool_stats.search}).
 */
public final class ReproValues {

    private ReproValues() {
    }

    /** Every prediction file scored against the gold, by system name (the file name without extension). */
    public static MetricTable qa(ReproSpec.QaFiles files) {
        Protocol protocol = Protocol.parse(files.protocol());
        List<QaInstance> gold = QaDatasetReader.readInstances(files.gold());
        Map<String, Map<String, Object>> reports = new LinkedHashMap<>();
        for (Path file : files.predictions()) {
            QaEvaluator evaluator = new QaEvaluator(protocol, PredictionReader.read(file).byId());
            gold.forEach(evaluator::accept);
            reports.put(systemName(file), QaJsonReport.xhotpot(evaluator.finish()));
        }
        return MetricTable.ofReports(reports);
    }

    /** The agent run scored in the BrowseComp-Plus compatible mode, under its directory's name. */
    public static MetricTable agent(ReproSpec.AgentFiles files) {
        String name = files.run().getFileName().toString();
        AgentRun run = BcpRunReader.read(files.run(), name, true, true);
        AgentBenchmark benchmark = AgentBenchmark.corpusLess(GroundTruthReader.read(files.groundTruth()),
                BcpQrelsReader.read(files.evidence()), null, JudgementReader.read(files.judgements()));
        RunScores scores = AgentScorer.score(benchmark, run, ScoringMode.BCP, null);
        Map<String, Object> summary = BcpEvaluationSummary.of(scores, RunSummary.of(scores, ScoringMode.BCP), "-");
        return MetricTable.ofReports(Map.of(name, summary));
    }

    // "runs/lexical-overlap.jsonl" -> "lexical-overlap", as bench qa eval names a system
    static String systemName(Path file) {
        String name = file.getFileName().toString();
        for (String ext : List.of(".jsonl.gz", ".json.gz", ".jsonl", ".json")) {
            if (name.endsWith(ext)) {
                return name.substring(0, name.length() - ext.length());
            }
        }
        return name;
    }
}
