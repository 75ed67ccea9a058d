package io.clirbench.gateway;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** Zips for upload tests. */
public final class TestZips {

    private TestZips() {
    }

    /** The files of {@code dir} (not its sub-directories), each as {@code prefix + name}. */
    public static byte[] zip(Path dir, String prefix) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(bytes); var files = Files.list(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                out.putNextEntry(new ZipEntry(prefix + f.getFileName()));
                out.write(Files.readAllBytes(f));
                out.closeEntry();
            }
        }
        return bytes.toByteArray();
    }

    /** One entry {@code name} holding {@code text}. */
    public static byte[] single(String name, String text) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream out = new ZipOutputStream(bytes)) {
            out.putNextEntry(new ZipEntry(name));
            out.write(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return bytes.toByteArray();
    }
}
