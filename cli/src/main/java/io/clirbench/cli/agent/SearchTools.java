package io.clirbench.cli.agent;

/** The two tools of an agent run, for one question: each returns the tool's JSON text, or throws {@link ToolError}. */
public interface SearchTools extends AutoCloseable {

    /** {@code search(query)}: a JSON list of {@code {docid, score, snippet}}. */
    String search(String query);

    /** {@code get_document(docid)}: {@code {docid, text}}. */
    String getDocument(String docid);

    @Override
    void close();

    /** A call the server refused (MCP tool error): the message says why; the agent may see it and go on. */
    final class ToolError extends RuntimeException {
        public ToolError(String message) {
            super(message);
        }
    }
}
