/**
 * A cross-lingual static student distilled from public parallel text (issue 31): {@link io.clirbench.core.distil.MoCatalog}
 * reads gettext {@code .mo} catalogues (msgid -> msgstr), {@link io.clirbench.core.distil.MessageText} cleans messages,
 * {@link io.clirbench.core.distil.Segmenter} cuts text into the student's tokens, and {@link io.clirbench.core.distil.RidgeFit}
 * fits one vector per token so that a sentence's mean token vector approximates a teacher's vector of its English side.
 * The embedder's {@code distil} package drives it with a real teacher and serves the result as a {@code static} model.
 */
package io.clirbench.core.distil;
