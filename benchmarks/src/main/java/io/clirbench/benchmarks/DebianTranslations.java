package io.clirbench.benchmarks;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The parser of the Debian {@code Translation-LL} files (one per language, as
 * {@code benchmarks/fetch-debian-translations.sh} unpacks them), shared by {@link DebianDescriptionsDataset} and
 * {@link ScaleCorpus}.
 *
 * <p>Language tags: {@code pt_BR} is read as {@code pt} and {@code zh_CN} as {@code zh} (the dataset layout takes
 * ISO 639-1 codes); a file for a language that maps onto one already read is refused.
 */
final class DebianTranslations {

    /**
     * One description in one language.
     *
     * @param shortText the first line (the short description), stripped
     * @param longText  the lines after the first, " ." paragraph marks as blank lines, stripped; empty when absent
     */
    record Description(String shortText, String longText) {
    }

    private DebianTranslations() {
    }

    /**
     * Language code (sorted) to description MD5 to description (in file order), from every {@code Translation-*}
     * file (not compressed) in {@code dir}.
     */
    static Map<String, Map<String, Description>> read(Path dir) throws IOException {
        Map<String, Map<String, Description>> byLanguage = new TreeMap<>();
        try (var files = Files.list(dir)) {
            for (Path file : files.sorted().toList()) {
                String name = file.getFileName().toString();
                if (!name.startsWith("Translation-") || name.contains(".")) {
                    continue;
                }
                String lang = language(name.substring("Translation-".length()));
                if (byLanguage.containsKey(lang)) {
                    throw new IllegalArgumentException(file + ": a second file for language '" + lang + "'");
                }
                byLanguage.put(lang, descriptions(file));
            }
        }
        if (!byLanguage.containsKey("en")) {
            throw new IllegalArgumentException(dir + ": no Translation-en (the English descriptions every family needs)");
        }
        return byLanguage;
    }

    private static String language(String suffix) {
        return switch (suffix) {
            case "pt_BR" -> "pt";
            case "zh_CN" -> "zh";
            default -> {
                if (!suffix.matches("[a-z]{2}")) {
                    throw new IllegalArgumentException("Translation-" + suffix + ": no ISO 639-1 code for '" + suffix + "'");
                }
                yield suffix;
            }
        };
    }

    /** The descriptions of one file: paragraphs of {@code Package}, {@code Description-md5}, {@code Description-LL}. */
    private static Map<String, Description> descriptions(Path file) throws IOException {
        Map<String, Description> byMd5 = new LinkedHashMap<>();
        String md5 = null;
        String shortText = null;
        StringBuilder longText = null;
        int lineNumber = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); ; line = in.readLine()) {
                lineNumber++;
                if (line == null || line.isEmpty()) {
                    if (md5 != null && shortText != null) {
                        byMd5.putIfAbsent(md5, new Description(shortText.strip(), longText.toString().strip()));
                    }
                    md5 = null;
                    shortText = null;
                    longText = null;
                    if (line == null) {
                        return byMd5;
                    }
                } else if (line.startsWith("Description-md5: ")) {
                    md5 = line.substring("Description-md5: ".length()).strip();
                } else if (line.startsWith("Description-")) {
                    int colon = line.indexOf(": ");
                    if (colon < 0) {
                        throw new IllegalArgumentException(file + ":" + lineNumber + ": description line without ': ': " + line);
                    }
                    shortText = line.substring(colon + 2);
                    longText = new StringBuilder();
                } else if (line.startsWith(" ") && longText != null) {
                    longText.append(line.equals(" .") ? "\n" : line.substring(1)).append('\n');
                }
            }
        }
    }
}
