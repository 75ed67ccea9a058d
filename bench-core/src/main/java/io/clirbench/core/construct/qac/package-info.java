/**
 * ChemCLIR-Bench's QAC generation pipeline on a team's own corpus: families with at least two languages, a balanced,
 * seeded selection of sources over the setups and modes ({@link io.clirbench.core.construct.qac.QacPlanner}, written as
 * the pilot's selection manifest); per source a generator writes three candidate questions in a target language and
 * mode; a separate verifier model compares the three for faithfulness and, with the mode's prompt, quality; the best
 * total of 40 is kept ({@link io.clirbench.core.construct.qac.QacGenerator}); the result is written as a clirbench dataset,
 * as ChemCLIR's QAC CSV, and with its Table-1 statistics ({@link io.clirbench.core.construct.qac.DatasetStatistics}).
 */
package io.clirbench.core.construct.qac;
