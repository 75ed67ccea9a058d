/**
 * The human audit of a QAC verifier: a seeded, stratified, blind sample for annotators ({@link
 * io.clirbench.core.build.audit.AuditSample}) and the agreement of their scores with the verifier's ({@link
 * io.clirbench.core.build.audit.Agreement}, {@link io.clirbench.core.build.audit.AgreementReport}).
 */
package io.clirbench.core.build.audit;
