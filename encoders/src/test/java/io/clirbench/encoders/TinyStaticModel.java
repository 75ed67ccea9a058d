package io.clirbench.encoders;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A hand-made static model: three tokens of dimension 2, written as {@code bench distil} writes one.
 * <pre>
 *   file  = (2, 0)
 *   datei = (0, 2)
 *   open  = (0, 4)
 * </pre>
 * "Open the FILE" -> tokens open, the, file ("the" unknown, dropped) -> mean (1, 2) -> normalised (1, 2)/sqrt(5)
 * = (0.447214, 0.894427). "Datei" -> (0, 2) -> (0, 1). "nothing known" -> the zero vector.
 */
public final class TinyStaticModel {

    public static final float[] OPEN_THE_FILE = {0.447214f, 0.894427f};

    private TinyStaticModel() {
    }

    /** Writes model.json, vocabulary.txt and weights.f32 into {@code dir}; returns the card. */
    public static Path write(Path dir) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("vocabulary.txt"), "file\ndatei\nopen\n");
        ByteBuffer w = ByteBuffer.allocate(6 * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (float x : new float[] {2, 0, 0, 2, 0, 4}) {
            w.putFloat(x);
        }
        Files.write(dir.resolve("weights.f32"), w.array());
        Path card = dir.resolve("model.json");
        Files.writeString(card, """
                {"kind": "static", "id": "tiny-static", "languages": ["en", "de"], "weights": "weights.f32",
                 "vocabulary": "vocabulary.txt", "dimension": 2, "normalize": true, "license": "CC0-1.0",
                 "training": {"teacher": "hand-made", "pairs": {"de": 1}}}
                """);
        return card;
    }
}
