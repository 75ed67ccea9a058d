/**
 * The optional reader of a QA run: {@link io.clirbench.gateway.qa.reader.QaReader} asks the configured reader through
 * the openai-client module's one chat client (bounded concurrency, retries with backoff on 429/5xx and timeouts), and
 * {@link io.clirbench.gateway.qa.reader.ReaderPrompt} builds the prompt from the selected (or gold) sentences.
 * {@link io.clirbench.gateway.qa.reader.ReaderCatalog} holds the readers a run may name, from configuration only: a run
 * never gives a URL, and a reader's error names the reader and the status, never what it answered.
 */
package io.clirbench.gateway.qa.reader;
