/**
 * The human audit of a QAC verifier: a seeded, stratified, blind sample for annotators ({@link
 * io.clirbench.core.construct.audit.AuditSample}) and the agreement of their scores with the verifier's ({@link
 * io.clirbench.core.construct.audit.Agreement}, {@link io.clirbench.core.construct.audit.AgreementReport}).
 */
package io.clirbench.core.construct.audit;
