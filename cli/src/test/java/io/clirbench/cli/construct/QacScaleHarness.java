package io.clirbench.cli.construct;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.core.testing.ChatCompletionsServer;
import io.clirbench.core.testing.ChatCompletionsServer.Reply;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CountDownLatch;

/**
 * The protocol side of {@code runs/chemclir-qac-scale/run.sh} (issue 43): writes a {@link QacScaleCorpus} and serves the
 * chat-completions protocol for {@code bench build qac} in the test suite's style ({@link ChatCompletionsServer}, deterministic
 * replies). Verifier calls get {@link BuildQacScaleTest#script}'s replies (candidate 2 scores best). Generator calls are
 * answered from the passage: the server finds the passage's document, and each candidate asks, in the prompt's target
 * language, for three content concepts of its family (rendered with that language's words, as a translation would) with a
 * span of the passage (a shared literal when there is one) as the answer. A passage it does not know is answered 400, which
 * stops the build.
 *
 * <p>{@code main OUT_DIR [SEED]}: writes {@code OUT_DIR/corpus.jsonl} and {@code OUT_DIR/models.json} (generator
 * {@code scale-generator}, verifier {@code scale-verifier}, both at this server), prints {@code ready URL}, serves until
 * killed, and then writes {@code OUT_DIR/server-stats.json} (requests, most in flight).
 */
public final class QacScaleHarness {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The first words of each shipped generator prompt's system section, and its language. */
    private static final Map<String, String> PROMPT_LANGUAGE = Map.of("You write", "en", "Du schreibst", "de", "Tu rédiges", "fr",
            "Escribes", "es", "你为", "zh");

    private QacScaleHarness() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 43;
        Files.createDirectories(out);
        long start = System.nanoTime();
        QacScaleCorpus corpus = new QacScaleCorpus(seed, QacScaleCorpus.DOCUMENTS);
        corpus.write(out.resolve("corpus.jsonl"));
        System.out.printf("corpus: %d documents, %d families, seed %d, %.1f s%n", corpus.docs().size(), corpus.families(), seed,
                (System.nanoTime() - start) / 1e9);
        ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> reply(corpus, body));
        Files.writeString(out.resolve("models.json"), "{\"generator\": {\"base_url\": \"" + server.baseUrl() + "\", \"model\": \"scale-generator\"},"
                + " \"verifier\": {\"base_url\": \"" + server.baseUrl() + "\", \"model\": \"scale-verifier\"}}\n");
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                Files.writeString(out.resolve("server-stats.json"), JSON.createObjectNode().put("requests", server.requests())
                        .put("answers", server.answers()).put("max_in_flight", server.maxInFlight()).toString() + "\n");
            } catch (java.io.IOException e) {
                System.err.println("server-stats.json: " + e.getMessage());
            }
            server.close();
            stopped.countDown();
        }));
        System.out.println("ready " + server.baseUrl());
        System.out.flush();
        stopped.await();
    }

    /** The reply to one chat-completions request. */
    static Reply reply(QacScaleCorpus corpus, JsonNode request) {
        String system = ChatCompletionsServer.message(request, "system");
        if (system.startsWith("You verify the")) {
            return BuildQacScaleTest.script(request);
        }
        String target = PROMPT_LANGUAGE.entrySet().stream().filter(e -> system.startsWith(e.getKey())).map(Map.Entry::getValue)
                .findFirst().orElse(null);
        String user = ChatCompletionsServer.message(request, "user");
        QacScaleCorpus.Doc doc = user == null ? null : corpus.byText(user.substring(user.indexOf('\n') + 1).strip());
        if (target == null || doc == null) {
            return new Reply(400, "{\"error\": {\"message\": \"the scale harness knows no such prompt or passage\"}}", null, 0);
        }
        boolean technical = !system.contains("\"framing\"");
        var o = JSON.createObjectNode();
        var list = o.putArray("candidates");
        for (int i = 1; i <= 3; i++) {
            Random r = new Random(doc.family().id().hashCode() * 31L + i);
            list.addObject().put("question", question(corpus, doc.family(), target, r)).put("answer", answer(doc, r))
                    .put(technical ? "type" : "framing", technical ? "parameter_or_condition" : "solution");
        }
        int prompt = request.path("messages").toString().length() / 4;
        return Reply.ok(o.toString(), prompt, o.toString().length() / 4);
    }

    /** Three distinct content concepts of the family, in the target language, in a question frame of that language. */
    static String question(QacScaleCorpus corpus, QacScaleCorpus.Family family, String lang, Random r) {
        List<Integer> content = new ArrayList<>(new LinkedHashSet<>(java.util.Arrays.stream(family.concepts())
                .filter(c -> c >= QacScaleCorpus.CONTENT_RANK).boxed().toList()));
        List<String> words = new ArrayList<>();
        for (int k = 0; k < 3 && !content.isEmpty(); k++) {
            words.add(corpus.word(content.remove(r.nextInt(content.size())), lang));
        }
        return switch (lang) {
            case "de" -> "Welche " + String.join(" ", words) + "?";
            case "fr" -> "Quel " + String.join(" ", words) + " ?";
            case "es" -> "¿Qué " + String.join(" ", words) + "?";
            case "zh" -> String.join("", words) + "是什么？";
            default -> "Which " + String.join(" ", words) + "?";
        };
    }

    /** A span of the passage: a shared literal when the family has one, else three words from a seeded position. */
    static String answer(QacScaleCorpus.Doc doc, Random r) {
        for (String literal : doc.family().literals()) {
            if (literal != null) {
                return literal;
            }
        }
        String text = doc.text();
        int from = r.nextInt(Math.max(1, text.length() - 12));
        return text.substring(from, Math.min(text.length(), from + 12)).strip();
    }
}
