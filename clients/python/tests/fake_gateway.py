"""A real local HTTP server (http.server in a thread) answering canned gateway JSON: a transport test of the client
(what it sends, how it reads the answers), not of the gateway. The canned bodies follow the shapes the gateway's
README documents ("Run JSON", problem+json) and its REST records (AgentRunView, SearchHit, DocumentText)."""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Recorded:
    def __init__(self, method, path, headers, body):
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body

    def json(self):
        return json.loads(self.body.decode("utf-8"))


class FakeGateway:
    """``answer(method, path, status, body, headers=None)`` queues answers per (method, path): each request takes the
    next one, the last one repeats. Every request is recorded in ``requests``."""

    def __init__(self):
        self.answers = {}
        self.requests = []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def _serve(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                fake.requests.append(Recorded(self.command, self.path, dict(self.headers), body))
                queue = fake.answers.get((self.command, self.path))
                if not queue:
                    status, payload, headers = 404, {"type": "about:blank", "title": "Not Found", "status": 404,
                                                     "detail": "no canned answer for %s %s" % (self.command, self.path)}, {}
                else:
                    status, payload, headers = queue.pop(0) if len(queue) > 1 else queue[0]
                    headers = dict(headers)
                data = payload if isinstance(payload, bytes) else json.dumps(payload).encode("utf-8")
                self.send_response(status)
                content_type = "application/problem+json" if status >= 400 else "application/json"
                self.send_header("Content-Type", headers.pop("Content-Type", content_type) if headers else content_type)
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PUT = do_DELETE = _serve

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()
        self.url = "http://127.0.0.1:%d" % self.server.server_address[1]

    def answer(self, method, path, status, body, headers=None):
        self.answers.setdefault((method, path), []).append((status, body, dict(headers or {})))

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def run_json(state, published, queries=12, message=None, queue=None, run_id="r-1"):
    """A run JSON with one bm25 retriever (gateway README "Run JSON")."""
    return {"id": run_id, "dataset": "xquad-clir-f2", "datasetVersion": "1.0", "state": state, "depth": 1000, "seed": 42,
            "bootstrap": 100,
            "retrievers": [{"id": "bm25", "state": "SEARCHING" if published < queries else "PUBLISHED",
                            "documentsEmbedded": 0, "documents": 24, "queriesEmbedded": 0, "queries": queries,
                            "queriesSearched": published, "queriesPublished": published, "documentsIndexed": 24,
                            "progress": {"done": published, "total": queries, "unit": "queries",
                                         "text": "searched %d / %d queries" % (published, queries)}}],
            "evaluation": {"state": "NOT_STARTED", "url": None}, "message": message,
            "createdAt": "2026-12-06T01:00:00Z", "updatedAt": "2026-12-06T01:00:01Z",
            "timings": {"embedMillis": None, "indexMillis": None, "searchMillis": None, "publishMillis": None,
                        "evalMillis": None, "totalMillis": None},
            "queue": queue, "warnings": []}


def problem(status, title, detail, errors=None):
    body = {"type": "about:blank", "title": title, "status": status, "detail": detail}
    if errors:
        body["errors"] = errors
    return body
