package io.clirbench.openai;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A reply body read into memory up to a cap (issue 45: a 300 MB reply was buffered whole, 1.15 GB of RSS). A body
 * whose {@code Content-Length} says more is refused before a byte of it is read; one that streams past the cap is
 * cancelled at the first bytes past it, which closes the connection. Either way the body completes with
 * {@link TooLarge}.
 */
final class CappedBody implements HttpResponse.BodySubscriber<byte[]> {

    /** The body passed the cap. */
    static final class TooLarge extends IOException {
        TooLarge(long cap, long declared) {
            super(declared > cap
                    ? String.format(Locale.ROOT, "a reply of %,d bytes (Content-Length), more than the %,d-byte reply limit", declared, cap)
                    : String.format(Locale.ROOT, "a reply longer than the %,d-byte reply limit (not read past it)", cap));
        }
    }

    static HttpResponse.BodyHandler<byte[]> handler(long cap) {
        return info -> new CappedBody(cap, info.headers().firstValueAsLong("Content-Length").orElse(-1));
    }

    private final CompletableFuture<byte[]> result = new CompletableFuture<>();
    private final long cap;
    private final long declared;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private Flow.Subscription subscription;

    private CappedBody(long cap, long declared) {
        this.cap = cap;
        this.declared = declared;
    }

    @Override
    public CompletionStage<byte[]> getBody() {
        return result;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        if (declared > cap) {
            s.cancel();
            result.completeExceptionally(new TooLarge(cap, declared));
        } else {
            s.request(Long.MAX_VALUE);
        }
    }

    @Override
    public void onNext(List<ByteBuffer> items) {
        if (result.isDone()) {
            return;
        }
        for (ByteBuffer b : items) {
            if ((long) out.size() + b.remaining() > cap) {
                subscription.cancel();
                result.completeExceptionally(new TooLarge(cap, -1));
                return;
            }
            byte[] chunk = new byte[b.remaining()];
            b.get(chunk);
            out.write(chunk, 0, chunk.length);
        }
    }

    @Override
    public void onError(Throwable t) {
        result.completeExceptionally(t);
    }

    @Override
    public void onComplete() {
        result.complete(out.toByteArray());
    }
}
