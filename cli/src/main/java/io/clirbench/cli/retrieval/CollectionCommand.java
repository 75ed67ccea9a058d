package io.clirbench.cli.retrieval;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code bench collection delete NAME}: drops an index-service collection through the gateway. */
@Command(name = "collection", mixinStandardHelpOptions = true, description = "Deletes index-service collections.",
        subcommands = {CollectionCommand.DeleteCollection.class})
public class CollectionCommand {

    @Command(name = "delete", mixinStandardHelpOptions = true, description = "Drops a collection (e.g. xquad-clir__bm25, "
            + "xquad-clir__e5-small-v2__exact); the next run on it fills it again.")
    static final class DeleteCollection implements Callable<Integer> {
        @Mixin
        DatasetCommand.Target target;

        @Parameters(paramLabel = "NAME", description = "The collection name: <dataset>__bm25 or <dataset>__<model>__<index>.")
        String name;

        @Override
        public Integer call() {
            JsonNode dropped = target.client().deleteCollection(name);
            System.out.println("deleted collection " + dropped.path("name").asText() + " (" + dropped.path("count").asLong()
                    + " vectors, " + dropped.path("textCount").asLong() + " texts)");
            return 0;
        }
    }
}
