package io.clirbench.gateway.rest;

import io.clirbench.gateway.config.GatewayConfig;
import io.clirbench.gateway.error.InvalidField;
import io.clirbench.gateway.error.RequestRejectedException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Refuses a request body over its limit before it is read: {@code gateway.request.max-json-bytes}
 * for every body but a zip upload, whose limit ({@code gateway.upload.max-bytes}) the
 * {@link io.clirbench.gateway.dataset.ZipUnpacker} counts as it arrives. A body other than a zip sent in chunks
 * (no Content-Length) is refused, so that every body read into memory is bounded.
 */
public class RequestLimits {

    private final GatewayConfig config;

    RequestLimits(GatewayConfig config) {
        this.config = config;
    }

    @ServerRequestFilter(preMatching = true)
    public void checkLength(ContainerRequestContext request) {
        int length = request.getLength();
        MediaType type = request.getMediaType();
        boolean zip = type != null && "zip".equals(type.getSubtype());
        long max = zip ? config.upload().maxBytes() : config.request().maxJsonBytes();
        if (!zip && length < 0 && request.getHeaderString("Transfer-Encoding") != null) {
            // a chunked JSON body's size is known only once read; refused before reading, so that no body can
            // grow past gateway.request.max-json-bytes in memory (zip uploads are counted as they stream)
            throw RequestRejectedException.invalid("a JSON request body needs a Content-Length (chunked bodies are refused)",
                    List.of(new InvalidField("body", null, "sent without Content-Length")));
        }
        if (length > max) {
            String key = zip ? "gateway.upload.max-bytes" : "gateway.request.max-json-bytes";
            throw RequestRejectedException.tooLarge("request body of " + length + " bytes is larger than " + key + " = "
                    + max + " bytes", List.of(new InvalidField("body", null, "more than " + max + " bytes")));
        }
    }
}
