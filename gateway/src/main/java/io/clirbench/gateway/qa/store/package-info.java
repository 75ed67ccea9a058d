/** Storage of the QA part: registered QA datasets, QA run snapshots, uploaded prediction files. */
package io.clirbench.gateway.qa.store;
