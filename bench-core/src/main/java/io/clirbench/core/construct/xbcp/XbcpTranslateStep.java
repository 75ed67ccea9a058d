package io.clirbench.core.construct.xbcp;

import io.clirbench.core.llm.LlmCalls;
import io.clirbench.core.llm.PromptTemplate;
import io.clirbench.core.llm.step.BuildStep;
import io.clirbench.core.llm.step.DryRun;
import io.clirbench.core.llm.step.PlannedCall;
import io.clirbench.core.construct.xbcp.TranslationRequest.Part;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * XBCP's translation as a build step: a unit is one part (text or title) of an evidence document into one language,
 * one call per chunk ({@link XbcpTranslator#translate}); a reply is expected about as long as its source.
 */
public record XbcpTranslateStep(List<TranslationRequest> units, Map<Part, PromptTemplate> templates, int maxAttempts, int chunkChars)
        implements BuildStep<TranslationRequest, Translation> {

    public XbcpTranslateStep {
        units = List.copyOf(units);
    }

    @Override
    public String name() {
        return "translate";
    }

    @Override
    public List<PlannedCall> plan(TranslationRequest r) {
        List<PlannedCall> out = new ArrayList<>();
        for (String chunk : XbcpTranslator.chunks(r, chunkChars)) {
            String body = r.part() == Part.TITLE ? chunk : chunk.strip();
            if (!body.isEmpty()) {
                TranslationRequest part = new TranslationRequest(r.sourceId(), r.sourceLang(), r.targetLang(), r.part(), body);
                out.add(new PlannedCall(XbcpTranslator.ROLE, XbcpTranslator.prompt(templates, part), XbcpTranslator.DECODING,
                        DryRun.tokens(body)));
            }
        }
        return out;
    }

    @Override
    public String label(TranslationRequest r) {
        return "the " + r.part().label() + " of " + r.sourceId() + " -> " + r.targetLang();
    }

    @Override
    public Translation run(TranslationRequest r, LlmCalls calls) throws InterruptedException {
        return XbcpTranslator.translate(r, calls, templates, maxAttempts, chunkChars);
    }
}
