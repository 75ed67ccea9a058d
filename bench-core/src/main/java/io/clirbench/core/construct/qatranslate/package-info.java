/**
 * XHotpotQA's translation and assignment pipeline: every candidate paragraph of an English multi-hop instance gets a
 * language independently (seeded), its title and ordered sentences are translated with the sentence count kept (so the
 * supporting-fact indices stay valid), the question and answer into the question language, and the realised mixing is
 * audited against its expectation ({@link io.clirbench.core.construct.qatranslate.MixingAudit}).
 */
package io.clirbench.core.construct.qatranslate;
