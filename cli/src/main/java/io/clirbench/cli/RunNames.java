package io.clirbench.cli;

import java.nio.file.Path;

/** Names a run after its file: {@code runs/bm25.trec.gz} is {@code bm25}. */
public final class RunNames {

    private RunNames() {
    }

    public static String of(Path file) {
        String name = file.getFileName().toString();
        if (name.endsWith(".gz")) {
            name = name.substring(0, name.length() - 3);
        }
        for (String extension : new String[] {".trec", ".run", ".txt", ".tsv"}) {
            if (name.endsWith(extension) && name.length() > extension.length()) {
                return name.substring(0, name.length() - extension.length());
            }
        }
        return name;
    }
}
