package io.clirbench.gateway.run;

import io.clirbench.core.model.Dataset;
import io.clirbench.core.run.DatasetFootprint;
import io.clirbench.core.run.RunSizeEstimate;
import io.clirbench.core.run.RunSizeLimits;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.gateway.config.GatewayConfig;
import io.clirbench.gateway.error.InvalidField;
import io.clirbench.gateway.error.RequestRejectedException;
import io.clirbench.gateway.messaging.KafkaSender;
import io.quarkus.logging.Log;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The preflight of a run at submit (README "Preflight at submit"): bench-core's {@link RunSizeEstimate} of the run
 * against {@link RunSizeLimits} made of this gateway's settings ({@code gateway.preflight.*}), its producer's
 * {@link KafkaSender#MAX_REQUEST_BYTES} and its own maximum heap. A refusal is a {@link RequestRejectedException}
 * (INVALID, one field per finding) thrown before anything is stored; warnings are returned for the run to carry.
 */
@ApplicationScoped
public class RunPreflight {

    private final GatewayConfig.Preflight config;

    RunPreflight(GatewayConfig config) {
        this.config = config.preflight();
    }

    /** The warnings for the run; throws naming every refusal when a service could not hold it. */
    public List<String> check(Dataset dataset, List<RetrieverId> ids, int depth, int bootstrap) {
        RunSizeEstimate estimate = new RunSizeEstimate(DatasetFootprint.of(dataset), ids.size(), longestId(ids), depth,
                bootstrap);
        RunSizeLimits limits = new RunSizeLimits(KafkaSender.MAX_REQUEST_BYTES, config.evalMaxCost(), config.evalHeapBytes(),
                config.evalStorageWarnBytes(), Runtime.getRuntime().maxMemory());
        List<RunSizeLimits.Finding> findings = limits.check(estimate);
        List<InvalidField> refused = findings.stream().filter(f -> f.severity() == RunSizeLimits.Severity.REFUSE)
                .map(f -> new InvalidField(f.field(), value(f.field(), dataset, ids, depth, bootstrap), f.message())).toList();
        if (!refused.isEmpty()) {
            throw RequestRejectedException.invalid("run refused at submit, a service could not hold it: "
                    + refused.stream().map(e -> e.field() + ": " + e.message()).collect(Collectors.joining("; ")), refused);
        }
        Log.infof("preflight of a run of %s: %,d results, eval-service heap ~%s, storage ~%s, gateway heap ~%s;"
                        + " %d warning(s)", dataset.info().id(), estimate.results(), RunSizeLimits.size(estimate.evalHeapBytes()),
                RunSizeLimits.size(estimate.evalStorageBytes()), RunSizeLimits.size(estimate.gatewayHeapBytes()), findings.size());
        return findings.stream().map(RunSizeLimits.Finding::message).toList();
    }

    /** The request's value of the field a finding names. */
    private static String value(String field, Dataset dataset, List<RetrieverId> ids, int depth, int bootstrap) {
        return switch (field) {
            case "depth" -> String.valueOf(depth);
            case "bootstrap" -> String.valueOf(bootstrap);
            case "dataset" -> dataset.info().id();
            default -> ids.stream().map(RetrieverId::id).collect(Collectors.joining(","));
        };
    }

    private static int longestId(List<RetrieverId> ids) {
        return ids.stream().mapToInt(id -> id.id().getBytes(StandardCharsets.UTF_8).length).max().orElse(0);
    }
}
