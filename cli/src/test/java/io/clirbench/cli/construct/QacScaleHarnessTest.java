package io.clirbench.cli.construct;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.core.testing.ChatCompletionsServer.Reply;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scale harness's corpus and generator replies (runs/chemclir-qac-scale): what its README claims of them. */
class QacScaleHarnessTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void theCorpusIsSeededMultilingualAndOfPatentAbstractLength() throws Exception {
        QacScaleCorpus corpus = new QacScaleCorpus(43, QacScaleCorpus.DOCUMENTS);
        corpus.write(dir.resolve("a.jsonl"));
        new QacScaleCorpus(43, QacScaleCorpus.DOCUMENTS).write(dir.resolve("b.jsonl"));
        new QacScaleCorpus(44, 500).write(dir.resolve("c.jsonl"));
        assertThat(Files.mismatch(dir.resolve("a.jsonl"), dir.resolve("b.jsonl"))).as("same seed, same bytes").isEqualTo(-1);
        assertThat(Files.readString(dir.resolve("a.jsonl"))).doesNotStartWith(Files.readString(dir.resolve("c.jsonl")));
        assertThat(Files.readAllLines(dir.resolve("a.jsonl"))).hasSize(23_787);
        Map<String, Integer> perLanguage = new TreeMap<>();
        for (QacScaleCorpus.Doc d : corpus.docs()) {
            perLanguage.merge(d.lang(), 1, Integer::sum);
            if (!d.lang().equals("zh")) {
                // 60-220 tokens; a literal such as "120 °C" or "0.5 wt%" is two words
                assertThat(d.text().split(" ").length).as(d.id()).isBetween(60, 2 * 220);
            } else {
                assertThat(d.text()).as(d.id()).doesNotContain("  ").endsWith("。");
            }
        }
        assertThat(perLanguage.keySet()).containsExactly("de", "en", "es", "fr", "zh");
        assertThat(perLanguage.values()).allMatch(n -> n > 1_000);
        assertThat(corpus.families()).isBetween(9_000, 12_000);
    }

    @Test
    void aGeneratorReplyAsksInTheTargetLanguageWithWordsOfTheSourcesFamily() throws Exception {
        QacScaleCorpus corpus = new QacScaleCorpus(43, 300);
        QacScaleCorpus.Doc en = corpus.docs().stream().filter(d -> d.family().languages().equals(java.util.List.of("en", "zh")))
                .findFirst().orElseThrow();
        QacScaleCorpus.Doc zh = corpus.docs().get(corpus.docs().indexOf(en) + 1);
        String system = Files.readString(Path.of("../bench-core/src/main/resources/io/clirbench/core/construct/prompts/qac/technical.zh.txt"));
        JsonNode request = JSON.readTree(JSON.createObjectNode().set("messages", JSON.createArrayNode()
                .add(JSON.createObjectNode().put("role", "system").put("content", system.substring(system.indexOf("你为"), system.indexOf("[user]"))))
                .add(JSON.createObjectNode().put("role", "user").put("content", "段落：\n" + en.text()))).toString());
        Reply reply = QacScaleHarness.reply(corpus, request);
        assertThat(reply.status()).isEqualTo(200);
        JsonNode content = JSON.readTree(JSON.readTree(reply.body()).at("/choices/0/message/content").asText());
        assertThat(content.get("candidates")).hasSize(3);
        for (JsonNode c : content.get("candidates")) {
            String q = c.get("question").asText();
            assertThat(q).endsWith("是什么？").hasSize(3 * 2 + 4);
            // the question's three two-character words are in the family's zh version, not in its en source
            for (int i = 0; i < 6; i += 2) {
                assertThat(zh.text()).contains(q.substring(i, i + 2));
            }
            assertThat(en.text()).contains(c.get("answer").asText());
            assertThat(c.get("type").asText()).isEqualTo("parameter_or_condition");
        }
        JsonNode unknown = JSON.readTree(request.toString().replace("段落：\\n", "段落：\\nX"));
        assertThat(QacScaleHarness.reply(corpus, unknown).status()).isEqualTo(400);
    }
}
