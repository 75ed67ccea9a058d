package io.clirbench.cli.agent;

import io.clirbench.cli.FollowSymlinksOption;
import io.clirbench.core.agentic.configure.AssignmentRule;
import io.clirbench.core.agentic.configure.ConfigurationBuilder;
import io.clirbench.core.agentic.configure.XquadAgenticBuilder;
import io.clirbench.core.agentic.configure.XquadAgenticReadme;
import io.clirbench.core.agentic.format.AgentTaskReader;
import io.clirbench.core.agentic.format.AgentTaskWriter;
import io.clirbench.core.agentic.format.ConfigurationFiles;
import io.clirbench.core.agentic.model.AgentTask;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bench agent build-xquad}: builds the xquad-agentic task (and its three configurations) from the XQuAD files. */
@Command(name = "build-xquad", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Build the xquad-agentic task from the 12 XQuAD files, offline: one English question per paragraph, "
                + "its paragraph as evidence and gold, every language version in the corpus, and the configurations "
                + "original, cross-lingual and multilingual over the 11 other languages. Same seeds, same bytes.")
public class AgentBuildXquadCommand implements Callable<Integer> {

    @Option(names = "--xquad", required = true, paramLabel = "DIR", description = "Directory with xquad.<lang>.json.gz (shared/data/xquad).")
    Path xquad;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Task directory to write.")
    Path out;

    @Option(names = "--question-seed", defaultValue = "42", paramLabel = "S", description = "Seed of the question choice (default: ${DEFAULT-VALUE}).")
    long questionSeed;

    @Option(names = "--seed", defaultValue = "42", paramLabel = "S", description = "Seed of the configurations (default: ${DEFAULT-VALUE}).")
    long seed;

    @Mixin
    FollowSymlinksOption links;

    @Override
    public Integer call() {
        Path target = links.check(out, List.of(xquad), FollowSymlinksOption.inside(out, written()));
        build(xquad, target, questionSeed, seed);
        System.err.println("wrote " + out);
        return 0;
    }

    /** Every file the build creates or replaces in the task directory. */
    static List<String> written() {
        List<String> names = new ArrayList<>(List.of(AgentTaskReader.INFO, "corpus.jsonl.gz", "queries.jsonl",
                "qrels-evidence.tsv", "qrels-gold.tsv", "README.md", "LICENSE"));
        for (String rule : AssignmentRule.RULES) {
            for (String file : List.of(ConfigurationFiles.CONFIGURATION, ConfigurationFiles.LANG_ASSIGNMENT,
                    ConfigurationFiles.QUERY_LANG_ASSIGNMENT, ConfigurationFiles.TRANSLATED)) {
                names.add("configurations/" + rule + "/" + file);
            }
        }
        return names;
    }

    static void build(Path xquad, Path out, long questionSeed, long seed) {
        AgentTask task = XquadAgenticBuilder.build(xquad, questionSeed, seed);
        AgentTaskWriter.write(task, out);
        List<String> targets = XquadAgenticBuilder.targetLanguages();
        for (String rule : AssignmentRule.RULES) {
            boolean original = rule.equals("original");
            ConfigurationBuilder.Built built = ConfigurationBuilder.build(task, rule, original ? List.of() : targets, seed, null);
            AgentConfigureCommand.write(out, task, rule, rule, original ? null : seed,
                    original ? List.of(XquadAgenticBuilder.SOURCE) : targets, built);
        }
        AgentTask written = AgentTaskReader.read(out);
        try {
            Files.writeString(out.resolve("README.md"), XquadAgenticReadme.text(written, questionSeed, seed), StandardCharsets.UTF_8);
            Files.write(out.resolve("LICENSE"), Files.readAllBytes(xquad.resolve("CC-BY-SA4.0.txt")));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + out + ": " + e.getMessage(), e);
        }
    }
}
