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
import io.clirbench.cli.construct.BuildLlmOptions;
import io.clirbench.core.agentic.configure.PlannedTranslations;
import io.clirbench.core.agentic.configure.TextTranslation;
import io.clirbench.core.agentic.configure.TranslationStep;
import io.clirbench.core.llm.BuildLlm;
import io.clirbench.core.llm.ModelsConfig;
import io.clirbench.core.llm.Parsed;
import io.clirbench.core.llm.step.BuildRecord;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bench agent configure}: writes a corpus configuration of a task (METRICS.md §5 assignment rules, seeded). */
@Command(name = "configure", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Write configurations/NAME/ of an agentic task: original (evidence in its source language), "
                + "cross-lingual (one evidence language per query) or multilingual (evidence spread over the languages), "
                + "round-robin over a seeded shuffle. Re-running with the same arguments gives the same bytes.",
                "Assigned versions come from the corpus (offline); where the corpus lacks one, --translator openai "
                + "translates it with the translator role of --models (or OPENAI_BASE_URL, OPENAI_API_KEY, OPENAI_MODEL) through the "
                + "build runner (prompt file, call journal, budget, retries, --dry-run) and the configuration records it; "
                + "configurations/NAME/translation-provenance.json records the model, prompt hash and decoding.",
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

    @Option(names = "--translator", paramLabel = "NAME",
            description = "Translate the versions the corpus lacks (and, with --oracle, ORACLE-TQ+TP's queries and prompt) with the "
                    + "translator role of --models (or $OPENAI_BASE_URL and $OPENAI_MODEL): openai, the one provider. The calls go "
                    + "through the build runner: the prompt file agent-configure/translate.txt (--prompts replaces it), the call "
                    + "journal in --work (default: TASK.work beside the task; a re-run or a resumed run pays nothing twice), "
                    + "--max-tokens/--max-cost, --concurrency, --max-attempts and --dry-run.")
    String translator;

    @Option(names = "--translator-base-url", paramLabel = "URL",
            description = "The translator's chat-completions base URL, instead of the translator role of --models (kept from before "
                    + "--models; default: $OPENAI_BASE_URL).")
    String translatorBaseUrl;

    @Option(names = "--translator-model", paramLabel = "M",
            description = "The translator's model with --translator-base-url or the environment (default: $OPENAI_MODEL, else gpt-4o-mini).")
    String translatorModel;

    @Option(names = "--oracle", description = "Also write the configuration's oracle settings (configurations/NAME/oracle/VARIANT.json):"
            + " the evidence documents each query is given (ORACLE: the configuration's versions; EN-Oracle: the source versions;"
            + " ORACLE-TQ+TP: the configuration's versions with the prompt and the query translated by --translator).")
    boolean oracle;

    @Option(names = "--oracle-variants", split = ",", paramLabel = "V",
            description = "The oracle settings to write with --oracle (default: oracle,en-oracle,oracle-tq-tp).")
    List<String> oracleVariants = new ArrayList<>(OracleVariant.ids());

    @Mixin
    BuildLlmOptions build;

    /** What one run writes: the configuration (null when --oracle alone keeps the task's) and the oracle settings. */
    private record Plan(String rule, ConfigurationBuilder.Built configuration, List<OracleSettings.Variant> oracle) {
    }

    @Override
    public Integer call() throws IOException {
        if (!config.matches("[a-z0-9][a-z0-9-]*")) {
            throw new IllegalArgumentException("--config '" + config + "' must be lower-case letters, digits and '-'");
        }
        List<OracleVariant> variants = oracleVariants.stream().map(OracleVariant::of).distinct().toList();
        if (translator == null && (translatorBaseUrl != null || translatorModel != null)) {
            throw new IllegalArgumentException("--translator-base-url and --translator-model configure --translator openai: give it too");
        }
        if (translator == null && build.dryRun()) {
            throw new IllegalArgumentException("--dry-run goes with --translator: without one, configure makes no call and writes "
                    + "the configuration at once");
        }
        if (translator != null && !translator.equals("openai")) {
            throw new IllegalArgumentException("--translator '" + translator + "' is unknown; use openai (its endpoint and model: the "
                    + "translator role of --models)");
        }
        AgentTask t = AgentTaskReader.read(task);
        // --oracle alone on a configuration the task has: its files stay as they are, only the oracle settings are written
        boolean keep = oracle && rule == null && languages.isEmpty() && t.configurations().containsKey(config);
        if (translator == null) {
            write(plan(t, keep, variants, null), null);
            return 0;
        }
        ModelsConfig models = translatorModels();
        if (!models.roles().containsKey(TranslationStep.ROLE)) {
            throw new IllegalArgumentException(build.configSource() + ": no model for the role 'translator', which --translator "
                    + "openai needs");
        }
        PlannedTranslations planned = new PlannedTranslations("openai/" + models.roles().get(TranslationStep.ROLE).model());
        plan(t, keep, variants, planned); // every text to translate, nothing written
        TranslationStep step = TranslationStep.of(planned.asked(), build.prompts(), build.maxAttempts());
        if (build.dryRun()) {
            return build.dryRun("bench agent configure", List.of(step), List.of(), models, System.err);
        }
        BuildLlm llm = build.open(task, Set.of(TranslationStep.ROLE), models, System.getenv());
        return build.execute(task, "bench agent configure", llm, "Nothing was written to the task", System.err, runner -> {
            List<Parsed<String>> results = runner.run(step);
            Map<TextTranslation, String> translations = new HashMap<>();
            List<String> rejected = new ArrayList<>();
            for (int i = 0; i < results.size(); i++) {
                if (results.get(i).ok()) {
                    translations.put(step.units().get(i), results.get(i).value());
                } else {
                    rejected.add(step.units().get(i).targetLang() + ": " + results.get(i).rejection());
                }
            }
            Path unusable = build.workDir(task).resolve(BuildRecord.UNUSABLE_REPLIES);
            Files.writeString(unusable, runner.record().unusableRepliesJsonl(), StandardCharsets.UTF_8);
            if (!rejected.isEmpty()) {
                System.err.printf(Locale.ROOT, "bench agent configure: %,d of %,d translations were rejected (first: %s; the replies are "
                        + "in %s), so nothing was written; raise --max-attempts or adapt the prompt (--prompts), then run again: "
                        + "answered calls are not paid again%n", rejected.size(), results.size(), rejected.get(0), unusable);
                return 4;
            }
            write(plan(AgentTaskReader.read(task), keep, variants, planned.answered(translations)), runner.record().provenance());
            return 0;
        });
    }

    /** The translator role: --translator-base-url/--translator-model where given, else --models or the environment. */
    private ModelsConfig translatorModels() {
        if (translatorBaseUrl == null && translatorModel == null) {
            return build.config();
        }
        Map<String, String> env = new LinkedHashMap<>(System.getenv());
        if (translatorBaseUrl != null) {
            env.put("OPENAI_BASE_URL", translatorBaseUrl);
        }
        if (translatorModel != null) {
            env.put("OPENAI_MODEL", translatorModel);
        }
        return new ModelsConfig(ModelsConfig.fromEnvironment(env).roles(), build.prices()); // prices of --models, when given
    }

    /** Builds what this run writes (every oracle variant before any is written: a failure writes none). */
    private Plan plan(AgentTask t, boolean keep, List<OracleVariant> variants, TranslationProvider provider) {
        String r = null;
        ConfigurationBuilder.Built built = null;
        if (!keep) {
            r = rule == null ? config : rule;
            checkRule(r);
            built = ConfigurationBuilder.build(t, r, languages, seed, provider);
        }
        List<OracleSettings.Variant> settings = new ArrayList<>();
        if (oracle) {
            AgentTask configured = keep ? t : withConfiguration(t, built);
            for (OracleVariant v : variants) {
                settings.add(OracleSettings.build(configured, config, v, provider));
            }
        }
        return new Plan(r, built, settings);
    }

    /** The task as it reads once {@code built} is written: its translated documents in the corpus (replacing same ids), its configuration listed. */
    private AgentTask withConfiguration(AgentTask t, ConfigurationBuilder.Built built) {
        Map<String, Document> corpus = new LinkedHashMap<>();
        t.corpus().forEach(d -> corpus.put(d.id(), d));
        built.translated().forEach(d -> corpus.put(d.id(), d));
        Map<String, io.clirbench.core.agentic.model.CorpusConfiguration> configurations = new LinkedHashMap<>(t.configurations());
        configurations.put(config, built.configuration());
        return new AgentTask(t.id(), t.info(), new ArrayList<>(corpus.values()), t.queries(), t.evidence(), t.gold(), configurations,
                t.resourceGroups());
    }

    private void checkRule(String r) {
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
    }

    private void write(Plan plan, ObjectNode provenance) throws IOException {
        AgentTask t = AgentTaskReader.read(task);
        Path dir = task.resolve("configurations").resolve(config);
        if (plan.configuration() != null) {
            String r = plan.rule();
            write(task, t, config, r, r.equals("original") ? null : seed,
                    r.equals("original") ? List.of(ConfiguredCorpus.sourceLanguage(t)) : languages, plan.configuration());
            System.err.println("wrote " + dir + " (" + plan.configuration().configuration().versions().size()
                    + " evidence documents assigned, " + plan.configuration().translated().size() + " translated)");
        }
        for (OracleSettings.Variant settings : plan.oracle()) {
            OracleVariant v = settings.variant();
            OracleFiles.write(task, settings);
            System.err.println("wrote " + OracleFiles.path(task, config, v) + " (" + settings.queries().size() + " queries"
                    + (settings.skipped().isEmpty() ? "" : ", " + settings.skipped().size() + " left out") + ")");
        }
        if (provenance != null) {
            Path file = (plan.configuration() != null ? dir : dir.resolve(OracleFiles.DIR)).resolve(PROVENANCE);
            Files.createDirectories(file.getParent());
            Files.writeString(file, provenance.toPrettyString() + "\n", StandardCharsets.UTF_8);
        }
    }

    /** Where the translations' provenance goes (model, the endpoint's reported model, prompt hash, decoding). */
    static final String PROVENANCE = "translation-provenance.json";

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
}
