/** Values of the XHotpotQA canonical schema (ARCHITECTURE.md "QA dataset layout"): instances, candidates, facts, predictions. */
package io.clirbench.core.qa.model;
