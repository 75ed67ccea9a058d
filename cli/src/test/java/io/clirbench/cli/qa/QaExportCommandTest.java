package io.clirbench.cli.qa;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.cli.BenchCommand;
import io.clirbench.core.qa.export.XhotpotExport;
import io.clirbench.core.testing.Peers;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code bench qa export --format xhotpotqa} checked by the peer itself: XHotpotQA v0.4.0's own loader
 * ({@code XHotpotInstance.from_dict(record).validate()}), its {@code validate_instances} (checksums; its
 * {@code validate} command itself fails in v0.4.0) and its {@code evaluate} command, run with {@code python3} on the exports of the shipped xquad-mix and of every
 * {@code bench qa import} converter; the peer's report is compared with {@code bench qa eval} on the same files
 * (1e-12). The tests that run the peer are skipped, saying why, where {@code python3} or the peer package
 * ({@code ../shared/tools/xhotpotqa}, or {@code $XHOTPOTQA_HOME}) is missing; the refusal test always runs.
 */
public class QaExportCommandTest {

    private static final Path ROOT = Path.of(System.getProperty("project.root", ".."));
    private static final Path MIX = ROOT.resolve("datasets/xquad-mix");
    private static final Path SHARED = Path.of(System.getProperty("shared.data"));
    private static final Path PARITY = SHARED.resolve("qa-parity");
    private static final Path PEER = Path.of(System.getenv().getOrDefault("XHOTPOTQA_HOME",
            SHARED.resolveSibling("tools").resolve("xhotpotqa").toString()));
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;
    final StringWriter out = new StringWriter();
    final StringWriter err = new StringWriter();

    /** Skips the calling test, saying why, where python3 or the peer package is missing (fails it under CI: {@link Peers}). */
    public static void requirePeer() {
        Peers.require(Files.isRegularFile(PEER.resolve("xhotpotqa/data/models.py")),
                "XHotpotQA package not found at " + PEER + " (set XHOTPOTQA_HOME)");
        boolean python;
        try {
            Process p = new ProcessBuilder("python3", "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            python = p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            python = false;
        }
        Peers.require(python, "python3 is not available for the XHotpotQA loader and evaluator checks");
    }

    private int bench(String... args) {
        CommandLine cmd = BenchCommand.commandLine();
        cmd.setOut(new PrintWriter(out));
        cmd.setErr(new PrintWriter(err));
        return cmd.execute(args);
    }

    @Test
    void theXquadMixExportLoadsInXhotpotqaWithoutRomanianAndItsEvaluatorEqualsBenchQaEval() throws Exception {
        requirePeer();
        // what must be left out, counted from the raw shipped file: instances with "ro" as question or candidate language
        int all = 0;
        int romanian = 0;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(
                MIX.resolve("instances.jsonl.gz"))), StandardCharsets.UTF_8))) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                JsonNode n = JSON.readTree(line);
                all++;
                boolean ro = n.get("question_language").asText().equals("ro");
                for (JsonNode c : n.get("candidates")) {
                    ro |= c.get("language").asText().equals("ro");
                }
                romanian += ro ? 1 : 0;
            }
        }
        assertThat(all).isEqualTo(1152);
        assertThat(romanian).isPositive();

        Path export = tmp.resolve("xh");
        assertThat(bench("qa", "export", "--format", "xhotpotqa", MIX.toString(), export.toString())).as(err.toString()).isZero();
        int kept = all - romanian;
        assertThat(out.toString()).contains(String.format(java.util.Locale.ROOT, "%,d of 1,152 instances", kept))
                .contains("source_split xquad -> validation: " + String.format(java.util.Locale.ROOT, "%,d", kept));
        assertThat(err.toString()).contains(String.format(java.util.Locale.ROOT,
                "warning: %d instances left out: they use a language outside XHotpotQA's 24 codes (ro %d)", romanian, romanian));

        assertLoads(export, kept);
        assertThat(peerLoad(export.resolve("instances.jsonl")).get("languages").toString()).doesNotContain("\"ro\"");

        // the sidecar keeps what the peer's schema has no place for
        List<String> sidecar = Files.readAllLines(export.resolve("clirbench-extra.jsonl"));
        assertThat(sidecar).hasSize(kept);
        JsonNode first = JSON.readTree(sidecar.get(0));
        assertThat(first.get("source_split").asText()).isEqualTo("xquad");
        assertThat(first.get("difficulty").isNull()).isTrue();
        assertThat(first.get("status").asText()).isEqualTo("accepted");
        assertThat(first.get("provenance").fieldNames()).toIterable()
                .contains("source_commit", "builder", "design_condition", "gold_position", "language_assignment", "segmenter");

        for (String system : new String[] {"oracle", "lexical-overlap"}) {
            Path pred = export.resolve("predictions").resolve(system + ".jsonl");
            assertThat(Files.readAllLines(pred)).hasSize(kept);
            for (String[] protocol : new String[][] {{"legacy", "legacy_hotpot"}, {"unicode", "unicode_script_aware"}}) {
                assertTheReportsAgree(export, pred, protocol[0], protocol[1]);
            }
        }
    }

    @Test
    void whatEveryImporterWritesExportsToRecordsTheXhotpotqaLoaderAccepts() throws Exception {
        requirePeer();
        // hotpot: the shared 70 examples
        Path hotpot = tmp.resolve("hotpot");
        assertThat(bench("qa", "import", "hotpot", "--from", PARITY.resolve("hp-basic/gold.json").toString(), "--lang", "en", "--split", "dev",
                "--out", hotpot.toString())).as(err.toString()).isZero();
        assertLoads(exportOf(hotpot), 70);
        assertTheReportsAgree(tmp.resolve("hotpot-xh"), PARITY.resolve("hp-basic/canonical-pred.jsonl"), "unicode", "unicode_script_aware");

        // hf: Hugging Face rows without type and level, one in a language outside the peer's table
        Path rows = Files.writeString(tmp.resolve("rows.jsonl"), """
                {"id": "h1", "question": "Q?", "answer": "A", "supporting_facts": {"title": ["Beta"], "sent_id": [1]}, "context": {"title": ["Alpha", "Beta"], "sentences": [["a0. ", "a1."], ["b0. ", "b1."]]}}
                {"id": "h2", "question": "R?", "answer": "B", "supporting_facts": {"title": ["Alpha"], "sent_id": [0]}, "context": {"title": ["Alpha"], "sentences": [["a0."]]}}
                """);
        Path hf = tmp.resolve("hf");
        assertThat(bench("qa", "import", "hf", "--from", rows.toString(), "--lang", "de", "--out", hf.toString())).as(err.toString()).isZero();
        assertLoads(exportOf(hf), 2);
        Path hfRo = tmp.resolve("hf-ro");
        assertThat(bench("qa", "import", "hf", "--from", rows.toString(), "--lang", "ro", "--out", hfRo.toString())).as(err.toString()).isZero();
        assertThat(bench("qa", "export", "--format", "xhotpotqa", hfRo.toString(), tmp.resolve("hf-ro-xh").toString())).as(err.toString()).isZero();
        // the import itself leaves them out now (whatEveryImporterWritesLoadsInXhotpotqaDirectly...): nothing is left for the export
        assertThat(err.toString()).contains("warning: 2 instances left out: they use a language outside XHotpotQA's 24 codes (ro 2)");
        assertThat(Files.readString(tmp.resolve("hf-ro-xh/instances.jsonl"))).isEmpty();

        // xhotpotqa canonical lines: the peer's own records come back as they were (same fields, same checksums)
        Path xh = tmp.resolve("xh-lang");
        assertThat(bench("qa", "import", "xhotpotqa", "--from", PARITY.resolve("xh-lang/gold.jsonl").toString(), "--out", xh.toString()))
                .as(err.toString()).isZero();
        Path xhOut = exportOf(xh);
        assertLoads(xhOut, 100);
        List<String> original = Files.readAllLines(PARITY.resolve("xh-lang/gold.jsonl"));
        List<String> exported = Files.readAllLines(xhOut.resolve("instances.jsonl"));
        assertThat(exported).hasSameSizeAs(original);
        for (int i = 0; i < original.size(); i++) {
            assertThat(JSON.readTree(exported.get(i))).as("record " + i).isEqualTo(JSON.readTree(original.get(i)));
        }
        assertThat(xhOut.resolve("clirbench-extra.jsonl")).doesNotExist();
        assertTheReportsAgree(xhOut, PARITY.resolve("xh-lang/pred.jsonl"), "legacy", "legacy_hotpot");

        // xhotpotqa Hub rows: structural flags, a dropped out-of-bounds fact, review status
        Path hub = Files.writeString(tmp.resolve("hub.jsonl"), """
                {"id": "xhp-validation-s1", "source_id": "s1", "source_split": "validation", "question": "Wer?", "answer": "Ada", "question_language": "de", "answer_language": "de", "question_type": "bridge", "difficulty": "hard", "candidates": [{"paragraph_id": "p00", "candidate_index": 0, "source_title": "Ada", "title": "Ada", "sentences": ["Ada schrieb."], "language": "German", "language_code": "de"}, {"paragraph_id": "p01", "candidate_index": 1, "source_title": "Bob", "title": "Bob", "sentences": ["Bob las.", "Ende."], "language": "Hindi", "language_code": "hi"}], "supporting_facts": [{"source_title": "Ada", "paragraph_id": "p00", "candidate_index": 0, "sentence_index": 0, "in_bounds": true}, {"source_title": "Bob", "paragraph_id": "p01", "candidate_index": 1, "sentence_index": 4, "in_bounds": false}], "status": "review_required", "structural_flags": ["support_index_out_of_range"], "provenance": {"translation_model": "m", "decoding": {"temperature": 0.0, "top_p": 1e-05}}}
                """);
        Path hubDataset = tmp.resolve("hub");
        assertThat(bench("qa", "import", "xhotpotqa", "--from", hub.toString(), "--out", hubDataset.toString())).as(err.toString()).isZero();
        Path hubOut = exportOf(hubDataset);
        assertLoads(hubOut, 1);
        JsonNode extra = JSON.readTree(Files.readString(hubOut.resolve("clirbench-extra.jsonl")));
        assertThat(extra.get("status").asText()).isEqualTo("review_required");
        assertThat(extra.get("provenance").get("structural_flags").get(0).asText()).isEqualTo("support_index_out_of_range");
        assertThat(extra.get("provenance").get("import_dropped_support").get(0).get("sentence_index").asInt()).isEqualTo(4);

        // xquad-mix, built again from XQuAD (a small build)
        Path mix = tmp.resolve("mix");
        assertThat(bench("qa", "import", "xquad-mix", "--from", SHARED.resolve("xquad").toString(), "--out", mix.toString(), "--questions", "2"))
                .as(err.toString()).isZero();
        int built = JSON.readTree(Files.readString(mix.resolve("dataset.json"))).get("languages").size();
        assertThat(built).isEqualTo(12);
        Path mixOut = exportOf(mix);
        JsonNode summary = JSON.readTree(mixOut.resolve("export.json").toFile());
        assertThat(summary.get("left_out").get("by_language").fieldNames()).toIterable().containsExactly("ro");
        assertLoads(mixOut, summary.get("records_written").asInt());
        assertThat(summary.get("records_written").asInt() + summary.get("left_out").get("count").asInt())
                .isEqualTo(summary.get("instances_read").asInt());
    }

    @Test
    void whatEveryImporterWritesLoadsInXhotpotqaDirectlyAndItsEvaluatorEqualsBenchQaEval() throws Exception {
        requirePeer();
        // hotpot: the shared 70 examples, --split dev recorded as the peer's "validation", the original in the sidecar
        Path hotpot = tmp.resolve("hotpot");
        assertThat(bench("qa", "import", "hotpot", "--from", PARITY.resolve("hp-basic/gold.json").toString(), "--lang", "en", "--split", "dev",
                "--out", hotpot.toString())).as(err.toString()).isZero();
        assertThat(hotpot.resolve("instances.jsonl.gz")).doesNotExist();
        assertLoads(hotpot, 70);
        List<String> hotpotExtra = Files.readAllLines(hotpot.resolve("clirbench-extra.jsonl"));
        assertThat(hotpotExtra).hasSize(70);
        assertThat(JSON.readTree(hotpotExtra.get(0)).get("source_split").asText()).isEqualTo("dev");
        for (String[] protocol : new String[][] {{"legacy", "legacy_hotpot"}, {"unicode", "unicode_script_aware"}}) {
            assertTheReportsAgree(hotpot, PARITY.resolve("hp-basic/canonical-pred.jsonl"), protocol[0], protocol[1]);
        }

        // hf: two rows in German load; the same rows in Romanian (outside the peer's table) are left out, counted, warned about
        Path rows = Files.writeString(tmp.resolve("rows.jsonl"), """
                {"id": "h1", "question": "Q?", "answer": "A", "supporting_facts": {"title": ["Beta"], "sent_id": [1]}, "context": {"title": ["Alpha", "Beta"], "sentences": [["a0. ", "a1."], ["b0. ", "b1."]]}}
                {"id": "h2", "question": "R?", "answer": "B", "supporting_facts": {"title": ["Alpha"], "sent_id": [0]}, "context": {"title": ["Alpha"], "sentences": [["a0."]]}}
                """);
        Path hf = tmp.resolve("hf");
        assertThat(bench("qa", "import", "hf", "--from", rows.toString(), "--lang", "de", "--out", hf.toString())).as(err.toString()).isZero();
        assertLoads(hf, 2);
        // type and level absent: the peer's "unknown" in the record, the original null in the sidecar
        JsonNode hfExtra = JSON.readTree(Files.readAllLines(hf.resolve("clirbench-extra.jsonl")).get(0));
        assertThat(hfExtra.get("question_type").isNull()).isTrue();
        assertThat(hfExtra.get("difficulty").isNull()).isTrue();
        Path hfRo = tmp.resolve("hf-ro");
        err.getBuffer().setLength(0);
        assertThat(bench("qa", "import", "hf", "--from", rows.toString(), "--lang", "ro", "--out", hfRo.toString())).as(err.toString()).isZero();
        assertThat(err.toString()).contains("warning: 2 instances left out: they use a language outside XHotpotQA's 24 codes (ro 2); 0 of 2 written");
        assertThat(Files.readString(hfRo.resolve("instances.jsonl"))).isEmpty();
        assertThat(JSON.readTree(hfRo.resolve("dataset.json").toFile()).get("languages")).isEmpty();

        // xhotpotqa canonical lines: the peer's own records come back with every field and checksum, no sidecar; the lines are
        // what its write_instances writes (assertLoads: identical_lines), the stored file has ", " separators so differs in bytes
        Path xh = tmp.resolve("xh-lang");
        assertThat(bench("qa", "import", "xhotpotqa", "--from", PARITY.resolve("xh-lang/gold.jsonl").toString(), "--out", xh.toString()))
                .as(err.toString()).isZero();
        assertLoads(xh, 100);
        List<String> original = Files.readAllLines(PARITY.resolve("xh-lang/gold.jsonl"));
        List<String> imported = Files.readAllLines(xh.resolve("instances.jsonl"));
        assertThat(imported).hasSameSizeAs(original);
        for (int i = 0; i < original.size(); i++) {
            assertThat(JSON.readTree(imported.get(i))).as("record " + i).isEqualTo(JSON.readTree(original.get(i)));
        }
        assertThat(xh.resolve("clirbench-extra.jsonl")).doesNotExist();
        for (String[] protocol : new String[][] {{"legacy", "legacy_hotpot"}, {"unicode", "unicode_script_aware"}}) {
            assertTheReportsAgree(xh, PARITY.resolve("xh-lang/pred.jsonl"), protocol[0], protocol[1]);
        }

        // xhotpotqa Hub rows: the status, the structural flags and the dropped out-of-bounds fact are in the sidecar
        Path hub = Files.writeString(tmp.resolve("hub.jsonl"), """
                {"id": "xhp-validation-s1", "source_id": "s1", "source_split": "validation", "question": "Wer?", "answer": "Ada", "question_language": "de", "answer_language": "de", "question_type": "bridge", "difficulty": "hard", "candidates": [{"paragraph_id": "p00", "candidate_index": 0, "source_title": "Ada", "title": "Ada", "sentences": ["Ada schrieb."], "language": "German", "language_code": "de"}, {"paragraph_id": "p01", "candidate_index": 1, "source_title": "Bob", "title": "Bob", "sentences": ["Bob las.", "Ende."], "language": "Hindi", "language_code": "hi"}], "supporting_facts": [{"source_title": "Ada", "paragraph_id": "p00", "candidate_index": 0, "sentence_index": 0, "in_bounds": true}, {"source_title": "Bob", "paragraph_id": "p01", "candidate_index": 1, "sentence_index": 4, "in_bounds": false}], "status": "review_required", "structural_flags": ["support_index_out_of_range"], "provenance": {"translation_model": "m", "decoding": {"temperature": 0.0, "top_p": 1e-05}}}
                """);
        Path hubDataset = tmp.resolve("hub");
        assertThat(bench("qa", "import", "xhotpotqa", "--from", hub.toString(), "--out", hubDataset.toString())).as(err.toString()).isZero();
        assertLoads(hubDataset, 1);
        JsonNode record = JSON.readTree(Files.readString(hubDataset.resolve("instances.jsonl")));
        assertThat(record.get("provenance").get("validation_status").asText()).isEqualTo("review_required");
        assertThat(record.get("provenance").get("decoding").get("top_p").asDouble()).isEqualTo(1e-05);
        JsonNode extra = JSON.readTree(Files.readString(hubDataset.resolve("clirbench-extra.jsonl")));
        assertThat(extra.get("status").asText()).isEqualTo("review_required");
        assertThat(extra.get("provenance").get("structural_flags").get(0).asText()).isEqualTo("support_index_out_of_range");
        assertThat(extra.get("provenance").get("import_dropped_support").get(0).get("sentence_index").asInt()).isEqualTo(4);
        Path hubPred = Files.writeString(tmp.resolve("hub-pred.jsonl"),
                "{\"id\": \"xhp-validation-s1\", \"answer\": \"ada\", \"supporting_facts\": [{\"paragraph_id\": \"p00\", \"sentence_id\": 0}, "
                        + "{\"paragraph_id\": \"p01\", \"sentence_id\": 1}]}\n");
        assertTheReportsAgree(hubDataset, hubPred, "unicode", "unicode_script_aware");
        out.getBuffer().setLength(0);
        assertThat(bench("qa", "audit", hubDataset.toString())).as(err.toString()).isZero();
        assertThat(out.toString()).containsPattern("(?m)^\\s+review_required\\s+1$"); // the status, read from the sidecar

        // a record the peer would refuse for another reason stops the import, named, and writes nothing
        Path bad = Files.writeString(tmp.resolve("bad.json"), "[{\"_id\": \"x\", \"question\": \"Q\", \"answer\": \"A\", "
                + "\"supporting_facts\": [[\"T\", 0]], \"context\": [[\"T\", [\"s\", \"\"]]]}]");
        Path refused = tmp.resolve("refused");
        err.getBuffer().setLength(0);
        assertThat(bench("qa", "import", "hotpot", "--from", bad.toString(), "--lang", "en", "--out", refused.toString())).isEqualTo(1);
        assertThat(err.toString()).contains("bad.json: record 1 (id 'x'): candidates[0] ('p00'): sentence 1 is empty (XHotpotQA requires text in every sentence)");
        assertThat(refused).doesNotExist();
    }

    @Test
    void aRecordTheLoaderWouldRefuseForAnotherReasonStopsTheExportNamingItAndWritesNothing() throws IOException {
        Path dataset = Files.createDirectories(tmp.resolve("bad"));
        Files.writeString(dataset.resolve("dataset.json"), "{\"id\": \"bad\", \"kind\": \"qa\"}");
        Files.writeString(dataset.resolve("instances.jsonl"), """
                {"id": "a", "source_split": "validation", "question": "Q", "answer": "A", "question_language": "en", "answer_language": "en", "candidates": [{"id": "p00", "title": "T", "sentences": ["s", " "], "language": "en"}], "supporting_facts": [{"paragraph_id": "p00", "sentence_id": 0}]}
                {"id": "b", "source_split": "test", "question": "Q", "answer": "A", "question_language": "en", "answer_language": "en", "candidates": [{"id": "p00", "title": "T", "sentences": ["s"], "language": "en"}], "supporting_facts": [{"paragraph_id": "p00", "sentence_id": 0}]}
                """);
        Path target = tmp.resolve("out");
        assertThat(bench("qa", "export", "--format", "xhotpotqa", dataset.toString(), target.toString())).isEqualTo(1);
        assertThat(err.toString())
                .contains("instances.jsonl line 1: id 'a': candidates[0] ('p00'): sentence 1 is empty (XHotpotQA requires text in every sentence)")
                .contains("instances.jsonl line 2: id 'b': source_split 'test' has no XHotpotQA equivalent (train or validation); give one with --split");
        assertThat(target).doesNotExist();
    }

    private Path validDataset() throws IOException {
        Path dataset = Files.createDirectories(tmp.resolve("good"));
        Files.writeString(dataset.resolve("dataset.json"), "{\"id\": \"good\", \"kind\": \"qa\"}");
        Files.writeString(dataset.resolve("instances.jsonl"), """
                {"id": "a", "source_split": "validation", "question": "Q", "answer": "A", "question_language": "en", "answer_language": "en", "candidates": [{"id": "p00", "title": "T", "sentences": ["s"], "language": "en"}], "supporting_facts": [{"paragraph_id": "p00", "sentence_id": 0}]}
                """);
        return dataset;
    }

    // issue 45: with --force the export replaced its own input's instances.jsonl (OUT = DIR, or another path to it)
    @Test
    void anExportIntoItsOwnInputIsRefusedEvenWithForce() throws IOException {
        Path dataset = validDataset();
        byte[] input = Files.readAllBytes(dataset.resolve("instances.jsonl"));
        Path sameViaLink = Files.createSymbolicLink(tmp.resolve("alias"), dataset);
        for (Path out : List.of(dataset, dataset.resolve("..").resolve("good"), sameViaLink)) {
            // the link is followed when asked: it still leads to the input
            String[] args = out == sameViaLink
                    ? new String[] {"qa", "export", "--format", "xhotpotqa", "--force", "--follow-symlinks", dataset.toString(), out.toString()}
                    : new String[] {"qa", "export", "--format", "xhotpotqa", "--force", dataset.toString(), out.toString()};
            assertThat(bench(args)).as(out + ": " + err).isEqualTo(1);
            assertThat(err.toString()).contains("the output " + out + " is the input " + dataset
                    + ": writing it would replace what is being read; choose another output");
        }
        assertThat(Files.readAllBytes(dataset.resolve("instances.jsonl"))).isEqualTo(input);
        assertThat(dataset.resolve(XhotpotExport.SUMMARY)).doesNotExist();
    }

    // issue 45: an OUT that is a symbolic link (or a file in it that the export replaces) sent the files wherever it points
    @Test
    void writingThroughASymbolicLinkIsRefusedUnlessAsked() throws IOException {
        Path dataset = validDataset();
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Path link = Files.createSymbolicLink(tmp.resolve("out-link"), elsewhere);
        assertThat(bench("qa", "export", "--format", "xhotpotqa", dataset.toString(), link.toString())).isEqualTo(1);
        assertThat(err.toString()).contains("the output " + link + " is a symbolic link (to " + elsewhere
                + "): writing through it could replace a file elsewhere; give --follow-symlinks to write through it");
        assertThat(elsewhere).isEmptyDirectory();

        Path out = Files.createDirectories(tmp.resolve("out"));
        Path victim = Files.writeString(tmp.resolve("victim.json"), "keep");
        Files.createSymbolicLink(out.resolve(XhotpotExport.SUMMARY), victim);
        assertThat(bench("qa", "export", "--format", "xhotpotqa", "--force", dataset.toString(), out.toString())).isEqualTo(1);
        assertThat(err.toString()).contains("the output's " + out.resolve(XhotpotExport.SUMMARY) + " is a symbolic link (to " + victim);
        assertThat(Files.readString(victim)).isEqualTo("keep");
        assertThat(out.resolve(XhotpotExport.INSTANCES)).doesNotExist();

        // asked: written through the link
        assertThat(bench("qa", "export", "--format", "xhotpotqa", "--follow-symlinks", dataset.toString(), link.toString()))
                .as(err.toString()).isZero();
        assertThat(elsewhere.resolve(XhotpotExport.INSTANCES)).isRegularFile();
    }

    @Test
    void recordTextIsWhatPythonsJsonDumpsWritesForRandomFloatsAndStrings() throws Exception {
        requirePeer();
        // the checksums hash the canonical text, so every float of a provenance must print as Python prints it
        java.util.Random random = new java.util.Random(26);
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            double d = switch (i % 4) {
                case 0 -> Double.longBitsToDouble(random.nextLong()); // any bit pattern: subnormals, huge, tiny
                case 1 -> random.nextDouble();
                case 2 -> Math.round(random.nextGaussian() * 1e6) / 1000.0;
                default -> Math.scalb(random.nextDouble(), random.nextInt(200) - 100);
            };
            if (Double.isFinite(d)) {
                values.add(d);
            }
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            text.appendCodePoint(random.nextInt(3) == 0 ? random.nextInt(0x40) : 0x20 + random.nextInt(0x2FFFF - 0x20));
        }
        String s = text.toString().replaceAll("[\\uD800-\\uDFFF]", "");
        values.add(s);
        Path input = Files.writeString(tmp.resolve("values.json"), JSON.writeValueAsString(values));
        String python = python("-c", "import json,sys; v=json.load(open(sys.argv[1], encoding='utf-8'));"
                + " sys.stdout.buffer.write(json.dumps(v, ensure_ascii=False, sort_keys=True, separators=(',', ':')).encode('utf-8').hex().encode())",
                input.toString());
        String ours = java.util.HexFormat.of().formatHex(io.clirbench.core.qa.export.PythonJson.dumps(values).getBytes(StandardCharsets.UTF_8));
        assertThat(ours).isEqualTo(python);
    }

    private Path exportOf(Path dataset) {
        Path target = dataset.resolveSibling(dataset.getFileName() + "-xh");
        assertThat(bench("qa", "export", "--format", "xhotpotqa", dataset.toString(), target.toString())).as(err.toString()).isZero();
        return target;
    }

    public static void assertLoads(Path export, int records) throws Exception {
        JsonNode loaded = peerLoad(export.resolve("instances.jsonl"));
        assertThat(loaded.get("loaded").asInt()).isEqualTo(records);
        assertThat(loaded.get("identical_lines").asInt()).isEqualTo(records);
        assertThat(loaded.get("valid_checksums").asInt()).isEqualTo(records);
        JsonNode validated = loaded.get("validate"); // the peer's validate_instances
        assertThat(validated.get("count").asInt()).isEqualTo(records);
        assertThat(validated.get("invalid_checksums").asInt()).isZero();
        assertThat(validated.get("duplicate_ids").asInt()).isZero();
        assertThat(validated.get("errors")).isEmpty();
        assertThat(validated.get("ok").asBoolean()).isTrue();
    }

    /** XHotpotQA's evaluate on the export against {@code bench qa eval --dataset export}: every key of its report, 1e-12. */
    private void assertTheReportsAgree(Path export, Path pred, String ours, String theirs) throws Exception {
        Path peerReport = tmp.resolve("peer-" + ours + "-" + pred.getFileName() + ".json");
        python("-m", "xhotpotqa", "evaluate", "--gold", export.resolve("instances.jsonl").toString(), "--predictions", pred.toString(),
                "--output", peerReport.toString(), "--protocol", theirs);
        Path report = Files.createTempDirectory(tmp, "report");
        assertThat(bench("qa", "eval", "--dataset", export.toString(), "--pred", pred.toString(), "--protocol", ours, "--bootstrap", "0",
                "--out", report.toString())).as(err.toString()).isZero();
        JsonNode got = JSON.readTree(report.resolve("report.json").toFile()).get("systems").get(0);
        JsonNode want = JSON.readTree(peerReport.toFile());
        assertThat(want.get("count").asInt()).isPositive();
        assertSame(want, got, pred.getFileName() + "/" + theirs);
    }

    /** Every key of {@code want} in {@code got} with the same value; numbers within 1e-12. */
    private static void assertSame(JsonNode want, JsonNode got, String path) {
        assertThat(got).as(path + " present").isNotNull();
        if (want.isNumber()) {
            assertThat(got.isNumber()).as(path + " is a number: " + got).isTrue();
            assertThat(got.doubleValue()).as(path).isCloseTo(want.doubleValue(), Offset.offset(1e-12));
        } else if (want.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = want.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                assertSame(e.getValue(), got.get(e.getKey()), path + "." + e.getKey());
            }
        } else if (want.isArray()) {
            assertThat(got.size()).as(path + " size").isEqualTo(want.size());
            for (int i = 0; i < want.size(); i++) {
                assertSame(want.get(i), got.get(i), path + "[" + i + "]");
            }
        } else {
            assertThat(got).as(path).isEqualTo(want);
        }
    }

    private static JsonNode peerLoad(Path file) throws Exception {
        Path script = Path.of(QaExportCommandTest.class.getResource("/qa/xhotpotqa_load.py").toURI());
        return JSON.readTree(python(script.toString(), file.toString()));
    }

    /** Runs python3 with the peer package on its path; the last line of its output, or a failure with all of it. */
    public static String python(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("python3"));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("PYTHONPATH", PEER.toAbsolutePath().toString());
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(300, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", command) + ":\n" + output).isZero();
        String[] lines = output.strip().split("\n");
        return lines[lines.length - 1];
    }
}
