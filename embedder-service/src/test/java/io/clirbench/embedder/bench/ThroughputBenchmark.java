package io.clirbench.embedder.bench;

import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import io.clirbench.encoders.BatchPlanner;
import io.clirbench.encoders.Encoder;
import io.clirbench.encoders.ModelCard;
import io.clirbench.encoders.Role;
import io.clirbench.encoders.TokenizedText;
import io.clirbench.embedder.model.LoadedModel;
import io.clirbench.proto.embed.v1.EmbedRequest;
import io.clirbench.proto.embed.v1.EmbedResponse;
import io.clirbench.proto.embed.v1.EmbedServiceGrpc;
import io.clirbench.embedder.grpc.TestChannels;
import io.grpc.ManagedChannel;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Throughput harness (never part of CI): xquad-clir corpus and queries through (a) the service
 * over gRPC with concurrent callers, (b) a naive in-process loop embedding one text at a time,
 * (c) the raw ONNX session at its best batch size on pre-tokenized, length-sorted texts.
 * Run with {@code -Pbench -Dembedder.model-card=classpath:models/<id>.json} (see README).
 */
@QuarkusTest
@Tag("benchmark")
class ThroughputBenchmark {

    @TestHTTPResource("/")
    URL url;

    @Inject
    LoadedModel model;

    @ConfigProperty(name = "bench.corpus-limit", defaultValue = "480")
    int corpusLimit;

    @ConfigProperty(name = "bench.callers", defaultValue = "16")
    int callers;

    @ConfigProperty(name = "bench.request-texts", defaultValue = "4")
    int requestTexts;

    record Work(List<String> texts, Role role) {
    }

    record Figure(String way, int texts, long tokens, double seconds) {
        String row(ModelCard card) {
            return String.format(Locale.ROOT, "| %s | %s | %d | %d | %.1f | %.0f | %.0f |", card.id(), way, texts, tokens,
                    seconds, texts / seconds, tokens / seconds);
        }
    }

    @Test
    void throughput() throws Exception {
        awaitReady();
        Path root = Path.of(System.getProperty("project.root", ".."));
        Dataset dataset = DatasetReader.read(root.resolve("datasets/xquad-clir"));
        List<Work> work = List.of(
                new Work(sample(dataset.corpus().stream().map(Document::text).toList(), corpusLimit), Role.DOCUMENT),
                new Work(dataset.queries().stream().map(Query::text).toList(), Role.QUERY));
        // (b) and (c) get their own session with every CPU as intra-op threads, their best setting
        Encoder encoder = Encoder.load(model.card(), Runtime.getRuntime().availableProcessors(), "cpu");
        // warm-up of every path on a small slice
        List<Work> warm = List.of(new Work(work.get(0).texts().subList(0, 64), Role.DOCUMENT));
        grpc(warm);
        naive(encoder, warm);
        raw(encoder, warm, 16);

        List<Figure> figures = new ArrayList<>();
        figures.add(grpc(work));
        figures.add(naive(encoder, work));
        int best = bestBatchSize(encoder, work.get(0).texts().subList(0, Math.min(128, work.get(0).texts().size())));
        Figure rawBest = raw(encoder, work, best);
        figures.add(new Figure("(c) raw ONNX, batch " + best, rawBest.texts(), rawBest.tokens(), rawBest.seconds()));
        report(encoder.card(), figures);
        encoder.close();
    }

    private Figure grpc(List<Work> work) throws Exception {
        ManagedChannel channel = TestChannels.open(url);
        ExecutorService pool = Executors.newFixedThreadPool(callers);
        try {
            EmbedServiceGrpc.EmbedServiceBlockingStub stub = EmbedServiceGrpc.newBlockingStub(channel);
            List<EmbedRequest> requests = new ArrayList<>();
            for (Work w : work) {
                for (int i = 0; i < w.texts().size(); i += requestTexts) {
                    requests.add(EmbedRequest.newBuilder().addAllTexts(w.texts().subList(i, Math.min(w.texts().size(), i + requestTexts)))
                            .setRole(w.role() == Role.QUERY ? io.clirbench.proto.embed.v1.Role.QUERY : io.clirbench.proto.embed.v1.Role.DOCUMENT)
                            .build());
                }
            }
            AtomicInteger next = new AtomicInteger();
            AtomicLong tokens = new AtomicLong();
            AtomicInteger texts = new AtomicInteger();
            long start = System.nanoTime();
            List<Future<?>> running = new ArrayList<>();
            for (int c = 0; c < callers; c++) {
                running.add(pool.submit(() -> {
                    int i;
                    while ((i = next.getAndIncrement()) < requests.size()) {
                        EmbedResponse r = stub.withDeadlineAfter(10, TimeUnit.MINUTES).embed(requests.get(i));
                        tokens.addAndGet(r.getTokenCount());
                        texts.addAndGet(r.getVectorsCount());
                    }
                    return null;
                }));
            }
            for (Future<?> f : running) {
                f.get();
            }
            return new Figure("(a) gRPC, " + callers + " callers x " + requestTexts + " texts", texts.get(), tokens.get(), seconds(start));
        } finally {
            pool.shutdownNow();
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    private static Figure naive(Encoder encoder, List<Work> work) {
        BatchPlanner one = new BatchPlanner(Integer.MAX_VALUE, 1);
        long tokens = 0;
        int texts = 0;
        long start = System.nanoTime();
        for (Work w : work) {
            for (String text : w.texts()) {
                tokens += encoder.tokenize(w.role(), text).length();
                encoder.embed(List.of(text), w.role(), one);
                texts++;
            }
        }
        return new Figure("(b) in-process, one text at a time", texts, tokens, seconds(start));
    }

    private static Figure raw(Encoder encoder, List<Work> work, int batchSize) {
        List<TokenizedText> all = new ArrayList<>();
        for (Work w : work) {
            for (String text : w.texts()) {
                all.add(encoder.tokenize(w.role(), text));
            }
        }
        all.sort(Comparator.comparingInt(TokenizedText::length));
        long tokens = all.stream().mapToLong(TokenizedText::length).sum();
        long start = System.nanoTime();
        for (int i = 0; i < all.size(); i += batchSize) {
            encoder.encode(all.subList(i, Math.min(all.size(), i + batchSize)));
        }
        return new Figure("(c) raw ONNX", all.size(), tokens, seconds(start));
    }

    private static int bestBatchSize(Encoder encoder, List<String> sample) {
        int best = 1;
        double bestRate = 0;
        for (int size : new int[] {1, 4, 8, 16, 32, 64}) {
            Figure f = raw(encoder, List.of(new Work(sample, Role.DOCUMENT)), size);
            double rate = f.tokens() / f.seconds();
            System.out.printf(Locale.ROOT, "raw batch %d: %.0f tokens/s%n", size, rate);
            if (rate > bestRate) {
                bestRate = rate;
                best = size;
            }
        }
        return best;
    }

    /** Every k-th paragraph, so that each language keeps its share. */
    private static List<String> sample(List<String> texts, int limit) {
        if (limit <= 0 || limit >= texts.size()) {
            return texts;
        }
        List<String> out = new ArrayList<>();
        double step = (double) texts.size() / limit;
        for (int i = 0; i < limit; i++) {
            out.add(texts.get((int) (i * step)));
        }
        return out;
    }

    private void report(ModelCard card, List<Figure> figures) throws IOException {
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "model %s, %d CPUs, service: %s; peak RSS %d MiB (service + client + two sessions)%n",
                card.id(), Runtime.getRuntime().availableProcessors(), model.describe(), peakRssKib() / 1024));
        md.append("| model | way | texts | tokens | s | texts/s | tokens/s |\n|---|---|---|---|---|---|---|\n");
        figures.forEach(f -> md.append(f.row(card)).append('\n'));
        double a = figures.get(0).tokens() / figures.get(0).seconds();
        double b = figures.get(1).tokens() / figures.get(1).seconds();
        double c = figures.get(2).tokens() / figures.get(2).seconds();
        md.append(String.format(Locale.ROOT, "(a)/(b) = %.2f (goal >= 2), (a)/(c) = %.2f (goal >= 0.85)%n", a / b, a / c));
        System.out.println(md);
        Path out = Path.of("target", "bench", card.id() + ".md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, md);
    }

    private static long peakRssKib() throws IOException {
        return Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("VmHWM:"))
                .mapToLong(l -> Long.parseLong(l.replaceAll("[^0-9]", ""))).findFirst().orElse(-1);
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }

    private void awaitReady() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (model.state() != LoadedModel.State.READY && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        if (model.state() != LoadedModel.State.READY) {
            throw new AssertionError("model not ready: " + model.state() + " " + model.failure());
        }
    }
}
