package io.clirbench.core.qa.format;

import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.SupportingFact;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * {@link ScoringRecordParser}'s scoring view of one canonical JSON line, read from the line's UTF-8 bytes with
 * {@link Utf8JsonCursor}: the sentence texts are checked, never decoded, and the line is never made a string. It gives
 * the instance {@link ScoringRecordParser#parse} gives for the line decoded as strict UTF-8, or null for any line it is
 * not sure of (a problem, a type or a form it does not take, a member it does not know): the caller then decodes the
 * line and reads it the Jackson way, which names any problem. A line it accepts is valid UTF-8 and not blank.
 */
final class ScoringRecordScanner {

    private static final byte[][] TOP_NAMES = Utf8JsonCursor.names("id", "question", "answer", "question_language", "answer_language",
            "source_id", "source_split", "question_type", "difficulty", "status", "candidates", "supporting_facts", "provenance");
    private static final byte[][] CANDIDATE_NAMES = Utf8JsonCursor.names("id", "title", "language", "source_title", "sentences",
            "source_sentences");
    private static final byte[][] FACT_NAMES = Utf8JsonCursor.names("paragraph_id", "sentence_id", "role");
    private static final List<String> EMPTY = List.of();

    private ScoringRecordScanner() {
    }

    /** The instance on {@code line[start, end)}, or null when the Jackson path must read this line. */
    static QaInstance parse(byte[] line, int start, int end) {
        try {
            Utf8JsonCursor c = new Utf8JsonCursor(line, start, end);
            QaInstance instance = record(c);
            c.expectEnd();
            return instance;
        } catch (Utf8JsonCursor.NotSure e) {
            return null;
        }
    }

    private static QaInstance record(Utf8JsonCursor c) {
        c.expect('{');
        String[] text = new String[10]; // the string members, TOP_NAMES[0..9]
        List<Candidate> candidates = null;
        List<SupportingFact> facts = null;
        if (!c.empty('}')) {
            Utf8JsonCursor.Names names = new Utf8JsonCursor.Names();
            do {
                int field = c.name(TOP_NAMES, names);
                switch (field) {
                    case 0, 1, 2, 3, 4 -> text[field] = c.string(); // required strings
                    case 5, 6, 7, 8, 9 -> text[field] = c.stringOrNull(); // optional strings
                    case 10 -> candidates = c.array(ScoringRecordScanner::candidate);
                    case 11 -> facts = facts(c);
                    case 12 -> {
                        if (!c.nullValue()) {
                            if (c.peek() != '{') {
                                throw Utf8JsonCursor.NOT_SURE;
                            }
                            c.skipValue();
                        }
                    }
                    default -> c.skipValue(); // unknown members are ignored, as QaRecordParser ignores them
                }
            } while (c.more('}'));
        }
        String id = text[0];
        String status = text[9];
        if (id == null || text[1] == null || text[2] == null || text[3] == null || text[4] == null || candidates == null
                || facts == null || (status != null && !QaRecordParser.STATUSES.contains(status))) {
            return null;
        }
        return new QaInstance(id, text[5] == null ? id : text[5], text[6], text[7], text[8], text[1], text[2], text[3], text[4],
                candidates, facts, status, Map.of());
    }

    private static Candidate candidate(Utf8JsonCursor c) {
        c.expect('{');
        String id = null;
        String title = null;
        String language = null;
        String sourceTitle = null;
        int sentences = -1;
        int sourceSentences = -1; // absent or null
        if (!c.empty('}')) {
            Utf8JsonCursor.Names names = new Utf8JsonCursor.Names();
            do {
                switch (c.name(CANDIDATE_NAMES, names)) {
                    case 0 -> id = c.string();
                    case 1 -> title = c.string();
                    case 2 -> language = c.string();
                    case 3 -> sourceTitle = c.stringOrNull();
                    case 4 -> sentences = c.countStrings();
                    case 5 -> sourceSentences = c.nullValue() ? -1 : c.countStrings();
                    default -> c.skipValue();
                }
            } while (c.more('}'));
        }
        if (id == null || title == null || language == null || sentences < 0) {
            throw Utf8JsonCursor.NOT_SURE;
        }
        return new Candidate(id, title, sentences == 0 ? EMPTY : Collections.nCopies(sentences, ""), language, sourceTitle,
                sourceSentences < 0 ? null : Collections.nCopies(sourceSentences, ""));
    }

    /**
     * A {@code supporting_facts} array: objects of a string {@code paragraph_id}, an int {@code sentence_id} >= 0 and a
     * string or null {@code role} (any other member skipped); also the usual prediction line's facts.
     */
    static List<SupportingFact> facts(Utf8JsonCursor c) {
        return c.array(ScoringRecordScanner::fact);
    }

    private static SupportingFact fact(Utf8JsonCursor c) {
        c.expect('{');
        String paragraph = null;
        int sentence = -1;
        String role = null;
        if (!c.empty('}')) {
            Utf8JsonCursor.Names names = new Utf8JsonCursor.Names();
            do {
                switch (c.name(FACT_NAMES, names)) {
                    case 0 -> paragraph = c.string();
                    case 1 -> sentence = c.nonNegativeInt();
                    case 2 -> role = c.stringOrNull();
                    default -> c.skipValue();
                }
            } while (c.more('}'));
        }
        if (paragraph == null || sentence < 0) {
            throw Utf8JsonCursor.NOT_SURE;
        }
        return new SupportingFact(paragraph, sentence, role);
    }
}
