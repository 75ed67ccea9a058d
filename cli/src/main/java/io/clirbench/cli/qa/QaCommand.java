package io.clirbench.cli.qa;

import picocli.CommandLine.Command;

/** {@code bench qa}: multi-hop QA over mixed-language evidence (XHotpotQA family, METRICS.md §4). */
@Command(name = "qa", mixinStandardHelpOptions = true,
        description = "Question answering over mixed-language evidence: evaluate predictions, audit, import and export datasets, run systems on the platform.",
        subcommands = {QaEvalCommand.class, QaAuditCommand.class, QaImportCommand.class, QaExportCommand.class, QaRunCommand.class,
            QaReportCommand.class, QaPlusCommand.class})
public class QaCommand {
}
