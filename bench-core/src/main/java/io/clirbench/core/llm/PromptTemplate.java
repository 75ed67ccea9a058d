package io.clirbench.core.llm;

import io.clirbench.core.io.StrictText;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A prompt file: header lines {@code # id: NAME} and {@code # version: V}, then a {@code [system]} and a {@code [user]}
 * section (either may be absent, not both), with {@code {{name}}} placeholders. The shipped prompts are resources
 * under {@code /io/clirbench/core/construct/prompts/}; a directory given by the user takes precedence, file for file,
 * so a team can adapt a prompt and its hash (of the file's bytes, exactly as read) changes with it.
 *
 * <p>Rendering refuses a placeholder without a value, naming the file and the placeholder; values are inserted
 * as they are (no escaping: prompts are plain text).
 */
public final class PromptTemplate {

    private static final String RESOURCES = "/io/clirbench/core/construct/prompts/";
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{([a-z_]+)}}");

    private final String file;
    private final String id;
    private final String version;
    private final String sha256;
    private final String system;
    private final String user;

    private PromptTemplate(String file, byte[] bytes) {
        this.file = file;
        this.sha256 = sha256(bytes);
        String text;
        try {
            text = StrictText.read(new java.io.ByteArrayInputStream(bytes)).replace("\r\n", "\n");
        } catch (IOException e) { // only StrictText.InvalidUtf8Exception: the bytes are in memory
            throw new IllegalArgumentException(file + " " + e.getMessage(), e); // "x.txt line 4: invalid UTF-8: ..."
        }
        String id = null;
        String version = null;
        StringBuilder system = null;
        StringBuilder user = null;
        StringBuilder current = null;
        int lineNo = 0;
        for (String line : text.split("\n", -1)) {
            lineNo++;
            if (current == null && line.startsWith("# ")) {
                int colon = line.indexOf(':');
                if (colon < 0) {
                    throw new IllegalArgumentException(file + ":" + lineNo + ": a header line is '# key: value', was '" + line + "'");
                }
                String key = line.substring(2, colon).strip();
                String value = line.substring(colon + 1).strip();
                if (key.equals("id")) {
                    id = value;
                } else if (key.equals("version")) {
                    version = value;
                }
            } else if (line.equals("[system]")) {
                system = new StringBuilder();
                current = system;
            } else if (line.equals("[user]")) {
                user = new StringBuilder();
                current = user;
            } else if (current != null) {
                current.append(line).append('\n');
            } else if (!line.isBlank()) {
                throw new IllegalArgumentException(file + ":" + lineNo + ": text before the first [system] or [user] section: '" + line + "'");
            }
        }
        if (id == null || version == null) {
            throw new IllegalArgumentException(file + ": the header must give '# id: ...' and '# version: ...'");
        }
        if (system == null && user == null) {
            throw new IllegalArgumentException(file + ": no [system] or [user] section");
        }
        this.id = id;
        this.version = version;
        this.system = system == null ? null : system.toString().strip();
        this.user = user == null ? null : user.toString().strip();
    }

    /** The shipped template {@code name} (e.g. {@code qac/technical.de.txt}), or the user's file of that name in {@code overrides}. */
    public static PromptTemplate load(String name, Path overrides) {
        if (overrides != null) {
            Path p = overrides.resolve(name);
            if (Files.isRegularFile(p)) {
                try {
                    return new PromptTemplate(p.toString(), Files.readAllBytes(p));
                } catch (IOException e) {
                    throw new IllegalArgumentException(p + ": cannot read the prompt: " + e.getMessage(), e);
                }
            }
        }
        try (InputStream in = PromptTemplate.class.getResourceAsStream(RESOURCES + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no prompt '" + name + "' is shipped" + (overrides == null ? "" : " or in " + overrides));
            }
            return new PromptTemplate("prompts/" + name, in.readAllBytes());
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the shipped prompt " + name, e);
        }
    }

    /** Whether a shipped template (or the user's) of this name exists: e.g. a mode prompt in a given language. */
    public static boolean exists(String name, Path overrides) {
        if (overrides != null && Files.isRegularFile(overrides.resolve(name))) {
            return true;
        }
        return PromptTemplate.class.getResource(RESOURCES + name) != null;
    }

    public String id() {
        return id;
    }

    public String version() {
        return version;
    }

    public String sha256() {
        return sha256;
    }

    /** The messages with every placeholder replaced by its value. */
    public Prompt render(Map<String, String> values) {
        List<LlmMessage> messages = new ArrayList<>(2);
        if (system != null) {
            messages.add(new LlmMessage("system", fill(system, values)));
        }
        if (user != null) {
            messages.add(new LlmMessage("user", fill(user, values)));
        }
        return new Prompt(id, version, sha256, messages);
    }

    private String fill(String text, Map<String, String> values) {
        Matcher m = PLACEHOLDER.matcher(text);
        StringBuilder out = new StringBuilder(text.length() + 256);
        while (m.find()) {
            String value = values.get(m.group(1));
            if (value == null) {
                throw new IllegalArgumentException(file + ": no value for the placeholder {{" + m.group(1) + "}}");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
