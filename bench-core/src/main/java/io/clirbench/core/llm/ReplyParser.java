package io.clirbench.core.llm;

/** Turns a reply's text into what a pipeline needs, or says why it cannot. */
@FunctionalInterface
public interface ReplyParser<T> {

    T parse(String content) throws UnusableReplyException;
}
