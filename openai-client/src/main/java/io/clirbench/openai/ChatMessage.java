package io.clirbench.openai;

/** One chat message: {@code role} is {@code system}, {@code user} or {@code assistant}. */
public record ChatMessage(String role, String content) {
}
