package io.clirbench.cli.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.openai.ChatCompletion;
import io.clirbench.openai.ChatCompletionsClient;
import io.clirbench.openai.ChatPolicy;
import io.clirbench.openai.ChatRequest;
import java.io.IOException;
import java.time.Duration;

/**
 * The LLM agent loop for one question: the model gets our prompt (BrowseComp-Plus's answer format: Explanation
 * with {@code [docid]} citations, Exact Answer, Confidence) and the two tools as functions; each tool call it makes
 * is run on {@link SearchTools} and its result (or the server's refusal) goes back as a {@code tool} message, until
 * it answers without a tool call, or the turn or token limit ends the question without an answer. An oracle question
 * ({@link #answerFromPrompt}) is one completion without tools. Every completion carries the run's reasoning effort
 * when one is set. The completions come from the openai-client module's one {@link ChatCompletionsClient}.
 */
public final class LlmAgent {

    static final String SYSTEM_PROMPT = """
            You are a careful research assistant. Answer the user's question using only the document collection \
            that the `search` tool searches; its documents may be written in other languages than the question. \
            Search as often as you need, with different wordings and, where it helps, in other languages; read a \
            document in full with `get_document` when its snippet is not enough. Cite every document that supports \
            your answer by its docid in square brackets, for example [doc42].
            When you are done, reply in exactly this format:
            Explanation: {your reasoning, citing [docid] for each supporting document}
            Exact Answer: {your short final answer}
            Confidence: {your confidence in the answer, 0% to 100%}""";

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * The agent's chat policy: the one policy's defaults with {@code attempts} tries, 1 s first backoff, 5 min per try
     * (long tool-calling completions) and errors that quote 200 characters of the endpoint's body (the user's own
     * endpoint: its words help them fix a model name or key).
     */
    public static ChatPolicy policy(int attempts) {
        return ChatPolicy.DEFAULTS.withAttempts(attempts).withFirstBackoff(Duration.ofSeconds(1)).withTimeout(Duration.ofMinutes(5))
                .quotingBodies(200);
    }

    /** Limits of one question. */
    public record Limits(int maxTurns, int maxTokens, int maxCompletionTokens) {
    }

    /**
     * What happened to one question.
     *
     * @param answer the final text, {@code null} when a limit ended it first
     * @param turns  completions requested
     * @param tokens {@code usage.total_tokens} summed
     * @param calls  tool calls run
     * @param ended  {@code answered}, {@code turn limit} or {@code token limit}
     */
    public record Outcome(String answer, int turns, int tokens, int calls, String ended) {
    }

    private final ChatCompletionsClient chat;
    private final Limits limits;
    private final String reasoningEffort;

    public LlmAgent(ChatCompletionsClient chat, Limits limits) {
        this(chat, limits, null);
    }

    /** {@code reasoningEffort}: sent as {@code reasoning_effort} with every completion ({@code null}: not sent). */
    public LlmAgent(ChatCompletionsClient chat, Limits limits, String reasoningEffort) {
        this.chat = chat;
        this.limits = limits;
        this.reasoningEffort = reasoningEffort;
    }

    /**
     * An oracle question (METRICS.md §5 "Oracle settings"): {@code prompt} (the oracle template with the question and the
     * evidence documents, {@code OraclePrompt}) as the one user message, no tools, one completion; its text is the answer.
     */
    public Outcome answerFromPrompt(String prompt) throws InterruptedException {
        ArrayNode messages = JSON.createArrayNode();
        messages.addObject().put("role", "user").put("content", prompt);
        ChatCompletion response = chat.complete(ChatRequest.of(messages).withMaxTokens(limits.maxCompletionTokens())
                .withReasoningEffort(reasoningEffort));
        return new Outcome(response.message().path("content").asText(""), 1, response.totalTokens(), 0, "answered");
    }

    public Outcome answer(String question, SearchTools tools) throws InterruptedException {
        ArrayNode messages = JSON.createArrayNode();
        messages.addObject().put("role", "system").put("content", SYSTEM_PROMPT);
        messages.addObject().put("role", "user").put("content", question);
        int tokens = 0;
        int calls = 0;
        for (int turn = 1; turn <= limits.maxTurns(); turn++) {
            ChatCompletion response = chat.complete(ChatRequest.of(messages).withTools(toolDefinitions())
                    .withMaxTokens(limits.maxCompletionTokens()).withReasoningEffort(reasoningEffort));
            tokens += response.totalTokens();
            JsonNode message = response.message();
            JsonNode toolCalls = message.path("tool_calls");
            if (!toolCalls.isArray() || toolCalls.isEmpty()) {
                return new Outcome(message.path("content").asText(""), turn, tokens, calls, "answered");
            }
            ObjectNode assistant = messages.addObject().put("role", "assistant");
            assistant.set("content", message.path("content").isTextual() ? message.get("content") : JSON.nullNode());
            assistant.set("tool_calls", toolCalls);
            for (JsonNode call : toolCalls) {
                messages.addObject().put("role", "tool").put("tool_call_id", call.path("id").asText())
                        .put("content", run(call.path("function"), tools));
                calls++;
            }
            if (tokens >= limits.maxTokens()) {
                return new Outcome(null, turn, tokens, calls, "token limit");
            }
        }
        return new Outcome(null, limits.maxTurns(), tokens, calls, "turn limit");
    }

    /** Runs one function call; a refusal or bad arguments become the tool message, so the model can correct itself. */
    private static String run(JsonNode function, SearchTools tools) {
        String name = function.path("name").asText();
        JsonNode args;
        try {
            args = JSON.readTree(function.path("arguments").asText("{}"));
        } catch (IOException e) {
            return "error: the arguments of " + name + " are not JSON: " + e.getMessage();
        }
        try {
            return switch (name) {
                case "search" -> tools.search(args.path("query").asText(""));
                case "get_document" -> tools.getDocument(args.path("docid").asText(""));
                default -> "error: there is no tool '" + name + "'; the tools are search and get_document";
            };
        } catch (SearchTools.ToolError e) {
            return "error: " + e.getMessage();
        }
    }

    static ArrayNode toolDefinitions() {
        ArrayNode tools = JSON.createArrayNode();
        tools.add(function("search", "Search the document collection. Returns the top documents as a JSON list of "
                + "{docid, score, snippet}.", "query", "The search query."));
        tools.add(function("get_document", "Read one document in full. Returns {docid, text}.", "docid",
                "A docid returned by search."));
        return tools;
    }

    private static ObjectNode function(String name, String description, String parameter, String parameterDescription) {
        ObjectNode tool = JSON.createObjectNode().put("type", "function");
        ObjectNode f = tool.putObject("function").put("name", name).put("description", description);
        ObjectNode params = f.putObject("parameters").put("type", "object");
        params.putObject("properties").putObject(parameter).put("type", "string").put("description", parameterDescription);
        params.putArray("required").add(parameter);
        return tool;
    }
}
