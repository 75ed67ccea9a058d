package io.clirbench.cli.agent;

import io.clirbench.core.agentic.configure.AssignmentRule;
import io.clirbench.core.agentic.configure.ConfigurationBuilder;
import io.clirbench.core.agentic.configure.ConfiguredCorpus;
import io.clirbench.core.agentic.configure.OracleSettings;
import io.clirbench.core.agentic.configure.OracleVariant;
import io.clirbench.core.agentic.configure.TranslationProvider;
import io.clirbench.core.agentic.format.AgentJson;
import io.clirbench.core.agentic.format.AgentTaskReader;
import io.clirbench.core.agentic.format.ConfigurationFiles;
import io.clirbench.core.agentic.format.OracleFiles;
import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.dataset.LanguageCheck;
import io.clirbench.core.model.Document;
import io.clirbench.openai.translation.OpenAiTranslationProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bench agent configure}: writes a corpus configuration of a task (METRICS.md §5 assignment rules, seeded). */
@Command(name = "configure", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Write configurations/NAME/ of an agentic task: original (evidence in its source language), "
                + "cross-lingual (one evidence language per query) or multilingual (evidence spread over the languages), "
                + "round-robin over a seeded shuffle. Re-running with the same arguments gives the same bytes.",
                "Assigned versions come from the corpus (offline); where the corpus lacks one, --translator openai "
                + "translates it (OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_MODEL) and the configuration records it.",
                "--oracle also writes the oracle settings (ORACLE, EN-Oracle, ORACLE-TQ+TP) that bench agent llm --oracle runs; "
                + "given alone (no --rule, no --languages) on a configuration the task has, it leaves that configuration's files "
                + "as they are."})
public class AgentConfigureCommand implements Callable<Integer> {

    @Option(names = "--task", required = true, paramLabel = "DIR", description = "Agentic task directory.")
    Path task;

    @Option(names = "--config", required = true, paramLabel = "NAME", description = "Configuration name (original, cross-lingual, multilingual, or your own with --rule).")
    String config;

    @Option(names = "--rule", paramLabel = "RULE", description = "Assignment rule: original, cross-lingual or multilingual (default: the name).")
    String rule;

    @Option(names = "--languages", split = ",", paramLabel = "L", description = "Evidence languages (BCP-47 tags or ISO 639 codes), comma-separated.")
    List<String> languages = new ArrayList<>();

    @Option(names = "--seed", defaultValue = "42", paramLabel = "S", description = "Seed of the shuffle (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--translator", paramLabel = "NAME", description = "Translation provider for versions the corpus lacks: openai.")
    String translator;

    @Option(names = "--translator-base-url", paramLabel = "URL",
            description = "The openai translator's chat-completions base URL (default: $OPENAI_BASE_URL).")
    String translatorBaseUrl;

    @Option(names = "--translator-model", paramLabel = "M", description = "The openai translator's model (default: $OPENAI_MODEL, else gpt-4o-mini).")
    String translatorModel;

    @Option(names = "--oracle", description = "Also write the configuration's oracle settings (configurations/NAME/oracle/VARIANT.json):"
            + " the evidence documents each query is given (ORACLE: the configuration's versions; EN-Oracle: the source versions;"
            + " ORACLE-TQ+TP: the configuration's versions with the prompt and the query translated by --translator).")
    boolean oracle;

    @Option(names = "--oracle-variants", split = ",", paramLabel = "V",
            description = "The oracle settings to write with --oracle (default: oracle,en-oracle,oracle-tq-tp).")
    List<String> oracleVariants = new ArrayList<>(OracleVariant.ids());

    @Override
    public Integer call() {
        if (!config.matches("[a-z0-9][a-z0-9-]*")) {
            throw new IllegalArgumentException("--config '" + config + "' must be lower-case letters, digits and '-'");
        }
        List<OracleVariant> variants = oracleVariants.stream().map(OracleVariant::of).distinct().toList();
        TranslationProvider provider = translator == null ? null : provider(translator, translatorBaseUrl, translatorModel);
        AgentTask t = AgentTaskReader.read(task);
        // --oracle alone on a configuration the task has: its files stay as they are, only the oracle settings are written
        boolean keep = oracle && rule == null && languages.isEmpty() && t.configurations().containsKey(config);
        if (!keep) {
            configure(t, provider);
        }
        if (oracle) {
            AgentTask configured = keep ? t : AgentTaskReader.read(task);
            List<OracleSettings.Variant> built = new ArrayList<>();
            for (OracleVariant v : variants) { // every variant built before any is written: a failure writes none
                built.add(OracleSettings.build(configured, config, v, provider));
            }
            for (OracleSettings.Variant settings : built) {
                OracleVariant v = settings.variant();
                OracleFiles.write(task, settings);
                System.err.println("wrote " + OracleFiles.path(task, config, v) + " (" + settings.queries().size() + " queries"
                        + (settings.skipped().isEmpty() ? "" : ", " + settings.skipped().size() + " left out") + ")");
            }
        }
        return 0;
    }

    private void configure(AgentTask t, TranslationProvider provider) {
        String r = rule == null ? config : rule;
        if (!AssignmentRule.RULES.contains(r)) {
            throw new IllegalArgumentException("--rule '" + r + "' is not one of " + AssignmentRule.RULES);
        }
        for (String l : languages) {
            if (LanguageCheck.problem(l) != null) {
                throw new IllegalArgumentException("--languages: " + LanguageCheck.problem(l));
            }
        }
        languages = new ArrayList<>(LanguageCheck.canonical(languages)); // pt_BR -> pt-BR, fas -> fa
        if (!r.equals("original") && languages.isEmpty()) {
            throw new IllegalArgumentException("--languages is required for the " + r + " rule");
        }
        ConfigurationBuilder.Built built = ConfigurationBuilder.build(t, r, languages, seed, provider);
        write(task, t, config, r, r.equals("original") ? null : seed,
                r.equals("original") ? List.of(ConfiguredCorpus.sourceLanguage(t)) : languages, built);
        System.err.println("wrote " + task.resolve("configurations").resolve(config) + " (" + built.configuration().versions().size()
                + " evidence documents assigned, " + built.translated().size() + " translated)");
    }

    /** Writes the configuration's files and lists it in dataset.json. */
    public static void write(Path taskDir, AgentTask t, String name, String rule, Long seed, List<String> languages,
                      ConfigurationBuilder.Built built) {
        Path dir = taskDir.resolve("configurations").resolve(name);
        ConfigurationFiles.write(dir, built.configuration(), rule, seed, languages);
        try {
            Path translated = dir.resolve(ConfigurationFiles.TRANSLATED);
            Files.deleteIfExists(translated);
            if (!built.translated().isEmpty()) {
                StringBuilder lines = new StringBuilder();
                for (Document d : built.translated()) {
                    lines.append(AgentJson.documentLine(d)).append('\n');
                }
                Files.writeString(translated, lines.toString(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir + ": " + e.getMessage(), e);
        }
        @SuppressWarnings("unchecked")
        List<String> names = new ArrayList<>((List<String>) t.info().get("configurations"));
        if (!names.contains(name)) {
            names.add(name);
            Map<String, Object> info = new LinkedHashMap<>(t.info());
            info.put("configurations", names);
            AgentJson.write(taskDir.resolve(AgentTaskReader.INFO), info);
        }
    }

    private static TranslationProvider provider(String name, String baseUrl, String model) {
        if (!name.equals("openai")) {
            throw new IllegalArgumentException("--translator '" + name + "' is unknown; use openai");
        }
        Map<String, String> env = new LinkedHashMap<>(System.getenv());
        if (baseUrl != null) {
            env.put("OPENAI_BASE_URL", baseUrl);
        }
        if (model != null) {
            env.put("OPENAI_MODEL", model);
        }
        return OpenAiTranslationProvider.fromEnvironment(env);
    }
}
