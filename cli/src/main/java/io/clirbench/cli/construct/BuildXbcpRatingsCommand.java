package io.clirbench.cli.construct;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.core.construct.audit.AuditSample;
import io.clirbench.core.construct.xbcp.HumanVerification;
import io.clirbench.core.construct.xbcp.Judgement;
import io.clirbench.core.construct.xbcp.RaterSheet;
import io.clirbench.core.construct.xbcp.VerificationGate;
import java.io.IOException;
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

/** {@code bench build xbcp-ratings}: bilingual raters' scores of an XBCP build's verification sample, read back. */
@Command(name = "xbcp-ratings", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Read the verification sheets bilingual raters filled (copies of a bench build xbcp output's "
                + "verification-sheet.csv: accuracy, fluency and completeness 1-5, a justification for any score below 5, the "
                + "rater's name) and report per language the raters' means, XBCP's gate on them and the LLM judge's agreement "
                + "with the raters (MAE, exact agreement, Gwet's AC1).",
                "Writes BUILD/human-verification.json and .md. Exit code 5: the gate failed on the raters' scores."})
public class BuildXbcpRatingsCommand implements Callable<Integer> {

    static final String SHEET = "verification-sheet.csv";

    private static final ObjectMapper JSON = new ObjectMapper();

    @Option(names = "--build", required = true, paramLabel = "DIR", description = "A bench build xbcp output (its sample and judgements).")
    Path build;

    @Option(names = "--sheet", required = true, paramLabel = "FILE", description = "A filled sheet; repeat for several raters.")
    List<Path> sheets;

    @Option(names = "--min-mean", defaultValue = "" + VerificationGate.DEFAULT_MIN_MEAN, paramLabel = "X",
            description = "The gate on the raters' means of each criterion per language (default: ${DEFAULT-VALUE}; 0: none).")
    double minMean;

    @Override
    public Integer call() throws IOException {
        Path sample = build.resolve(SHEET);
        if (!Files.isRegularFile(sample)) {
            throw new IllegalArgumentException(build + ": no " + SHEET + " (not a bench build xbcp output with a verification sample)");
        }
        Map<String, String> sampled = new LinkedHashMap<>();
        for (AuditSample.Row r : QacCsv.read(sample, List.of("docid", "lang"))) {
            sampled.put(r.cells().get("docid"), r.cells().get("lang"));
        }
        List<RaterSheet.Rating> ratings = new ArrayList<>();
        for (Path sheet : sheets) {
            List<Map.Entry<Integer, Map<String, String>>> rows = new ArrayList<>();
            for (AuditSample.Row r : QacCsv.read(sheet, RaterSheet.COLUMNS.stream().filter(c -> !c.equals("source")
                    && !c.equals("translation")).toList())) {
                rows.add(Map.entry(r.number(), r.cells()));
            }
            ratings.addAll(RaterSheet.read(sheet.toString(), rows, sampled));
        }
        var report = HumanVerification.json(ratings, judgements(build.resolve("verification.jsonl")), minMean);
        String md = HumanVerification.markdown(report);
        Files.writeString(build.resolve("human-verification.json"), report.toPrettyString() + "\n", StandardCharsets.UTF_8);
        Files.writeString(build.resolve("human-verification.md"), md, StandardCharsets.UTF_8);
        System.out.print(md);
        return report.at("/gate/passed").asBoolean() ? 0 : 5;
    }

    private static List<Judgement> judgements(Path file) throws IOException {
        List<Judgement> out = new ArrayList<>();
        if (!Files.isRegularFile(file)) {
            return out;
        }
        BuildJsonl.forEach(file, (line, o) -> {
            if (!o.path("docid").isTextual() || !o.path("accuracy").isInt()) {
                throw new IllegalArgumentException(file + ":" + line + ": not a judgement line (docid, lang, accuracy, fluency, completeness)");
            }
            out.add(new Judgement(o.get("docid").asText(), o.path("lang").asText(), o.get("accuracy").asInt(), o.path("fluency").asInt(),
                    o.path("completeness").asInt(), o.path("comment").asText(""), null, o.path("attempts").asInt(1)));
        });
        return out;
    }
}
