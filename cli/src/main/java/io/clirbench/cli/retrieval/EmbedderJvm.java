package io.clirbench.cli.retrieval;

import io.clirbench.cli.StackOptions;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A JVM on the packaged embedder's class path, for commands whose work is the embedder's own code ({@code bench model
 * add}, {@code bench distil}), so that a model is read and run exactly as an embedder will.
 */
final class EmbedderJvm {

    static final String BUILD = "./mvnw -q package -DskipTests -pl embedder-service -am";

    private EmbedderJvm() {
    }

    /** The packaged embedder ({@code embedder-service/target/quarkus-app}); null when it has not been built. */
    static Path app() {
        Path app = StackOptions.home().resolve("embedder-service/target/quarkus-app");
        return Files.isDirectory(app.resolve("lib/main")) ? app : null;
    }

    /** The command line running {@code mainClass} with {@code args} on {@code app}'s class path. */
    static List<String> command(Path app, String heap, String mainClass, List<String> args) {
        String classpath = String.join(File.pathSeparator, app.resolve("app") + File.separator + "*",
                app.resolve("lib/main") + File.separator + "*", app.resolve("lib/boot") + File.separator + "*");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                heap, "--enable-native-access=ALL-UNNAMED", "-Dai.djl.offline=true",
                "-Djava.util.logging.manager=org.jboss.logmanager.LogManager", "-cp", classpath, mainClass));
        command.addAll(args);
        return command;
    }

    /** Runs the command with this process's terminal; its exit status. */
    static int run(List<String> command) throws Exception {
        return new ProcessBuilder(command).inheritIO().start().waitFor();
    }
}
