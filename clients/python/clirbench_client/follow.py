"""Following a run (retrieval or QA: the same run JSON) until it ends, with progress and a timeout."""

import sys
import time

from .errors import GatewayError

# the gateway's RunLifecycle.terminal()
TERMINAL_STATES = ("COMPLETED", "FAILED", "CANCELLED", "INTERRUPTED")
# no answer, or a proxy's answer while the gateway behind it restarts: a restarted gateway resumes the run
GATEWAY_DOWN = (0, 502, 503, 504)
BAR_WIDTH = 30


class RunTimeout(GatewayError):
    """A run still not ended when the follower's time ran out; ``run`` is its last JSON (None if never read)."""

    def __init__(self, message, run, cancelled):
        super().__init__(message, 0)
        self.run = run
        self.cancelled = cancelled


def follow(lookup, cancel, run_id, timeout, interval=0.5, progress=None, cancel_on_timeout=False, clock=time.monotonic,
           sleep=time.sleep):
    """Reads the run every ``interval`` seconds until its state is terminal and returns its last JSON.

    ``progress(run)`` is called with every JSON read. After ``timeout`` seconds raises RunTimeout, having cancelled
    the run first when ``cancel_on_timeout``. While the gateway does not answer (restarting) it keeps trying until
    the timeout; every other refusal is raised at once.
    """
    deadline = clock() + timeout
    run = None
    while True:
        try:
            run = lookup(run_id)
        except GatewayError as e:
            if e.status not in GATEWAY_DOWN or clock() > deadline:
                raise
            sleep(interval)
            continue
        if progress is not None:
            progress(run)
        if run.get("state") in TERMINAL_STATES:
            return run
        if clock() > deadline:
            cancelled = False
            if cancel_on_timeout:
                run = cancel(run_id)
                cancelled = True
            raise RunTimeout("run %s still %s after %s s%s" % (run_id, run.get("state"), timeout,
                                                               "; cancelled it" if cancelled else ""), run, cancelled)
        sleep(interval)


def fraction_done(run):
    """Share of the run's results published (90% of the bar), evaluation the rest; 1.0 once COMPLETED."""
    state = run.get("state")
    if state == "COMPLETED":
        return 1.0
    total = sum(r.get("queries", 0) for r in run.get("retrievers", []))
    published = sum(r.get("queriesPublished", 0) for r in run.get("retrievers", []))
    share = published / total if total else 0.0
    return min(0.9 * share + (0.05 if state == "EVALUATING" else 0.0), 0.99)


def progress_line(run):
    """One line: the bar, the state, and per retriever (or QA system) the gateway's text of its phase."""
    queue = run.get("queue")
    if run.get("state") == "QUEUED" and queue:
        return "queued: position %d of %d" % (queue.get("position", 0), queue.get("length", 0))
    fraction = fraction_done(run)
    filled = int(round(fraction * BAR_WIDTH))
    parts = []
    for r in run.get("retrievers", []):
        text = (r.get("progress") or {}).get("text") or ""
        phase = r.get("state") or ""
        parts.append("%s %s" % (r.get("id"), text if text and phase not in ("QUEUED", "PUBLISHED") else phase.lower()))
    return "[%s%s] %3.0f%% %s  %s" % ("#" * filled, "-" * (BAR_WIDTH - filled), fraction * 100,
                                      (run.get("state") or "").lower(), " · ".join(parts))


def print_progress(stream=None):
    """A ``progress`` callable printing ``progress_line`` whenever the line changes (to stderr by default)."""
    last = [None]

    def show(run):
        line = progress_line(run)
        if line != last[0]:
            print(line, file=stream or sys.stderr, flush=True)
            last[0] = line

    return show
