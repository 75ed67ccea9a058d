package io.clirbench.core.agentic.eval;

import io.clirbench.core.agentic.configure.OracleVariant;
import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.core.agentic.model.AgentTrace;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The settings a run's files record in {@code metadata} (METRICS.md §5: reasoning effort and any other agent setting
 * recorded per run): its {@code setting} ({@code search}, the default, or an oracle variant) and its agent settings,
 * every scalar metadata field that is not one of the fields {@code bench agent} writes about the run itself
 * ({@link #NOT_SETTINGS}) and has one value across the run's files ({@code reasoning_effort}, {@code --agent-setting}s).
 *
 * @param setting  {@code search} or the oracle variant
 * @param settings name → value, in first-seen order
 */
public record RunSettings(String setting, Map<String, String> settings) {

    /** Metadata fields that describe the run or one question, not an agent setting. */
    public static final List<String> NOT_SETTINGS = List.of("model", "agent", "task", "configuration", "setting", "retriever", "k",
            "snippet_tokens", "ended", "turns", "oracle_documents", "oracle_language", "oracle_provenance");

    /** The settings of {@code run}; an error when its files disagree on the setting. */
    public static RunSettings of(AgentRun run) {
        String setting = null;
        Map<String, String> settings = new LinkedHashMap<>();
        Map<String, Boolean> constant = new LinkedHashMap<>();
        for (AgentTrace t : run.traces()) {
            Object s = t.metadata().get("setting");
            String value = s == null ? OracleVariant.SEARCH : s.toString();
            if (setting != null && !setting.equals(value)) {
                throw new IllegalArgumentException("run '" + run.name() + "': its files record settings '" + setting + "' and '" + value
                        + "' (metadata.setting); a run is of one setting");
            }
            setting = value;
            t.metadata().forEach((k, v) -> {
                if (NOT_SETTINGS.contains(k) || !(v instanceof String || v instanceof Number || v instanceof Boolean)) {
                    return;
                }
                String earlier = settings.putIfAbsent(k, v.toString());
                constant.merge(k, earlier == null || earlier.equals(v.toString()), Boolean::logicalAnd);
            });
        }
        constant.forEach((k, same) -> {
            if (!same) {
                settings.remove(k);
            }
        });
        return new RunSettings(setting == null ? OracleVariant.SEARCH : setting, settings);
    }

    /** Whether the run is an oracle setting. */
    public boolean oracle() {
        return !OracleVariant.SEARCH.equals(setting);
    }

    /** The value along {@code axis}: {@code configuration} and {@code setting} are the run's own, else an agent setting. */
    public String value(String axis, String configuration) {
        return switch (axis) {
            case "configuration" -> configuration;
            case "setting" -> setting;
            default -> settings.get(axis);
        };
    }
}
