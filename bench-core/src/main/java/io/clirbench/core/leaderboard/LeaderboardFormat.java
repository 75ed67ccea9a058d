package io.clirbench.core.leaderboard;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;

/** The forms a leaderboard is rendered in, by the name a command line or a request gives ({@code table}, {@code csv}, ...). */
public enum LeaderboardFormat {
    TABLE("table", "text/plain", "txt", LeaderboardText::render),
    CSV("csv", "text/csv", "csv", LeaderboardCsv::render),
    MARKDOWN("md", "text/markdown", "md", LeaderboardMarkdown::render),
    LATEX("latex", "application/x-latex", "tex", LeaderboardLatex::render);

    private final String formatName;
    private final String mediaType;
    private final String extension;
    private final Function<Leaderboard, String> renderer;

    LeaderboardFormat(String formatName, String mediaType, String extension, Function<Leaderboard, String> renderer) {
        this.formatName = formatName;
        this.mediaType = mediaType;
        this.extension = extension;
        this.renderer = renderer;
    }

    /** The format of that name; another name is an {@link IllegalArgumentException} naming it and the valid ones. */
    public static LeaderboardFormat of(String name) {
        return Arrays.stream(values()).filter(f -> f.formatName.equals(name.toLowerCase(Locale.ROOT))).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown leaderboard format '" + name + "': one of "
                        + Arrays.stream(values()).map(LeaderboardFormat::formatName).toList()));
    }

    public String formatName() {
        return formatName;
    }

    public String mediaType() {
        return mediaType;
    }

    /** The file name extension of a download ({@code leaderboard-ID.csv}). */
    public String extension() {
        return extension;
    }

    public String render(Leaderboard board) {
        return renderer.apply(board);
    }
}
