package io.clirbench.cli.construct;

import io.clirbench.core.construct.parallel.ManPages;
import io.clirbench.core.construct.parallel.ParallelDatasetBuilder;
import io.clirbench.core.construct.parallel.ParallelVersion;
import io.clirbench.core.dataset.DatasetWriter;
import io.clirbench.core.dataset.EntityReader;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.io.OutputTarget;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code bench build parallel}: a retrieval dataset from a parallel corpus, without any LLM. */
@Command(name = "parallel", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Build a retrieval dataset from a parallel corpus (documents that exist in several languages), without any "
                + "LLM: one family per document, queries from the versions' titles or headings, setups random-existing, "
                + "random-missing (the query's own version left out: a no-home query) or all.",
                "--format manpages: SOURCE/LANG/PAGE.SECTION.gz (translated man pages; the query is the NAME line's description). "
                + "--format corpus: SOURCE is a corpus.jsonl whose documents carry family, lang and title (the query)."})
public class BuildParallelCommand implements Callable<Integer> {

    @Option(names = "--source", required = true, paramLabel = "PATH", description = "The parallel corpus (see --format).")
    Path source;

    @Option(names = "--format", defaultValue = "manpages", paramLabel = "F", description = "manpages or corpus (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--setup", defaultValue = "random-existing", paramLabel = "SETUP",
            description = "random-existing, random-missing or all (default: ${DEFAULT-VALUE}).")
    String setup;

    @Option(names = "--seed", defaultValue = "42", paramLabel = "S", description = "Seed of the query languages (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--id", paramLabel = "ID", description = "Dataset id (default: OUT's directory name).")
    String id;

    @Option(names = "--name", paramLabel = "TEXT", description = "Dataset name.")
    String name;

    @Option(names = "--license", defaultValue = "see the source's licence", paramLabel = "TEXT", description = "Licence recorded in dataset.json.")
    String license;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory.")
    Path out;

    @Option(names = "--force", description = "Replace a non-empty OUT.")
    boolean force;

    @Override
    public Integer call() {
        OutputTarget.checkReplacedDirectory(out, "--out", Map.of("--source", source));
        List<ParallelVersion> versions = switch (format) {
            case "manpages" -> ManPages.read(source);
            case "corpus" -> fromCorpus();
            default -> throw new IllegalArgumentException("--format '" + format + "' is not manpages or corpus");
        };
        if (versions.isEmpty()) {
            throw new IllegalArgumentException(source + ": no usable " + (format.equals("manpages")
                    ? "man page (LANG/PAGE.SECTION.gz with a NAME description)" : "document") + ": nothing to build");
        }
        String datasetId = id != null ? id : out.toAbsolutePath().normalize().getFileName().toString();
        DatasetInfo info = new DatasetInfo(datasetId, name != null ? name : datasetId, "1", license,
                "bench build parallel --format " + format + " --setup " + setup + " --seed " + seed, List.of(), true);
        Dataset dataset = ParallelDatasetBuilder.build(versions, setup, seed, info);
        DatasetWriter.write(dataset, out, force);
        Map<String, Integer> perLanguage = new TreeMap<>();
        dataset.queries().forEach(q -> perLanguage.merge(q.lang(), 1, Integer::sum));
        System.err.printf("wrote %s: %,d documents, %,d queries %s (%s)%n", out, dataset.corpus().size(), dataset.queries().size(),
                perLanguage, setup);
        return 0;
    }

    private List<ParallelVersion> fromCorpus() {
        Problems problems = new Problems();
        List<Document> docs = EntityReader.STRICT.readCorpus(source, problems).items();
        problems.throwIfAny();
        List<ParallelVersion> out = new ArrayList<>();
        for (Document d : docs) {
            if (d.title() == null || d.title().isBlank()) {
                throw new IllegalArgumentException(source + ": document '" + d.id() + "' has no title: --format corpus makes each query "
                        + "from its version's title");
            }
            String problem = ParallelVersion.familyProblem(d.family());
            if (problem != null) {
                throw new IllegalArgumentException(source + ": document '" + d.id() + "': 'family' " + problem);
            }
            out.add(new ParallelVersion(d.family(), d.lang(), d.title(), d.text()));
        }
        return out;
    }
}
