package io.clirbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code bench run --reevaluate RUN}: asks the gateway to evaluate an ended run again ({@code POST
 * /api/runs/RUN/reevaluate}) and follows it like a submitted run, with the same summary and exit codes; it takes none
 * of a new run's options. The gateway is {@link PlugInGateway}, which answers the endpoint as the gateway does.
 */
class RunReevaluateCommandTest {

    private static final Path DATASET = Path.of(System.getProperty("project.root", "..")).resolve("datasets/xquad-clir")
            .toAbsolutePath().normalize();

    private static PlugInGateway gateway;

    @BeforeAll
    static void start() throws Exception {
        gateway = new PlugInGateway();
    }

    /** A run submitted and followed to COMPLETED: its id and what the follow printed. */
    private static Map.Entry<String, String> completedRun() {
        BenchRun run = BenchRun.of("run", "--gateway", gateway.url(), "--token", "t", "--dataset", DATASET.toString(),
                "--retriever", "random(7)", "--depth", "10", "--bootstrap", "0");
        assertThat(run.code()).as(run.err()).isZero();
        Matcher id = Pattern.compile("/runs/(run-\\d+)").matcher(run.out());
        assertThat(id.find()).isTrue();
        return Map.entry(id.group(1), run.out());
    }

    @AfterAll
    static void stop() {
        gateway.close();
    }

    @Test
    void aCompletedRunIsEvaluatedAgainAndFollowedToItsSummary() {
        Map.Entry<String, String> first = completedRun();
        String completed = first.getKey();
        BenchRun again = BenchRun.of("run", "--gateway", gateway.url(), "--token", "t", "--reevaluate", completed);
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(again.err()).contains("run " + completed + " is evaluated again (nothing searched again): "
                + gateway.url() + "/runs/" + completed);
        assertThat(again.err()).contains("evaluating", "100% completed");
        // what the first follow printed: the same report's summary and link
        assertThat(again.out()).contains("random(7)", "report: " + gateway.url() + "/runs/" + completed);
        assertThat(again.out()).isEqualTo(first.getValue());
    }

    @Test
    void noFollowPrintsTheIdAndReturns() {
        String completed = completedRun().getKey();
        BenchRun again = BenchRun.of("run", "--gateway", gateway.url(), "--token", "t", "--reevaluate", completed, "--no-follow");
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(again.out().strip()).isEqualTo(completed);
    }

    @Test
    void theGatewaysRefusalsAreErrorsNamingTheRunAndItsState() {
        BenchRun running = BenchRun.of("run", "--gateway", gateway.url(), "--token", "t", "--dataset", DATASET.toString(),
                "--retriever", "random(7)", "--depth", "10", "--bootstrap", "0", "--no-follow");
        String id = running.out().strip();
        BenchRun refused = BenchRun.of("run", "--gateway", gateway.url(), "--token", "t", "--reevaluate", id);
        assertThat(refused.code()).isEqualTo(1);
        assertThat(refused.err()).contains("409", "run '" + id + "' is RUNNING; only a COMPLETED or FAILED run can be evaluated again");

        BenchRun unknown = BenchRun.of("run", "--gateway", gateway.url(), "--token", "t", "--reevaluate", "no-such-run");
        assertThat(unknown.code()).isEqualTo(1);
        assertThat(unknown.err()).contains("404", "no run 'no-such-run'");
    }

    @Test
    void reevaluateTakesNoOptionOfANewRun() {
        String completed = "run-1";
        BenchRun both = BenchRun.of("run", "--gateway", gateway.url(), "--token", "t", "--reevaluate", completed,
                "--dataset", DATASET.toString(), "--retriever", "bm25");
        assertThat(both.code()).isEqualTo(2);
        assertThat(both.err()).contains("--reevaluate " + completed + " evaluates an existing run again: it takes no "
                + "--dataset, --retriever (those are for a new run)");

        BenchRun neither = BenchRun.of("run", "--gateway", gateway.url(), "--token", "t");
        assertThat(neither.code()).isEqualTo(2);
        assertThat(neither.err()).contains("Missing required option: '--dataset=DIR|ID'", "--reevaluate RUN");
    }
}
