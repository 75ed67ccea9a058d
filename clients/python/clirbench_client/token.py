"""The bearer token, found as the CLI finds it (cli GatewayToken): the argument, else $CLIRBENCH_TOKEN, else the
runner token ``bench up`` wrote to ``<state-dir>/secrets.env``."""

import os

ENV = "CLIRBENCH_TOKEN"
SECRETS_FILE = "secrets.env"
RUNNER_KEY = "CLIRBENCH_RUNNER_TOKEN"


def resolve_token(token=None, env=None, state_dir=None):
    """The token to send, or None (the gateway then answers 401)."""
    if token is not None and token.strip():
        return token.strip()
    env = os.environ if env is None else env
    from_env = env.get(ENV, "")
    if from_env.strip():
        return from_env.strip()
    if state_dir is None:
        return None
    return secret(os.path.join(os.fspath(state_dir), SECRETS_FILE), RUNNER_KEY)


def secret(path, key):
    """The value of ``key`` in a secrets file (``KEY=VALUE`` lines, ``#`` comments); None when the file or key is absent."""
    if not os.path.isfile(path):
        return None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line.startswith(key + "="):
                value = line[len(key) + 1:].strip()
                if value:
                    return value
    return None
