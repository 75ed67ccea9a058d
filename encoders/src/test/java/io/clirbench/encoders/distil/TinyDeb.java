package io.clirbench.encoders.distil;

import io.clirbench.core.testing.Peers;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** A real Debian package holding one message catalogue, built with {@code dpkg-deb --build}: input of the distil tests. */
public final class TinyDeb {

    /** msgid -> German msgstr, the pairs a distillation trains on. */
    public static final String[][] MESSAGES = {
            {"cannot open file %s", "Datei %s kann nicht geöffnet werden"},
            {"file not found", "Datei nicht gefunden"},
            {"permission denied", "Zugriff verweigert"},
            {"invalid option", "ungültige Option"},
            {"write error", "Schreibfehler"},
            {"read error", "Lesefehler"},
            {"memory exhausted", "Speicher erschöpft"},
            {"missing operand", "Fehlender Operand"}};

    private TinyDeb() {
    }

    /**
     * Writes {@code debs/tiny-msgs_1.0-1_all.deb} (a German catalogue of {@link #MESSAGES}, plus a header, a plural
     * and an untranslated entry that must be skipped, and a copyright file naming GPL-3+); skips the calling test
     * where {@code dpkg-deb} is missing ({@code Peers.require}).
     */
    public static Path write(Path debs) throws Exception {
        Peers.require(onPath("dpkg-deb"), "dpkg-deb is not installed");
        Path root = debs.resolveSibling("tiny-msgs");
        Files.createDirectories(root.resolve("DEBIAN"));
        Files.writeString(root.resolve("DEBIAN/control"), """
                Package: tiny-msgs
                Version: 1.0-1
                Architecture: all
                Maintainer: clirbench tests <tests@clirbench.invalid>
                Description: a message catalogue for the distil tests
                """);
        Path mo = root.resolve("usr/share/locale/de/LC_MESSAGES/tiny.mo");
        Files.createDirectories(mo.getParent());
        String[][] entries = new String[MESSAGES.length + 3][];
        entries[0] = new String[] {"", "Content-Type: text/plain; charset=UTF-8\n"};
        System.arraycopy(MESSAGES, 0, entries, 1, MESSAGES.length);
        entries[MESSAGES.length + 1] = new String[] {"%d file\0%d files", "%d Datei\0%d Dateien"};
        entries[MESSAGES.length + 2] = new String[] {"untranslated", ""};
        Files.write(mo, mo(entries));
        Path copyright = root.resolve("usr/share/doc/tiny-msgs/copyright");
        Files.createDirectories(copyright.getParent());
        Files.writeString(copyright, "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n\n"
                + "Files: *\nCopyright: nobody\nLicense: GPL-3+\n\nFiles: m4/*\nLicense: FSFULLR\n");
        Files.createDirectories(debs);
        Path deb = debs.resolve("tiny-msgs_1.0-1_all.deb");
        Process p = new ProcessBuilder("dpkg-deb", "--root-owner-group", "--build", root.toString(), deb.toString())
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IllegalStateException("dpkg-deb --build failed: " + output);
        }
        return deb;
    }

    /** A little-endian .mo (GNU gettext manual, "The Format of GNU MO Files"), entries in the given (sorted enough) order. */
    static byte[] mo(String[][] entries) {
        int n = entries.length;
        int offset = 28 + 16 * n;
        ByteBuffer head = ByteBuffer.allocate(offset).order(ByteOrder.LITTLE_ENDIAN);
        head.putInt(0, 0x950412de).putInt(8, n).putInt(12, 28).putInt(16, 28 + 8 * n);
        ByteArrayOutputStream strings = new ByteArrayOutputStream();
        for (int side = 0; side < 2; side++) {
            for (int i = 0; i < n; i++) {
                byte[] s = entries[i][side].getBytes(StandardCharsets.UTF_8);
                head.putInt(28 + 8 * n * side + 8 * i, s.length).putInt(28 + 8 * n * side + 8 * i + 4, offset + strings.size());
                strings.writeBytes(s);
                strings.write(0);
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head.array());
        out.writeBytes(strings.toByteArray());
        return out.toByteArray();
    }

    private static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }
}
