package io.clirbench.core.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import org.junit.jupiter.api.Test;

/** {@link RedactedUrl}: the authority's user information (RFC 3986 section 3.2.1) goes, nothing else. */
class RedactedUrlTest {

    @Test
    void userInformationIsRemovedAndTheRestKept() {
        assertThat(RedactedUrl.of("http://user:s3cret@vllm:8000/v1")).isEqualTo("http://vllm:8000/v1");
        assertThat(RedactedUrl.of(URI.create("https://tok@api.example.org/v1?x=1#f"))).isEqualTo("https://api.example.org/v1?x=1#f");
        // an '@' in a password (not percent-encoded, as users type it): the host is after the last '@' of the authority
        assertThat(RedactedUrl.of("http://u:p@ss@host/v1")).isEqualTo("http://host/v1");
        // an '@' in the path or the query is not user information
        assertThat(RedactedUrl.of("http://host/v1/a@b?m=x@y")).isEqualTo("http://host/v1/a@b?m=x@y");
        assertThat(RedactedUrl.of("not a url")).isEqualTo("not a url");
        assertThat(RedactedUrl.of((String) null)).isNull();
    }
}
