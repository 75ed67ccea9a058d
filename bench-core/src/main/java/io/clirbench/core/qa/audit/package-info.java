/** The dataset audit gates of METRICS.md §4, reported per instance and never silently fixed ({@link io.clirbench.core.qa.audit.QaAudit}). */
package io.clirbench.core.qa.audit;
