/** The domain model: documents, queries, judgments and datasets. */
package io.clirbench.core.model;
