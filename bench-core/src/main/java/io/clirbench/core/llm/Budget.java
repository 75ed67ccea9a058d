package io.clirbench.core.llm;

import java.util.Locale;
import java.util.Map;

/**
 * The build's limits: total tokens ({@code --max-tokens}, prompt plus completion) and total cost in US dollars
 * ({@code --max-cost}, from per-model {@link Price}s); 0 means no limit. Both count every paid call of the build,
 * resumed runs included (they are read from the {@link CallJournal}), so a resumed build keeps the same budget.
 * A call is refused once the spend has reached a limit; the calls already in flight finish, so the spend can pass a
 * limit by at most the concurrency's worth of calls.
 */
public final class Budget {

    private final long maxTokens;
    private final double maxCost;
    private final Map<String, Price> prices;
    private long tokens;
    private double cost;

    public Budget(long maxTokens, double maxCost, Map<String, Price> prices) {
        if (maxTokens < 0 || !(maxCost >= 0)) {
            throw new IllegalArgumentException("budget: --max-tokens and --max-cost must not be negative");
        }
        this.maxTokens = maxTokens;
        this.maxCost = maxCost;
        this.prices = Map.copyOf(prices);
    }

    public static Budget unlimited() {
        return new Budget(0, 0, Map.of());
    }

    public Price price(String model) {
        return prices.getOrDefault(model, Price.FREE);
    }

    public synchronized void spend(String model, LlmReply reply) {
        tokens += reply.promptTokens() + reply.completionTokens();
        cost += price(model).of(reply.promptTokens(), reply.completionTokens());
    }

    /** Throws {@link BudgetExhaustedException} when a limit is reached. */
    public synchronized void checkBeforeCall() {
        if (maxTokens > 0 && tokens >= maxTokens) {
            throw new BudgetExhaustedException(String.format(Locale.ROOT,
                    "the token budget is spent: %,d of --max-tokens %,d", tokens, maxTokens));
        }
        if (maxCost > 0 && cost >= maxCost) {
            throw new BudgetExhaustedException(String.format(Locale.ROOT,
                    "the cost budget is spent: $%.4f of --max-cost $%.4f", cost, maxCost));
        }
    }

    public synchronized long tokens() {
        return tokens;
    }

    public synchronized double cost() {
        return cost;
    }
}
