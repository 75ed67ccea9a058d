package io.clirbench.core.llm.step;

import io.clirbench.core.llm.LlmMessage;
import io.clirbench.core.llm.Price;
import io.clirbench.core.llm.Prompt;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every build's dry run: no call; per role the calls (per prompt file) and the bound with retries, an example of each
 * prompt file as it is sent, and a cost estimate from the models' prices. How the estimate is made is printed with it:
 * prompt tokens are ⌈characters ÷ 4⌉ of each rendered prompt (OpenAI's rule of thumb for English; Chinese, Japanese or
 * Thai text takes more tokens per character), reply tokens as each step expects, first attempts only.
 */
public final class DryRun {

    /** What one role would be asked. */
    public record RoleEstimate(String role, String model, long calls, Map<String, Long> perPrompt, long promptTokens,
                               long replyTokens, Price price, boolean priced, boolean atMost) {

        public double cost() {
            return price.of(promptTokens, replyTokens);
        }
    }

    private final Map<String, RoleEstimate> roles;
    private final Map<String, Prompt> examples;
    private final Map<String, String> exampleUnits;

    private DryRun(Map<String, RoleEstimate> roles, Map<String, Prompt> examples, Map<String, String> exampleUnits) {
        this.roles = roles;
        this.examples = examples;
        this.exampleUnits = exampleUnits;
    }

    /** The estimated tokens of a text: ⌈characters ÷ 4⌉, characters counted as Unicode code points. */
    public static long tokens(String text) {
        return (text.codePointCount(0, text.length()) + 3) / 4;
    }

    /** The estimated prompt tokens of a rendered prompt: {@link #tokens} of every message's content, summed. */
    public static long tokens(Prompt prompt) {
        long n = 0;
        for (LlmMessage m : prompt.messages()) {
            n += tokens(m.content());
        }
        return n;
    }

    /**
     * Plans {@code steps}: {@code models} names the model of each role (a role missing: "unknown"), {@code prices} the
     * price of each model (a model missing: counted as free, and said so).
     */
    public static DryRun of(List<? extends BuildStep<?, ?>> steps, Map<String, String> models, Map<String, Price> prices) {
        Map<String, long[]> tally = new TreeMap<>();
        Map<String, Map<String, Long>> perPrompt = new TreeMap<>();
        Map<String, Boolean> atMost = new TreeMap<>();
        Map<String, Prompt> examples = new LinkedHashMap<>();
        Map<String, String> units = new LinkedHashMap<>();
        for (BuildStep<?, ?> step : steps) {
            plan(step, tally, perPrompt, atMost, examples, units);
        }
        Map<String, RoleEstimate> roles = new LinkedHashMap<>();
        tally.forEach((role, t) -> {
            String model = models.getOrDefault(role, "unknown");
            Price price = prices.get(model);
            roles.put(role, new RoleEstimate(role, model, t[0], perPrompt.get(role), t[1], t[2], price == null ? Price.FREE : price,
                    price != null, atMost.get(role)));
        });
        return new DryRun(roles, examples, units);
    }

    private static <U> void plan(BuildStep<U, ?> step, Map<String, long[]> tally, Map<String, Map<String, Long>> perPrompt,
                                 Map<String, Boolean> atMost, Map<String, Prompt> examples, Map<String, String> units) {
        for (U unit : step.units()) {
            for (PlannedCall c : step.plan(unit)) {
                long[] t = tally.computeIfAbsent(c.role(), r -> new long[3]);
                t[0]++;
                t[1] += tokens(c.prompt());
                t[2] += c.replyTokens();
                perPrompt.computeIfAbsent(c.role(), r -> new TreeMap<>()).merge(c.prompt().templateId(), 1L, Long::sum);
                atMost.merge(c.role(), step.atMost(), Boolean::logicalOr);
                if (!examples.containsKey(c.prompt().templateId())) {
                    examples.put(c.prompt().templateId(), c.prompt());
                    units.put(c.prompt().templateId(), step.name() + " " + step.label(unit));
                }
            }
        }
    }

    /** Per role, in role order. */
    public Map<String, RoleEstimate> roles() {
        return roles;
    }

    /** The whole estimate in US dollars. */
    public double cost() {
        return roles.values().stream().mapToDouble(RoleEstimate::cost).sum();
    }

    /** The dry run as printed: the calls per role, the estimate and how it is made, then one example of each prompt. */
    public String render(String command, int maxAttempts, List<String> notes) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%s --dry-run: no call is made.%n", command));
        for (RoleEstimate r : roles.values()) {
            sb.append(String.format(Locale.ROOT, "%s: %s%,d calls (per prompt: %s), up to %,d with retries of unusable replies%n",
                    r.role(), r.atMost() ? "at most " : "", r.calls(), r.perPrompt(), r.calls() * maxAttempts));
        }
        notes.forEach(n -> sb.append(n).append(System.lineSeparator()));
        sb.append(String.format(Locale.ROOT, "cost estimate: $%.4f%n", cost()));
        for (RoleEstimate r : roles.values()) {
            sb.append(String.format(Locale.ROOT, "  %s (%s): ~%,d prompt + ~%,d reply tokens, %s%n", r.role(), r.model(),
                    r.promptTokens(), r.replyTokens(), r.priced() ? String.format(Locale.ROOT, "$%.4f at $%s/$%s per million "
                            + "input/output tokens", r.cost(), plain(r.price().inputPerMTok()), plain(r.price().outputPerMTok()))
                            : "no price for this model in models.json (\"prices\"), counted as $0"));
        }
        sb.append(String.format(Locale.ROOT, "  how: prompt tokens = ⌈characters ÷ 4⌉ of each prompt as it would be sent (OpenAI's "
                + "rule of thumb for English; Chinese, Japanese or Thai take more per character); reply tokens as each step "
                + "expects; cost = tokens × the model's price. First attempts only: a retry sends the prompt again with the "
                + "unusable reply, so with --max-attempts %d the cost can reach about %d times this.%n", maxAttempts, maxAttempts));
        examples.forEach((id, p) -> {
            String unit = exampleUnits.get(id).strip();
            sb.append(String.format(Locale.ROOT, "%n--- %s (version %s, sha256 %s)%s:%n", id, p.version(), p.sha256(),
                    unit.isEmpty() ? "" : ", for " + unit));
            p.messages().forEach(m -> sb.append('[').append(m.role()).append("]\n").append(m.content()).append('\n'));
        });
        return sb.toString();
    }

    private static String plain(double v) {
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }
}
