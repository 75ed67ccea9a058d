/**
 * XHotpotQA's {@code judge} step: a seeded, language-balanced sample of translated paragraphs, questions and answers
 * of a {@code bench build qa-translate} output ({@link io.clirbench.core.construct.qajudge.JudgeSample}, the peer's
 * {@code sample_units}), each scored 0–100 by a judge model with the peer's v2 strict-JSON prompts ({@link
 * io.clirbench.core.construct.qajudge.QaJudge}), and the per-language report ({@link
 * io.clirbench.core.construct.qajudge.QaJudgeReport}).
 */
package io.clirbench.core.construct.qajudge;
