/**
 * ChemCLIR-Bench's QAC generation pipeline on a team's own corpus: per source document (one language version of a
 * family) a generator writes three candidate questions in a target language chosen by the setup and in a mode, a
 * verifier scores each on the ChemCLIR rubric, the best is kept, and the result is written as a clirbench dataset and
 * as ChemCLIR's QAC CSV.
 */
package io.clirbench.core.build.qac;
