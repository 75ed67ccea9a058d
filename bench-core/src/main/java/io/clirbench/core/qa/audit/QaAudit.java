package io.clirbench.core.qa.audit;

import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.qa.format.QaDatasetReader;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.SupportingFact;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The audit gates of METRICS.md §4 "Dataset audit gates", each finding naming the instance (line and id)
 * and the value. The audit reads the file leniently (structure must parse; meaning is what it reports), so
 * it also explains a dataset that the strict reader rejects. Nothing is changed.
 *
 * <p>Gate definitions (our choices where the spec only names the gate): <b>empty-text</b> a blank question,
 * answer or title; <b>invalid-unicode</b> a lone surrogate, U+FFFD, a noncharacter or a control character
 * other than tab, line feed and carriage return in any text; <b>sentence-count-mismatch</b> a candidate whose
 * {@code source_sentences} has a different length than {@code sentences}; <b>support-out-of-bounds</b> a fact
 * naming an unknown paragraph or a sentence index past the end; <b>blank-sentence</b> an empty or
 * whitespace-only sentence; <b>duplicate-paragraph-title</b> and <b>duplicate-paragraph-id</b> within one
 * instance; <b>unstable-id</b> an instance id that is repeated in the file or does not contain its
 * {@code source_id} (ids must be derived from the source so that rebuilds and merges keep them). Status
 * counts: {@code accepted}, {@code review_required}, {@code quarantined} and {@code none}; quarantined
 * instances stay in every evaluation denominator, as in XHotpotQA.
 */
public final class QaAudit {

    /** The gates, in report order. */
    public static final List<String> GATES = List.of("empty-text", "invalid-unicode", "sentence-count-mismatch",
            "support-out-of-bounds", "blank-sentence", "duplicate-paragraph-title", "duplicate-paragraph-id", "unstable-id");

    /** One finding. */
    public record Finding(int line, String id, String detail) {
        @Override
        public String toString() {
            return "line " + line + " " + JsonValues.quote(id) + ": " + detail;
        }
    }

    /** The audit of a dataset: instances, findings per gate (every gate present), status counts. */
    public record Report(int instances, Map<String, List<Finding>> findings, Map<String, Integer> statuses) {
    }

    private QaAudit() {
    }

    /** Audits the dataset directory (or a bare instances file). */
    public static Report audit(Path path) {
        Path file = java.nio.file.Files.isDirectory(path) ? QaDatasetReader.instancesFile(path) : path;
        Map<String, List<Finding>> findings = new LinkedHashMap<>();
        GATES.forEach(g -> findings.put(g, new ArrayList<>()));
        Map<String, Integer> statuses = new TreeMap<>();
        Map<String, Integer> lineOfId = new HashMap<>();
        Problems problems = new Problems();
        // a dataset in XHotpotQA's record form (what bench qa import writes) keeps the status in its sidecar
        Map<String, Map<String, Object>> sidecar = java.nio.file.Files.isDirectory(path)
                ? io.clirbench.core.qa.export.XhotpotSidecar.read(path, problems) : Map.of();
        int[] count = {0};
        QaDatasetReader.forEachWithLine(file, problems, false, (instance, at) -> {
            count[0]++;
            Object status = instance.status() != null ? instance.status()
                    : sidecar.getOrDefault(instance.id(), Map.of()).get("status");
            statuses.merge(status == null ? "none" : status.toString(), 1, Integer::sum);
            check(instance, at, findings);
            Integer first = lineOfId.putIfAbsent(instance.id(), at);
            if (first != null) {
                findings.get("unstable-id").add(new Finding(at, instance.id(), "id repeated (first on line " + first + ")"));
            }
        });
        problems.throwIfAny();
        return new Report(count[0], findings, statuses);
    }

    private static void check(QaInstance i, int line, Map<String, List<Finding>> findings) {
        if (i.question().isBlank()) {
            findings.get("empty-text").add(new Finding(line, i.id(), "blank question"));
        }
        if (i.answer().isBlank()) {
            findings.get("empty-text").add(new Finding(line, i.id(), "blank answer"));
        }
        unicode(i.id(), line, "question", i.question(), findings);
        unicode(i.id(), line, "answer", i.answer(), findings);
        Set<String> titles = new HashSet<>();
        Map<String, Candidate> ids = new HashMap<>();
        for (Candidate c : i.candidates()) {
            if (c.title().isBlank()) {
                findings.get("empty-text").add(new Finding(line, i.id(), "paragraph " + JsonValues.quote(c.id()) + " has a blank title"));
            }
            if (!titles.add(c.title())) {
                findings.get("duplicate-paragraph-title").add(new Finding(line, i.id(), "title " + JsonValues.quote(c.title())));
            }
            if (ids.putIfAbsent(c.id(), c) != null) {
                findings.get("duplicate-paragraph-id").add(new Finding(line, i.id(), "paragraph id " + JsonValues.quote(c.id())));
            }
            unicode(i.id(), line, "title of " + c.id(), c.title(), findings);
            for (int s = 0; s < c.sentences().size(); s++) {
                String sentence = c.sentences().get(s);
                if (sentence.isBlank()) {
                    findings.get("blank-sentence").add(new Finding(line, i.id(), "paragraph " + JsonValues.quote(c.id()) + " sentence " + s));
                }
                unicode(i.id(), line, c.id() + " sentence " + s, sentence, findings);
            }
            if (c.sourceSentences() != null && c.sourceSentences().size() != c.sentences().size()) {
                findings.get("sentence-count-mismatch").add(new Finding(line, i.id(), "paragraph " + JsonValues.quote(c.id()) + ": "
                        + c.sentences().size() + " sentences, " + c.sourceSentences().size() + " source sentences"));
            }
        }
        for (SupportingFact f : i.supportingFacts()) {
            Candidate c = ids.get(f.paragraphId());
            if (c == null || f.sentenceId() >= c.sentences().size()) {
                findings.get("support-out-of-bounds").add(new Finding(line, i.id(), "fact (" + JsonValues.quote(f.paragraphId()) + ", "
                        + f.sentenceId() + ")" + (c == null ? ": no such paragraph" : ": paragraph has " + c.sentences().size() + " sentences")));
            }
        }
        if (i.sourceId() != null && !i.id().contains(i.sourceId())) {
            findings.get("unstable-id").add(new Finding(line, i.id(), "id does not contain source_id " + JsonValues.quote(i.sourceId())));
        }
    }

    private static void unicode(String id, int line, String field, String text, Map<String, List<Finding>> findings) {
        for (int k = 0; k < text.length(); ) {
            int cp = text.codePointAt(k);
            String bad = null;
            if (Character.isSurrogate(text.charAt(k)) && Character.charCount(cp) == 1) {
                bad = "lone surrogate";
            } else if (cp == 0xFFFD) {
                bad = "replacement character";
            } else if ((cp & 0xFFFE) == 0xFFFE || (cp >= 0xFDD0 && cp <= 0xFDEF)) {
                bad = "noncharacter";
            } else if (Character.getType(cp) == Character.CONTROL && cp != '\t' && cp != '\n' && cp != '\r') {
                bad = "control character";
            }
            if (bad != null) {
                findings.get("invalid-unicode").add(new Finding(line, id, String.format(java.util.Locale.ROOT, "%s: %s U+%04X at char %d",
                        field, bad, cp, k)));
                return;
            }
            k += Character.charCount(cp);
        }
    }
}
