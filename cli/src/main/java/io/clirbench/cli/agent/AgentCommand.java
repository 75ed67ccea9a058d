package io.clirbench.cli.agent;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code bench agent}: agentic search evaluation (METRICS.md §5): eval, configure, the offline baseline, xquad-agentic. */
@Command(name = "agent", mixinStandardHelpOptions = true,
        description = "Agentic search (XBCP / BrowseComp-Plus): score agent runs, build corpus configurations, run the baseline and LLM agents.",
        subcommands = {AgentEvalCommand.class, AgentConfigureCommand.class, AgentOfflineBaselineCommand.class,
                AgentOnlineBaselineCommand.class, AgentLlmCommand.class,
                AgentBuildXquadCommand.class, AgentConvertCommand.class, AgentReportCommand.class, AgentCompareCommand.class,
                AgentJudgeCommand.class, CommandLine.HelpCommand.class})
public class AgentCommand {
}
