/** REST of the QA part: {@code /api/qa-datasets}, {@code /api/qa-predictions}, {@code /api/qa-runs} and the page {@code /qa-runs/ID}. */
package io.clirbench.gateway.qa.rest;
