package io.clirbench.core.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The limits a run's {@link RunSizeEstimate} is held against at submit, and the findings: a refusal where a service
 * cannot hold the run (it would fail later, after work was done), a warning where it is close to a limit or where the
 * limit is one the gateway cannot see. Each message names the estimate, the limit and how to raise it.
 *
 * @param maxEventBytes        the largest Kafka record the gateway's producer sends ({@code max.request.size})
 * @param evalMaxCost          the eval-service's {@code eval.evaluation.max-cost} (query-resamples), as the gateway
 *                             mirrors it ({@code gateway.preflight.eval-max-cost})
 * @param evalHeapBytes        the eval-service's maximum heap, as the gateway is told it
 *                             ({@code gateway.preflight.eval-heap-bytes})
 * @param evalStorageWarnBytes database growth of one run above which the gateway warns
 *                             ({@code gateway.preflight.eval-storage-warn-bytes})
 * @param gatewayHeapBytes     the gateway's own maximum heap ({@code Runtime.maxMemory()})
 */
public record RunSizeLimits(long maxEventBytes, long evalMaxCost, long evalHeapBytes, long evalStorageWarnBytes,
                            long gatewayHeapBytes) {

    /** Share of a heap above which an estimate is warned about: the rest is the service itself and the collector's room. */
    public static final double WARN_SHARE = 0.75;

    /** Whether a finding refuses the run or only warns. */
    public enum Severity { REFUSE, WARN }

    /** One finding: the request field it is about ({@code depth}, {@code bootstrap}, ...), its severity and message. */
    public record Finding(String field, Severity severity, String message) {
    }

    /** Every finding for {@code run}, refusals and warnings, in the order: event size, cost, eval heap, storage, gateway heap. */
    public List<Finding> check(RunSizeEstimate run) {
        List<Finding> findings = new ArrayList<>();
        eventSize(run, findings);
        cost(run, findings);
        evalHeap(run, findings);
        storage(run, findings);
        gatewayHeap(run, findings);
        return findings;
    }

    private void eventSize(RunSizeEstimate run, List<Finding> findings) {
        if (run.largestEventBytes() <= maxEventBytes) {
            return;
        }
        long fits = Math.max(0, (maxEventBytes - run.eventEnvelopeBytes()) / run.hitBytes());
        findings.add(new Finding("depth", Severity.REFUSE, f("a query's results at depth %d make a QueryResult event of up to"
                        + " %,d bytes (%d hits x %,d bytes with the longest document id of %,d bytes, plus %,d bytes of ids),"
                        + " above the Kafka producer's max.request.size of %,d bytes: lower --depth to at most %d, or shorten"
                        + " the document ids", run.depth(), run.largestEventBytes(), run.depth(), run.hitBytes(),
                run.dataset().longestDocIdBytes(), run.eventEnvelopeBytes(), maxEventBytes, fits)));
    }

    private void cost(RunSizeEstimate run, List<Finding> findings) {
        long cost = run.evaluationCost();
        if (cost <= evalMaxCost) {
            return;
        }
        long maxB = evalMaxCost / run.lists();
        String lower = maxB >= 1 ? f("lower --bootstrap to at most %,d or run fewer retrievers", maxB)
                : "run fewer retrievers or queries";
        findings.add(new Finding("bootstrap", Severity.REFUSE, f("estimated evaluation cost %,d query-resamples (%d queries"
                        + " x %d retrievers x B %d) is above the eval-service's eval.evaluation.max-cost %,d (as"
                        + " gateway.preflight.eval-max-cost says it): %s, or raise eval.evaluation.max-cost on the eval-service"
                        + " and gateway.preflight.eval-max-cost with it", cost, run.dataset().queries(), run.retrievers(),
                Math.max(1, run.bootstrap()), evalMaxCost, lower)));
    }

    private void evalHeap(RunSizeEstimate run, List<Finding> findings) {
        long need = run.evalHeapBytes();
        Severity severity = severity(need, evalHeapBytes);
        if (severity == null) {
            return;
        }
        String what = f("the eval-service needs about %s of heap to evaluate this run (the dataset %s: %,d documents and"
                        + " %,d queries with %s of text; per-query state %s; bootstrap %s)", size(need),
                size(run.datasetHeapBytes()), run.dataset().documents(), run.dataset().queries(),
                size(run.dataset().documentTextBytes() + run.dataset().queryTextBytes()), size(run.evalListHeapBytes()),
                size(run.bootstrapHeapBytes()));
        String raise = "start the eval-service with a larger heap (bench up --heap eval=SIZE, which sets"
                + " gateway.preflight.eval-heap-bytes with it; elsewhere -Xmx, and set gateway.preflight.eval-heap-bytes to it)";
        findings.add(new Finding("dataset", severity, severity == Severity.REFUSE
                ? f("%s, more than its heap of %s (gateway.preflight.eval-heap-bytes): %s", what, size(evalHeapBytes), raise)
                : f("%s, over %d%% of its heap of %s (gateway.preflight.eval-heap-bytes): it may run out of memory; %s",
                        what, Math.round(WARN_SHARE * 100), size(evalHeapBytes), raise)));
    }

    private void storage(RunSizeEstimate run, List<Finding> findings) {
        long bytes = run.evalStorageBytes();
        if (bytes <= evalStorageWarnBytes) {
            return;
        }
        findings.add(new Finding("depth", Severity.WARN, f("the eval-service will store about %s for this run's %,d results"
                        + " (43 bytes a result, measured on H2; PostgreSQL about 9), above gateway.preflight.eval-storage-warn-bytes %s: check"
                        + " that its disk (or PostgreSQL) has room, or lower --depth", size(bytes), run.results(),
                size(evalStorageWarnBytes))));
    }

    private void gatewayHeap(RunSizeEstimate run, List<Finding> findings) {
        long need = run.gatewayHeapBytes();
        Severity severity = severity(need, gatewayHeapBytes);
        if (severity == null) {
            return;
        }
        String what = f("the gateway needs about %s of heap to run this dataset (the dataset %s: %,d documents and %,d"
                        + " queries with %s of text; the service %s)", size(need), size(run.datasetHeapBytes()),
                run.dataset().documents(), run.dataset().queries(),
                size(run.dataset().documentTextBytes() + run.dataset().queryTextBytes()),
                size(RunSizeEstimate.GATEWAY_SERVICE_HEAP));
        String raise = "start the gateway with a larger heap (bench up --heap gateway=SIZE; -Xmx elsewhere)";
        findings.add(new Finding("dataset", severity, severity == Severity.REFUSE
                ? f("%s, more than its maximum heap of %s: %s", what, size(gatewayHeapBytes), raise)
                : f("%s, over %d%% of its maximum heap of %s: it may run out of memory; %s", what,
                        Math.round(WARN_SHARE * 100), size(gatewayHeapBytes), raise)));
    }

    /** REFUSE above the heap, WARN above {@link #WARN_SHARE} of it, else null. */
    private static Severity severity(long need, long heap) {
        if (need > heap) {
            return Severity.REFUSE;
        }
        return need > WARN_SHARE * heap ? Severity.WARN : null;
    }

    /** A size in bytes as people read it: {@code 1.5 GiB}, {@code 620.4 MiB}, {@code 12.0 KiB}, {@code 512 bytes}. */
    public static String size(long bytes) {
        if (bytes >= 1L << 30) {
            return f("%.1f GiB", bytes / (double) (1L << 30));
        }
        if (bytes >= 1L << 20) {
            return f("%.1f MiB", bytes / (double) (1L << 20));
        }
        if (bytes >= 1L << 10) {
            return f("%.1f KiB", bytes / (double) (1L << 10));
        }
        return bytes + " bytes";
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
