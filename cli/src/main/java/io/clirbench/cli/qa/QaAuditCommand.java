package io.clirbench.cli.qa;

import io.clirbench.core.qa.audit.QaAudit;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bench qa audit DIR}: every audit gate of METRICS.md §4 with counts and examples. */
@Command(name = "audit", mixinStandardHelpOptions = true,
        description = "Report the dataset audit gates (METRICS.md section 4) per instance: counts and examples; nothing is changed.")
public class QaAuditCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "DIR", description = "QA dataset directory or instances file.")
    Path dir;

    @Option(names = "--examples", defaultValue = "3", paramLabel = "N", description = "Examples shown per gate (default: ${DEFAULT-VALUE}).")
    int examples;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        QaAudit.Report report = QaAudit.audit(dir);
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "%s: %d instances%n", dir, report.instances());
        out.printf(Locale.ROOT, "%-26s %8s%n", "gate", "findings");
        report.findings().forEach((gate, list) -> {
            out.printf(Locale.ROOT, "%-26s %8d%n", gate, list.size());
            List<QaAudit.Finding> shown = list.subList(0, Math.min(examples, list.size()));
            shown.forEach(f -> out.println("    " + f));
        });
        out.println("status:");
        report.statuses().forEach((status, n) -> out.printf(Locale.ROOT, "    %-16s %8d%n", status, n));
        if (report.statuses().containsKey("quarantined")) {
            out.println("(quarantined instances stay in every evaluation denominator, as in XHotpotQA)");
        }
        out.flush();
        return 0;
    }
}
