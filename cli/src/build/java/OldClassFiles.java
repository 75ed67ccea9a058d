import java.io.IOException;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassFileVersion;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeTransform;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Enumeration;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * Build step of cli/target/bench.jar (JDK 24 or newer, run by the cli pom after the shade plugin): rewrites the class
 * files older than Java 6 (major version below 50: picocli's, compiled for Java 5) as Java 8 class files with stack
 * maps, the same instructions otherwise. A JDK 25 AOT cache (JEP 483) cannot hold classes that need the old
 * verifier; picocli's 180-odd classes were then read and verified from the jar on every start of {@code bench}, about
 * a quarter of a short command's time (benchmarks/README.md, "Start-up of the command"). Other entries are copied as
 * they are. Usage: {@code java OldClassFiles.java JAR} (rewritten in place; a jar without old classes is left alone).
 */
public final class OldClassFiles {

    private static final int JAVA_6 = 50;
    private static final int JAVA_8 = 52;

    public static void main(String[] args) throws IOException {
        Path jar = Path.of(args[0]);
        Path rewritten = jar.resolveSibling(jar.getFileName() + ".tmp");
        int count = 0;
        try (ZipFile in = new ZipFile(jar.toFile());
                URLClassLoader classes = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null);
                ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(rewritten))) {
            // stack maps name the common super type of two branches: resolved from the jar, then the JDK
            ClassFile classFile = ClassFile.of(ClassFile.StackMapsOption.GENERATE_STACK_MAPS,
                    ClassFile.ClassHierarchyResolverOption.of(ClassHierarchyResolver.defaultResolver()
                            .orElse(ClassHierarchyResolver.ofResourceParsing(classes))));
            for (Enumeration<? extends ZipEntry> entries = in.entries(); entries.hasMoreElements(); ) {
                ZipEntry entry = entries.nextElement();
                byte[] bytes = in.getInputStream(entry).readAllBytes();
                if (entry.getName().endsWith(".class") && bytes.length > 8 && majorVersion(bytes) < JAVA_6) {
                    bytes = classFile.transformClass(classFile.parse(bytes),
                            ClassTransform.transformingMethodBodies(CodeTransform.ACCEPT_ALL).andThen((builder, element) -> {
                                if (element instanceof ClassFileVersion) {
                                    builder.withVersion(JAVA_8, 0);
                                } else {
                                    builder.with(element);
                                }
                            }));
                    count++;
                }
                ZipEntry copy = new ZipEntry(entry.getName());
                copy.setTime(entry.getTime());
                out.putNextEntry(copy);
                out.write(bytes);
                out.closeEntry();
            }
        }
        if (count == 0) {
            Files.delete(rewritten);
        } else {
            Files.move(rewritten, jar, StandardCopyOption.REPLACE_EXISTING);
        }
        System.out.printf("%s: %d class files older than Java 6 rewritten as Java 8 with stack maps%n", jar, count);
    }

    private static int majorVersion(byte[] classFile) {
        return ((classFile[6] & 0xff) << 8) | (classFile[7] & 0xff);
    }

    private OldClassFiles() {
    }
}
