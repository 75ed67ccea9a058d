package io.clirbench.encoders.distil;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The held-out check of a student, per language: mean cosine of student(translation) to teacher(English), and
 * P@1 of finding a translation's English sentence among all held-out English sentences by student vectors on both
 * sides, by the teacher on both sides (the baseline: the teacher embeds the translation itself), and by
 * student(translation) against teacher(English). Vectors are unit length, so a dot product is a cosine.
 */
public final class HeldOutEvaluation {

    /** One language's numbers. */
    public record Scores(int pairs, double cosineStudentToTeacher, double cosineTeacherToTeacher, double p1Student,
                         double p1Teacher, double p1StudentToTeacher) {
    }

    /** One held-out translation: its language, the index of its English sentence, its student and teacher vectors. */
    public record Item(String language, int english, float[] student, float[] teacher) {
    }

    private HeldOutEvaluation() {
    }

    /** {@code studentEnglish[i]} and {@code teacherEnglish[i]} embed held-out English sentence i. */
    public static Map<String, Scores> score(List<Item> items, float[][] studentEnglish, float[][] teacherEnglish) {
        Map<String, List<Item>> byLanguage = new LinkedHashMap<>();
        for (Item item : items) {
            byLanguage.computeIfAbsent(item.language(), k -> new ArrayList<>()).add(item);
        }
        Map<String, Scores> out = new LinkedHashMap<>();
        byLanguage.forEach((language, list) -> {
            double cosS = 0;
            double cosT = 0;
            int hitS = 0;
            int hitT = 0;
            int hitST = 0;
            for (Item item : list) {
                cosS += dot(item.student(), teacherEnglish[item.english()]);
                cosT += dot(item.teacher(), teacherEnglish[item.english()]);
                hitS += best(item.student(), studentEnglish) == item.english() ? 1 : 0;
                hitT += best(item.teacher(), teacherEnglish) == item.english() ? 1 : 0;
                hitST += best(item.student(), teacherEnglish) == item.english() ? 1 : 0;
            }
            int n = list.size();
            out.put(language, new Scores(n, cosS / n, cosT / n, (double) hitS / n, (double) hitT / n, (double) hitST / n));
        });
        return out;
    }

    /** The index of the candidate with the highest dot product; ties go to the lower index. */
    static int best(float[] query, float[][] candidates) {
        int best = -1;
        double top = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < candidates.length; i++) {
            double s = dot(query, candidates[i]);
            if (s > top) {
                top = s;
                best = i;
            }
        }
        return best;
    }

    static double dot(float[] a, float[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += (double) a[i] * b[i];
        }
        return s;
    }
}
