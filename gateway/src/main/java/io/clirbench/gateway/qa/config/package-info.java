/** The QA part's {@code @ConfigMapping}. */
package io.clirbench.gateway.qa.config;
