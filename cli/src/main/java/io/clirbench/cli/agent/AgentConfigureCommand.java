package io.clirbench.cli.agent;

import io.clirbench.core.agentic.configure.AssignmentRule;
import io.clirbench.core.agentic.configure.ConfigurationBuilder;
import io.clirbench.core.agentic.configure.ConfiguredCorpus;
import io.clirbench.core.agentic.configure.TranslationProvider;
import io.clirbench.core.agentic.format.AgentJson;
import io.clirbench.core.agentic.format.AgentTaskReader;
import io.clirbench.core.agentic.format.ConfigurationFiles;
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
                + "translates it (OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_MODEL) and the configuration records it."})
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

    @Override
    public Integer call() {
        String r = rule == null ? config : rule;
        if (!AssignmentRule.RULES.contains(r)) {
            throw new IllegalArgumentException("--rule '" + r + "' is not one of " + AssignmentRule.RULES);
        }
        if (!config.matches("[a-z0-9][a-z0-9-]*")) {
            throw new IllegalArgumentException("--config '" + config + "' must be lower-case letters, digits and '-'");
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
        TranslationProvider provider = translator == null ? null : provider(translator);
        AgentTask t = AgentTaskReader.read(task);
        ConfigurationBuilder.Built built = ConfigurationBuilder.build(t, r, languages, seed, provider);
        write(task, t, config, r, r.equals("original") ? null : seed,
                r.equals("original") ? List.of(ConfiguredCorpus.sourceLanguage(t)) : languages, built);
        System.err.println("wrote " + task.resolve("configurations").resolve(config) + " (" + built.configuration().versions().size()
                + " evidence documents assigned, " + built.translated().size() + " translated)");
        return 0;
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

    private static TranslationProvider provider(String name) {
        if (!name.equals("openai")) {
            throw new IllegalArgumentException("--translator '" + name + "' is unknown; use openai");
        }
        return OpenAiTranslationProvider.fromEnvironment(System.getenv());
    }
}
