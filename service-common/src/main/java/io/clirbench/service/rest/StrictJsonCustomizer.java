package io.clirbench.service.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.core.io.StrictJson;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

/** Request bodies are read strictly (bench-core's {@link StrictJson}); failures reach {@link ProblemMapper}. */
@Singleton
public class StrictJsonCustomizer implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        StrictJson.configure(mapper);
    }
}
