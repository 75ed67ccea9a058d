"""The one exception of the client: what the gateway refused, or why it could not be reached."""

UNAUTHORIZED_HINT = "no token / wrong token: pass token=..., set CLIRBENCH_TOKEN or run bench up"


class GatewayError(Exception):
    """A failed call to the gateway.

    ``status`` is the HTTP status (0 when the gateway could not be reached or the call timed out); ``title``,
    ``detail`` and ``errors`` (the per-field list ``[{field, value, message}]``) come from the gateway's
    problem+json body, and ``problem`` is that whole body as a dict (None when the answer was no problem+json).
    """

    def __init__(self, message, status=0, method=None, url=None, problem=None):
        super().__init__(message)
        self.status = status
        self.method = method
        self.url = url
        self.problem = problem
        problem = problem if isinstance(problem, dict) else {}
        self.title = problem.get("title")
        self.detail = problem.get("detail")
        self.errors = problem.get("errors") or []
