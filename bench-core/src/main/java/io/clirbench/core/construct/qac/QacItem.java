package io.clirbench.core.construct.qac;

import io.clirbench.core.model.Document;
import java.util.List;

/** One question to build: the source document, the question's language and mode, and the family's languages. */
public record QacItem(Document source, String targetLang, QacMode mode, QacSetup setup, List<String> familyLanguages) {
}
