/** {@code bench build}: building benchmarks from a team's own documents (issue 30's pipelines). */
package io.clirbench.cli.construct;
