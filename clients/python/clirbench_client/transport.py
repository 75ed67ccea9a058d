"""HTTP to the gateway with the standard library: the bearer token on every request, problem+json answers turned
into GatewayError (the status and the gateway's title and detail)."""

import json
import socket
import urllib.error
import urllib.parse
import urllib.request

from .errors import UNAUTHORIZED_HINT, GatewayError

PROBLEM_TEXT_LIMIT = 500


def encode_segment(value):
    """One path segment, percent-encoded (a '/' too)."""
    return urllib.parse.quote(str(value), safe="")


def encode_path(value):
    """A name that may hold '/' (an agent run's ``run/run_Q.json``, a docid): each segment encoded, the '/' kept."""
    return "/".join(encode_segment(s) for s in str(value).split("/"))


def shown_url(url):
    """The URL as messages show it: without a ``user:password@``."""
    parts = urllib.parse.urlsplit(url)
    if "@" not in parts.netloc:
        return url
    return urllib.parse.urlunsplit(parts._replace(netloc=parts.netloc.rsplit("@", 1)[1]))


class Response:
    """A successful answer: status, headers (case-insensitive lookup through ``header``) and body bytes."""

    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers
        self.body = body

    def header(self, name):
        return self.headers.get(name)

    def text(self):
        return self.body.decode("utf-8")

    def json(self, what):
        try:
            return json.loads(self.body.decode("utf-8"))
        except ValueError as e:  # JSONDecodeError and UnicodeDecodeError alike
            raise GatewayError("the gateway answered %s with something that is not JSON: %s" % (what, e), self.status)


class Transport:
    """Sends requests to one gateway; ``timeout`` in seconds per request."""

    def __init__(self, base_url, token=None, timeout=120.0):
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.timeout = timeout

    def request(self, method, path, body=None, content_type=None):
        """``body``: bytes, or anything else sent as JSON. Returns a Response; raises GatewayError for >= 400."""
        url = self.base_url + path
        data = None
        headers = {"Accept": "application/json, */*"}
        if body is not None:
            if isinstance(body, (bytes, bytearray)):
                data = bytes(body)
                headers["Content-Type"] = content_type or "application/octet-stream"
            else:
                data = json.dumps(body).encode("utf-8")
                headers["Content-Type"] = "application/json"
        elif method == "POST":
            data = b""
            headers["Content-Type"] = "application/json"
        if self.token:
            headers["Authorization"] = "Bearer " + self.token
        request = urllib.request.Request(url, data=data, headers=headers, method=method)
        shown = shown_url(url)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                return Response(answer.status, answer.headers, answer.read())
        except urllib.error.HTTPError as e:
            raise self._refused(method, shown, e.code, e.read() if e.fp is not None else b"") from None
        except (socket.timeout, TimeoutError):
            raise GatewayError("%s %s: no response within %s s" % (method, shown, self.timeout), 0, method, shown) from None
        except (urllib.error.URLError, OSError) as e:
            reason = getattr(e, "reason", e)
            raise GatewayError("cannot reach the gateway at %s: %s; is the stack up? (bench up, or another base URL)"
                               % (shown_url(self.base_url), reason), 0, method, shown) from None

    @staticmethod
    def _refused(method, url, status, body):
        problem = None
        try:
            parsed = json.loads(body.decode("utf-8"))
            problem = parsed if isinstance(parsed, dict) else None
        except ValueError:
            pass
        if status == 401:
            what = UNAUTHORIZED_HINT
        elif problem is not None:
            title = problem.get("title") or ""
            detail = problem.get("detail") or ""
            what = (title + (": " + detail if detail else "")).strip()
        else:
            what = body.decode("utf-8", "replace")[:PROBLEM_TEXT_LIMIT]
        return GatewayError("%s %s: %d %s" % (method, url, status, what), status, method, url, problem)
