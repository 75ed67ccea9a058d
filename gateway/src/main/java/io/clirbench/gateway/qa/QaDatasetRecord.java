package io.clirbench.gateway.qa;

/** A registered QA dataset: where it lies and how many instances it has. */
public record QaDatasetRecord(String id, String version, String name, String location, int instances, long registeredAt) {
}
