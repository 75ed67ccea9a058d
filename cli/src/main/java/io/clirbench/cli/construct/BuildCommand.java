package io.clirbench.cli.construct;

import picocli.CommandLine.Command;

/** {@code bench build}: build a cross-language benchmark from your own documents. */
@Command(name = "build", mixinStandardHelpOptions = true,
        description = "Build a cross-language benchmark from your own documents (LLM pipelines on any OpenAI-compatible endpoint, "
                + "or offline from a parallel corpus), and audit it.",
        subcommands = {BuildQacCommand.class, BuildQaTranslateCommand.class, BuildXbcpCommand.class, BuildQaJudgeCommand.class, BuildParallelCommand.class,
            BuildAuditSampleCommand.class, BuildAgreementCommand.class, BuildXbcpRatingsCommand.class,
            BuildQaJudgeCompareCommand.class})
public class BuildCommand {
}
