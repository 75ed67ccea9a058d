package io.clirbench.cli.gateway.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** One encoder as {@code GET /api/encoders} lists it, the field the CLI reads: its model id. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record EncoderView(String modelId) {
}
