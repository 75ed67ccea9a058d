package io.clirbench.gateway.qa;

import io.clirbench.core.stats.Stats;
import java.util.List;

/**
 * {@code POST /api/qa-runs} (README "QA runs"). Only {@code dataset} and {@code systems} are required.
 *
 * @param dataset     a registered QA dataset id
 * @param systems     {@code select:lexical}, {@code select:MODEL}, {@code predictions:NAME}
 * @param protocol    {@code unicode} (default), {@code legacy}, {@code hotpot}
 * @param seed        seed of every resampling (default 42)
 * @param bootstrap   resamples (default 10,000; 0 = no intervals)
 * @param paragraphs  selector: top paragraphs kept (default 1)
 * @param sentences   selector: top sentences per kept paragraph (default 1)
 * @param threshold   selector: minimum cosine of a further sentence (default none)
 * @param reader      the name of a reader of the gateway's configuration: {@code NAME} of {@code qa.readers.NAME.base-url},
 *                    or {@code configured} ({@code qa.reader.base-url}); never a URL; absent: no reader
 * @param readerModel the reader's model name (default its {@code qa.readers.NAME.model}, else {@code qa.reader.model})
 * @param evidence    what the reader reads: {@code selected} (default) or {@code gold} (the oracle-evidence task)
 */
public record QaRunRequest(String dataset, List<String> systems, String protocol, Long seed, Integer bootstrap, Integer paragraphs,
                           Integer sentences, Double threshold, String reader, String readerModel, String evidence) {

    public String protocolOrDefault() {
        return protocol == null ? "unicode" : protocol;
    }

    public long seedOrDefault() {
        return seed == null ? Stats.DEFAULT_SEED : seed;
    }

    public int bootstrapOrDefault() {
        return bootstrap == null ? Stats.DEFAULT_BOOTSTRAP : bootstrap;
    }

    public String evidenceOrDefault() {
        return evidence == null ? "selected" : evidence;
    }
}
