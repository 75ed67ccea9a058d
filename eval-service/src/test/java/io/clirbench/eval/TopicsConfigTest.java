package io.clirbench.eval;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.proto.Topics;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The SmallRye channels of application.properties name proto's {@link Topics}, the one place topic names are
 * written: each event topic is consumed, each dead-letter topic produced, and no channel names another topic.
 */
class TopicsConfigTest {

    private static final Pattern CHANNEL_TOPIC = Pattern.compile("mp\\.messaging\\.(incoming|outgoing)\\.([\\w-]+)\\.topic");

    @Test
    void everyChannelNamesATopicOfTopicsAndEveryTopicHasItsChannel() throws IOException {
        Properties p = new Properties();
        try (InputStream in = TopicsConfigTest.class.getResourceAsStream("/application.properties")) {
            assertThat(in).as("application.properties on the classpath").isNotNull();
            p.load(in);
        }
        Map<String, String> incoming = new TreeMap<>();
        Map<String, String> outgoing = new TreeMap<>();
        for (String key : p.stringPropertyNames()) {
            Matcher m = CHANNEL_TOPIC.matcher(key.replaceFirst("^%[\\w-]+\\.", ""));
            if (m.matches()) {
                (m.group(1).equals("incoming") ? incoming : outgoing).put(key, p.getProperty(key).strip());
            }
        }
        assertThat(incoming.values()).as("consumed topics").containsExactlyInAnyOrderElementsOf(Topics.EVENTS);
        assertThat(outgoing.values()).as("produced (dead-letter) topics")
                .containsExactlyInAnyOrderElementsOf(Topics.EVENTS.stream().map(Topics::deadLetter).toList());
        // the four event topics and their four dead-letter topics, by hand
        assertThat(Topics.ALL).containsExactly("runs.v1", "runs.v1.dlt", "query-results.v1", "query-results.v1.dlt",
                "agent-calls.v1", "agent-calls.v1.dlt", "qa-predictions.v1", "qa-predictions.v1.dlt");
    }
}
