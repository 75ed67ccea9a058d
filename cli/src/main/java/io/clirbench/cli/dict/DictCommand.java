package io.clirbench.cli.dict;

import io.clirbench.cli.LexiconCacheOption;
import io.clirbench.cli.StackOptions;
import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.LineReader;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.lexicon.LanguagePair;
import io.clirbench.core.lexicon.LexiconCache;
import io.clirbench.core.lexicon.Route;
import io.clirbench.core.lexicon.Routes;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bench dict}: bilingual lexicons from FreeDict (fetch) and the translation routes they give a dataset (routes). */
@Command(name = "dict", mixinStandardHelpOptions = true, description = "Bilingual lexicons for translate(bm25) and bench align.",
        subcommands = {DictCommand.Fetch.class, DictCommand.RoutesCommand.class})
public class DictCommand {

    @Command(name = "fetch", mixinStandardHelpOptions = true,
            description = "Downloads FreeDict packages with apt-get download (no root) and converts them into lexicons.")
    static final class Fetch implements Callable<Integer> {
        @Spec CommandSpec spec;
        @Mixin StackOptions stack;
        @Mixin LexiconCacheOption cache;
        @Option(names = "--pairs", split = ",", paramLabel = "SRC-TGT", description = "directions such as de-en,en-de")
        List<String> pairs = new ArrayList<>();
        @Option(names = "--languages", split = ",", paramLabel = "LANG",
                description = "also every direction between these languages that Debian has a FreeDict package for")
        List<String> languages = new ArrayList<>();
        @Option(names = "--force", description = "fetch again pairs already in the cache")
        boolean force;

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            Set<LanguagePair> wanted = new LinkedHashSet<>();
            try {
                pairs.forEach(p -> wanted.add(LanguagePair.parse(p)));
                wanted.addAll(packagedPairs(languages));
            } catch (IllegalArgumentException e) {
                err.println(e.getMessage());
                return 2;
            }
            if (wanted.isEmpty()) {
                err.println("nothing to fetch: give --pairs de-en,... or --languages de,en,...");
                return 2;
            }
            return fetchAll(wanted, cache.dir(stack), force, out, err) == 0 ? 0 : 1;
        }
    }

    /** Every direction between {@code languages} that Debian has a FreeDict package for. */
    public static Set<LanguagePair> packagedPairs(List<String> languages) throws java.io.IOException, InterruptedException {
        Set<LanguagePair> pairs = new LinkedHashSet<>();
        for (String s : languages) {
            for (String t : languages) {
                if (!s.equals(t)) {
                    LanguagePair p = new LanguagePair(s.toLowerCase(Locale.ROOT), t.toLowerCase(Locale.ROOT));
                    if (FreeDictFetcher.available(p).isPresent()) {
                        pairs.add(p);
                    }
                }
            }
        }
        return pairs;
    }

    /** Fetches each pair into {@code dir} (a line each on {@code out}, failures on {@code err}); the number that failed. */
    public static int fetchAll(Set<LanguagePair> pairs, Path dir, boolean force, PrintWriter out, PrintWriter err)
            throws InterruptedException {
        FreeDictFetcher fetcher = new FreeDictFetcher(new LexiconCache(dir));
        int failed = 0;
        for (LanguagePair p : pairs) {
            try {
                FreeDictFetcher.Outcome o = fetcher.fetch(p, force);
                out.printf(Locale.ROOT, "%-6s %-24s %-14s %8d headwords  licence %s%s%n", p, o.pkg(), o.version(), o.headwords(),
                        o.licence(), o.cached() ? "  (cached)" : "");
            } catch (java.io.IOException e) {
                err.println(p + ": " + e.getMessage());
                failed++;
            }
        }
        out.println("lexicons in " + dir + " (each pair's LICENCE.txt and source.json record its licence)");
        out.flush();
        err.flush();
        return failed;
    }

    @Command(name = "routes", mixinStandardHelpOptions = true,
            description = "Prints how every query language reaches every document language with the cached lexicons.")
    static final class RoutesCommand implements Callable<Integer> {
        @Spec CommandSpec spec;
        @Mixin StackOptions stack;
        @Mixin LexiconCacheOption cache;
        @Option(names = "--dataset", paramLabel = "DIR", description = "take the languages of DIR/dataset.json")
        Path dataset;
        @Option(names = "--languages", split = ",", paramLabel = "LANG", description = "or these languages")
        List<String> languages = new ArrayList<>();
        @Option(names = "--pivot", paramLabel = "LANG", description = "pivot language, as in translate(bm25, PIVOT)")
        String pivot;

        @Override
        public Integer call() throws Exception {
            List<String> langs = new ArrayList<>(languages);
            if (dataset != null) {
                // as every dataset.json is read: strict UTF-8, 1 MiB at most, problems naming the file, line and offset
                Problems problems = new Problems();
                String text = LineReader.readAll(dataset.resolve("dataset.json"), problems);
                JsonNode info = text == null ? null : JsonValues.parse(text, "dataset.json", 0, problems);
                problems.throwIfAny();
                info.path("languages").forEach(n -> langs.add(n.asText()));
            }
            if (langs.isEmpty()) {
                spec.commandLine().getErr().println("give --dataset DIR or --languages a,b,...");
                return 2;
            }
            Routes routes = new Routes(new LexiconCache(cache.dir(stack)), pivot);
            PrintWriter out = spec.commandLine().getOut();
            List<Route> all = routes.all(langs);
            all.stream().filter(r -> r.kind() != Route.Kind.SAME).forEach(r -> out.println(r.describe()));
            List<Route> none = routes.uncovered(langs);
            out.printf(Locale.ROOT, "%d of %d cross-language routes have no dictionary%s%n", none.size(),
                    langs.size() * (langs.size() - 1), none.isEmpty() ? "" : ": "
                            + String.join(", ", none.stream().map(r -> r.query() + "→" + r.docs()).toList()));
            return 0;
        }
    }
}
