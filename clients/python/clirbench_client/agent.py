"""An agent run through the gateway's REST twin of its MCP tools (gateway README "Agent runs and the search tool")."""

import json
import time

from .follow import RunTimeout
from .transport import encode_path, encode_segment


class AgentRun:
    """One open agent run: its questions, the tools ``search`` and ``get_document`` per question, answers, close,
    and once the eval-service has evaluated it, its files (report.json, ..., run/run_QUERY.json)."""

    def __init__(self, transport, view):
        self._transport = transport
        self.id = view["id"]
        self.view = view

    def _path(self, suffix=""):
        return "/api/agent-runs/" + encode_segment(self.id) + suffix

    def refresh(self, questions=False):
        """The run as the gateway shows it now (state OPEN/CLOSED, counts of calls and answers, times)."""
        self.view = self._transport.request("GET", self._path("?questions=true" if questions else "")).json("the agent run")
        return self.view

    def questions(self):
        """``[{queryId, query, lang}]``: what the agent works on (only while the run is open)."""
        return self.refresh(questions=True).get("questions", [])

    def search(self, query_id, query):
        """The top k as ``[{docid, score, snippet}]`` for question ``query_id`` (recorded as one call)."""
        return self._transport.request("POST", self._path("/search"), {"queryId": query_id, "query": query}).json("search")

    def get_document(self, query_id, docid):
        """The document as ``{docid, text}`` (recorded as one call of question ``query_id``)."""
        path = self._path("/documents/" + encode_path(docid) + "?queryId=" + encode_segment(query_id))
        return self._transport.request("GET", path).json("get_document")

    def answer(self, query_id, text, confidence=None):
        """The final answer of one question (BrowseComp-Plus format: Explanation with [docid] citations, Exact Answer,
        Confidence); ``confidence`` optional, 0 to 100. A second answer to a question is a 409."""
        body = {"queryId": query_id, "text": text}
        if confidence is not None:
            body["confidence"] = confidence
        return self._transport.request("POST", self._path("/answers"), body).json("the answer")

    def close(self):
        """Closes the run (409 when closed already); the eval-service then evaluates it."""
        self.view = self._transport.request("POST", self._path("/close"), {}).json("close")
        return self.view

    def file_names(self):
        """The names of the run's files at the eval-service; [] until it has evaluated the run."""
        return self._transport.request("GET", self._path("/files")).json("the file names")

    def file(self, name):
        """One of those files as text (``name`` may hold '/': ``run/run_Q.json``)."""
        return self._transport.request("GET", self._path("/files/" + encode_path(name))).text()

    def wait_evaluated(self, timeout=300.0, interval=1.0):
        """Waits until the run's files are listed (the eval-service evaluated it) and returns their names."""
        deadline = time.monotonic() + timeout
        while True:
            names = self.file_names()
            if names:
                return names
            if time.monotonic() > deadline:
                raise RunTimeout("agent run %s not evaluated after %s s (no files yet)" % (self.id, timeout),
                                 self.view, False)
            time.sleep(interval)

    def report(self):
        """report.json of the evaluated run as a dict."""
        return json.loads(self.file("report.json"))
