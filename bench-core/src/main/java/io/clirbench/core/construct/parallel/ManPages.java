package io.clirbench.core.construct.parallel;

import io.clirbench.core.dataset.LanguageCheck;
import io.clirbench.core.io.BoundedInflation;
import io.clirbench.core.io.StrictText;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Translated manual pages as a parallel corpus: {@code SOURCE/LANG/PAGE.SECTION.gz} (roff, gzipped, as Debian ships
 * them under {@code /usr/share/man/[LANG/]manN/}), one family per page name and section. Per version: the heading is
 * the NAME section's short description (after the first {@code " - "}, or en or em dash: the page's names are left out so that a
 * query does not match a document by its command name); the text is every other section, except the translators'
 * credits section that manpages-l10n appends ({@link #CREDITS}), cut to {@link #MAX_CHARS} characters at a space.
 * A page that is only a {@code .so} link or a symbolic link, or whose NAME section has no description, is skipped. A page
 * is read as strict UTF-8, at most {@link #MAX_PAGE_BYTES} inflated.
 */
public final class ManPages {

    /** The text kept per document (the first characters of the page after its NAME section). */
    public static final int MAX_CHARS = 4000;
    /** The inflated bytes read of one page at most: the longest Debian pages are well under 1 MiB. */
    public static final int MAX_PAGE_BYTES = 16 << 20;
    /** Headings of manpages-l10n's translator-credits section, per language. */
    static final Set<String> CREDITS = Set.of("ÜBERSETZUNG", "TRADUCTION", "TRADUCCIÓN", "TRADUZIONE", "TRADUÇÃO", "COLOPHON");

    /** The NAME line's separator: {@code \-} (a hyphen), or the en or em dash some translations write. */
    static final java.util.regex.Pattern NAME_DASH = java.util.regex.Pattern.compile(" [-–—] ");

    private ManPages() {
    }

    /**
     * Every usable page version under {@code source}, sorted by family then language. A symbolic link is not followed (it
     * is skipped, as a {@code .so} page is: an alias of another page), nor is anything but a regular file read.
     */
    public static List<ParallelVersion> read(Path source) {
        List<ParallelVersion> out = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> s = Files.walk(source)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".gz") && regularFile(p)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(source + ": " + e.getMessage(), e);
        }
        for (Path f : files) {
            String dir = source.relativize(f).getName(0).toString();
            if (LanguageCheck.problem(dir) != null) {
                throw new IllegalArgumentException(f + ": the first directory under " + source + " must be a language tag ("
                        + LanguageCheck.problem(dir) + ")");
            }
            String lang = io.clirbench.core.model.LanguageTag.canonical(dir); // Debian's pt_BR is pt-BR
            String family = f.getFileName().toString().replaceFirst("\\.gz$", "");
            String problem = ParallelVersion.familyProblem(family);
            if (problem != null) {
                throw new IllegalArgumentException(f + ": the page name " + problem);
            }
            ParallelVersion v = version(family, lang, gunzip(f));
            if (v != null) {
                out.add(v);
            }
        }
        out.sort(java.util.Comparator.comparing(ParallelVersion::family).thenComparing(ParallelVersion::lang));
        return out;
    }

    private static boolean regularFile(Path p) {
        try {
            return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isRegularFile();
        } catch (IOException e) {
            throw new UncheckedIOException(p + ": " + e.getMessage(), e);
        }
    }

    static ParallelVersion version(String family, String lang, String roff) {
        if (roff.startsWith(".so ")) {
            return null;
        }
        List<RoffText.Section> sections = RoffText.sections(roff);
        if (sections.isEmpty()) {
            return null;
        }
        String name = sections.get(0).text().replace('\n', ' ');
        java.util.regex.Matcher dashes = NAME_DASH.matcher(name);
        if (!dashes.find() || name.substring(dashes.end()).isBlank()) {
            return null;
        }
        StringBuilder text = new StringBuilder();
        for (RoffText.Section s : sections.subList(1, sections.size())) {
            if (!CREDITS.contains(s.heading().toUpperCase(java.util.Locale.ROOT))) {
                text.append(s.heading()).append('\n').append(s.text()).append("\n\n");
            }
        }
        return new ParallelVersion(family, lang, name.substring(dashes.end()).strip(), cut(text.toString().strip()));
    }

    static String cut(String text) {
        if (text.length() <= MAX_CHARS) {
            return text;
        }
        int end = text.lastIndexOf(' ', MAX_CHARS);
        return text.substring(0, end > MAX_CHARS / 2 ? end : MAX_CHARS).strip();
    }

    /**
     * The page's text: inflated within {@link BoundedInflation}'s ratio and at most {@link #MAX_PAGE_BYTES}, decoded as
     * strict UTF-8 (issue 45: a gzip bomb was an OutOfMemoryError, a Latin-1 byte became U+FFFD in a query).
     */
    private static String gunzip(Path f) {
        byte[] bytes;
        try (InputStream in = BoundedInflation.gunzip(Files.newInputStream(f))) {
            bytes = in.readNBytes(MAX_PAGE_BYTES + 1);
        } catch (IOException e) {
            throw new UncheckedIOException(f + ": not a readable gzipped man page: " + e.getMessage(), e);
        }
        if (bytes.length > MAX_PAGE_BYTES) {
            throw new IllegalArgumentException(f + ": inflates to more than " + MAX_PAGE_BYTES + " bytes (the page limit)");
        }
        try {
            return StrictText.read(new ByteArrayInputStream(bytes));
        } catch (StrictText.InvalidUtf8Exception e) {
            throw new IllegalArgumentException(f + " " + e.getMessage(), e); // "ls.1.gz line 3: invalid UTF-8: ..."
        } catch (IOException e) {
            throw new UncheckedIOException(f + ": " + e.getMessage(), e); // not thrown by a byte array
        }
    }
}
