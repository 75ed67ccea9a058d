package io.clirbench.cli.gateway;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.run.RunState;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;

/**
 * Follows a run on the gateway until it ends, drawing a progress bar: on a terminal one line
 * redrawn in place, otherwise a line whenever the percentage moves by 10 or the phase changes. While the
 * run waits in the gateway's line the line is its place there ({@code queued: position 2 of 3}). While the gateway does
 * not answer (restarting: it resumes the run) the follower says so once and keeps following; a resumed run's line
 * carries the gateway's message {@code resumed after a gateway restart at INSTANT}.
 */
public final class RunFollower {

    private static final int WIDTH = 30;

    private final GatewayClient gateway;
    private final PrintStream out;
    private final boolean redraw;
    private final java.util.function.Function<String, JsonNode> lookup;

    public RunFollower(GatewayClient gateway, PrintStream out, boolean redraw) {
        this(gateway, out, redraw, id -> gateway.progress(id, false));
    }

    private RunFollower(GatewayClient gateway, PrintStream out, boolean redraw, java.util.function.Function<String, JsonNode> lookup) {
        this.gateway = gateway;
        this.out = out;
        this.redraw = redraw;
        this.lookup = lookup;
    }

    /** A follower of QA runs ({@code /api/qa-runs/ID}: the same run JSON, its retrievers are the run's systems). */
    public static RunFollower forQa(GatewayClient gateway, PrintStream out, boolean redraw) {
        return new RunFollower(gateway, out, redraw, id -> gateway.progress(id, true));
    }

    /** Polls every 500 ms until the run is in a terminal state, then returns its last JSON. */
    public JsonNode follow(String runId, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        String lastLine = "";
        String lastPhases = "";
        int lastDecile = -1;
        boolean unreachable = false;
        while (true) {
            JsonNode run;
            try {
                run = lookup.apply(runId);
            } catch (GatewayException e) {
                if (!gatewayDown(e) || System.nanoTime() > deadline) {
                    throw e;
                }
                // a gateway restarting (bench restart gateway, a pod replaced) resumes the run: keep following
                if (!unreachable) {
                    out.println((redraw ? "\n" : "") + "gateway not answering (" + e.getMessage() + "); still following run "
                            + runId + ": a restarted gateway resumes it");
                    unreachable = true;
                }
                sleep();
                continue;
            }
            if (unreachable) {
                lastDecile = -1; // draw the line again at once
                unreachable = false;
            }
            String state = run.path("state").asText();
            double fraction = fraction(run);
            String line = line(run, state, fraction);
            if (redraw) {
                out.print("\r" + line + " ".repeat(Math.max(0, lastLine.length() - line.length())));
                out.flush();
            } else if ((int) (fraction * 10) != lastDecile || !phases(run).equals(lastPhases)) {
                out.println(line);
                lastDecile = (int) (fraction * 10);
            }
            lastLine = line;
            lastPhases = phases(run);
            if (RunState.isTerminal(state)) {
                if (redraw) {
                    out.println();
                }
                return run;
            }
            if (System.nanoTime() > deadline) {
                throw new GatewayException("run " + runId + " still " + state + " after " + timeout.toMinutes() + " min; see "
                        + gateway.shownUrl() + "/runs/" + runId);
            }
            sleep();
        }
    }

    /** No answer at all, or a proxy's 502/503/504 while the gateway behind it restarts. */
    static boolean gatewayDown(GatewayException e) {
        return e.status() == 0 && e.getCause() instanceof java.io.IOException
                || e.status() == 502 || e.status() == 503 || e.status() == 504;
    }

    /** Work done over work to do: embedding documents and queries, searching and publishing every query. */
    static double fraction(JsonNode run) {
        long done = 0;
        long total = 0;
        for (JsonNode r : run.path("retrievers")) {
            boolean dense = embedsCorpus(r);
            long queries = r.path("queries").asLong();
            total += 2 * queries + (dense ? r.path("documents").asLong() + queries : 0);
            done += r.path("queriesSearched").asLong() + r.path("queriesPublished").asLong()
                    + (dense ? r.path("documentsEmbedded").asLong() + r.path("queriesEmbedded").asLong() : 0);
        }
        double share = total == 0 ? 0 : (double) done / total;
        String state = run.path("state").asText();
        // publishing is 90% of the bar, evaluation the rest
        return RunState.COMPLETED.is(state) ? 1.0 : Math.min(0.9 * share + (RunState.EVALUATING.is(state) ? 0.05 : 0), 0.99);
    }

    /**
     * Whether a retriever's (or QA system's) work includes embedding the corpus and the queries, as the gateway's parsed id
     * says ({@code typedId.embedsCorpus}: read, never parsed here). A run stored before typed ids existed embeds when the
     * gateway has counted embedded texts for it (a QA system: when it has documents, texts to embed).
     */
    static boolean embedsCorpus(JsonNode retriever) {
        JsonNode typed = retriever.path("typedId");
        if (typed.isObject()) {
            return typed.path("embedsCorpus").asBoolean();
        }
        if (retriever.path("id").asText().contains(":")) {
            return retriever.path("documents").asLong() > 0;
        }
        return retriever.path("documentsEmbedded").asLong() > 0 || retriever.path("queriesEmbedded").asLong() > 0;
    }

    /**
     * The bar, the run's state, and per retriever its phase; the retriever at work shows the count
     * inside its phase from the gateway's {@code progress.text} ({@code embedded 640 / 2880 document texts}).
     */
    static String line(JsonNode run, String state, double fraction) {
        String waiting = queued(run);
        if (!waiting.isEmpty()) {
            return waiting;
        }
        int filled = (int) Math.round(fraction * WIDTH);
        StringBuilder detail = new StringBuilder();
        for (JsonNode r : run.path("retrievers")) {
            if (!detail.isEmpty()) {
                detail.append(" · ");
            }
            String phase = r.path("state").asText("");
            String text = r.path("progress").path("text").asText("");
            boolean working = !text.isEmpty() && !Set.of("QUEUED", "PUBLISHED").contains(phase);
            detail.append(r.path("id").asText()).append(' ').append(working ? text : phase.toLowerCase(Locale.ROOT));
        }
        // the run's message while it is not over: waiting for an encoder, evaluation unavailable, failed retrievers
        String message = run.path("message").asText("");
        if (!message.isEmpty() && !RunState.isTerminal(state)) {
            detail.append("  (").append(message).append(')');
        }
        return String.format(Locale.ROOT, "[%s%s] %3.0f%% %s  %s", "#".repeat(filled), "-".repeat(WIDTH - filled),
                fraction * 100, state.toLowerCase(Locale.ROOT), detail);
    }

    /**
     * A waiting run's place in the gateway's line ({@code queued: position 2 of 3}, from the run JSON's {@code queue});
     * empty for a run not waiting.
     */
    public static String queued(JsonNode run) {
        JsonNode q = run.path("queue");
        if (!RunState.QUEUED.is(run.path("state").asText()) || !q.hasNonNull("position")) {
            return "";
        }
        return "queued: position " + q.path("position").asInt() + " of " + q.path("length").asInt();
    }

    /** The run's and every retriever's phase, without counts: a line is printed (no terminal) when it changes. */
    private static String phases(JsonNode run) {
        StringBuilder key = new StringBuilder(run.path("state").asText()).append(queued(run));
        run.path("retrievers").forEach(r -> key.append(' ').append(r.path("state").asText()));
        return key.append(' ').append(run.path("message").asText("")).toString();
    }

    private static void sleep() {
        try {
            Thread.sleep(500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GatewayException("interrupted", e);
        }
    }
}
