package io.clirbench.cli.retrieval;

import io.clirbench.cli.StackOptions;
import io.clirbench.cli.TokenOption;
import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.cli.gateway.GatewayClient;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code bench dataset list|delete}: the gateway's registered datasets. */
@Command(name = "dataset", mixinStandardHelpOptions = true, description = "Lists or deletes the gateway's registered datasets.",
        subcommands = {DatasetCommand.ListDatasets.class, DatasetCommand.DeleteDataset.class})
public class DatasetCommand {

    /** Options every subcommand takes: the stack, its token, the gateway URL. */
    static class Target {
        @Mixin
        StackOptions stack;

        @Mixin
        TokenOption tokenOption;

        @Option(names = "--gateway", paramLabel = "URL", description = "Gateway URL (default: the running local stack's).")
        String gatewayUrl;

        GatewayClient client() {
            return new GatewayClient(gatewayUrl != null ? gatewayUrl : stack.gatewayUrl(), tokenOption.resolve(stack));
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "Prints id, version, documents, queries, content hash and location.")
    static final class ListDatasets implements Callable<Integer> {
        @Mixin
        Target target;

        @Override
        public Integer call() {
            for (JsonNode d : target.client().datasets()) {
                System.out.printf(Locale.ROOT, "%s\t%s\t%,d documents\t%,d queries\t%s\t%s%n", d.path("id").asText(),
                        d.path("version").asText(), d.path("documents").asInt(), d.path("queries").asInt(),
                        d.path("contentHash").isNull() ? "(no hash yet)" : d.path("contentHash").asText(),
                        d.path("location").asText());
            }
            return 0;
        }
    }

    @Command(name = "delete", mixinStandardHelpOptions = true, description = "Removes a registration; the files are deleted "
            + "only when they were uploaded into the gateway's data directory, never a directory registered by path.")
    static final class DeleteDataset implements Callable<Integer> {
        @Mixin
        Target target;

        @Parameters(paramLabel = "ID", description = "The dataset id.")
        String id;

        @Override
        public Integer call() {
            JsonNode deleted = target.client().deleteDataset(id);
            System.out.println("deleted dataset " + deleted.path("id").asText() + " " + deleted.path("version").asText()
                    + ": " + deleted.path("note").asText());
            return 0;
        }
    }
}
