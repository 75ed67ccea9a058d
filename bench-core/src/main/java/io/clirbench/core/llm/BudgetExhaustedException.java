package io.clirbench.core.llm;

/** The build reached {@code --max-tokens} or {@code --max-cost}: no further paid call is made. */
public final class BudgetExhaustedException extends RuntimeException {

    public BudgetExhaustedException(String message) {
        super(message);
    }
}
