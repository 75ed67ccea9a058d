package io.clirbench.core.agentic.judge;

import io.clirbench.core.agentic.format.AgentJson;
import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.core.agentic.model.AgentTrace;
import io.clirbench.core.agentic.model.GroundTruth;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Judgements in BrowseComp-Plus's layout ({@code scripts_evaluation/evaluate_run.py}): one {@code RUNSTEM_eval.json} per
 * run file with ground truth, holding {@code json_path}, {@code query_id}, {@code question}, {@code response},
 * {@code correct_answer}, {@code is_completed}, {@code judge_prompt}, {@code judge_response}, {@code judge_result}
 * ({@code extracted_final_answer}, {@code reasoning}, {@code correct}, {@code confidence}, {@code parse_error}; an
 * unfinished run {@code {parse_error: true, error}}), {@code tool_call_counts} and {@code model_info}
 * ({@code judge_model}, {@code max_output_tokens}). Ours add {@code model_info.judge_prompt} and
 * {@code judge_prompt_sha256}, and {@code judge_attempts} and {@code judge_error}; BrowseComp-Plus ignores them. Its
 * {@code citations} and {@code retrieval} are not written: {@code bench agent eval} computes both from the run.
 */
public final class BcpEvalFiles {

    private BcpEvalFiles() {
    }

    /**
     * The answers of a run to judge: every trace whose query has ground truth, in the run's order; {@code runPath} is
     * the run directory (or trace file) as given, for {@code json_path}.
     */
    public static List<JudgeItem> items(AgentRun run, List<GroundTruth> truth, Path runPath) {
        return items(run, truth, runPath, Files.isDirectory(runPath));
    }

    /**
     * As {@link #items(AgentRun, List, Path)} for a run held in memory: {@code directory} says whether its traces came
     * from the run files of a directory (named by them) or from a trace file (named by query id).
     */
    public static List<JudgeItem> items(AgentRun run, List<GroundTruth> truth, Path runPath, boolean directory) {
        Map<String, GroundTruth> byId = new LinkedHashMap<>();
        truth.forEach(g -> byId.put(g.queryId(), g));
        Set<String> names = new HashSet<>();
        List<JudgeItem> items = new ArrayList<>();
        for (AgentTrace t : run.traces()) {
            GroundTruth g = byId.get(t.queryId());
            if (g == null) {
                continue; // BrowseComp-Plus: "No ground truth for query_id", not evaluated
            }
            String file = directory ? runPath.resolve(t.source()).toString() : runPath.toString();
            String stem = directory && t.source().endsWith(".json") ? t.source().substring(0, t.source().length() - 5)
                    : "run_" + t.queryId().replaceAll("[^A-Za-z0-9._-]", "_");
            String evalFile = stem + "_eval.json";
            if (!names.add(evalFile)) {
                throw new IllegalArgumentException(runPath + ": two answers would share the evaluation file " + evalFile
                        + " (query_id '" + t.queryId() + "')");
            }
            items.add(new JudgeItem(t.queryId(), file, evalFile, g.query(), t.finalAnswer(), g.answer(),
                    AgentTrace.COMPLETED.equals(t.status()), t.toolCallCounts()));
        }
        return items;
    }

    /** The evaluation record of one judged (or unjudgeable) answer, fields in BrowseComp-Plus's order. */
    public static Map<String, Object> record(JudgeRecord r) {
        JudgeItem item = r.item();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("json_path", item.runFile());
        out.put("query_id", item.queryId());
        if (item.judged()) {
            out.put("question", item.question());
        }
        out.put("response", item.response());
        out.put("correct_answer", item.correctAnswer());
        out.put("is_completed", item.completed());
        out.put("judge_prompt", r.judgePrompt());
        out.put("judge_response", r.judgeResponse());
        Map<String, Object> result = new LinkedHashMap<>();
        if (r.verdict() == null) {
            result.put("parse_error", true);
            result.put("error", JudgeRecord.NOT_JUDGED);
        } else {
            result.put("extracted_final_answer", r.verdict().extractedFinalAnswer());
            result.put("reasoning", r.verdict().reasoning());
            result.put("correct", r.verdict().correct());
            result.put("confidence", r.verdict().confidence());
            result.put("parse_error", r.verdict().correct() == null);
        }
        out.put("judge_result", result);
        out.put("judge_attempts", r.attempts());
        if (r.unjudged()) {
            out.put("judge_error", r.error());
        }
        out.put("tool_call_counts", item.toolCallCounts());
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("judge_model", r.judgeModel());
        info.put("max_output_tokens", r.maxTokens());
        info.put("judge_prompt", r.prompt());
        info.put("judge_prompt_sha256", r.promptSha256());
        out.put("model_info", info);
        return out;
    }

    /**
     * Writes the record's file into {@code dir}, atomically (a kill leaves the old file or the new one, never half); a
     * link left at the temporary name is removed, not written through, and the rename replaces a link, not its target.
     */
    public static void write(Path dir, JudgeRecord r) {
        Path target = dir.resolve(r.item().evalFile());
        Path tmp = dir.resolve("." + r.item().evalFile() + ".tmp");
        try {
            Files.deleteIfExists(tmp);
            Files.write(tmp, AgentJson.pretty(record(r)).getBytes(StandardCharsets.UTF_8), StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
        }
    }
}
