"""Python client of the clirbench gateway (standard library only; pandas optional for DataFrames)."""

from .agent import AgentRun
from .client import QA_FILES, RETRIEVAL_FILES, Gateway, RunPage
from .errors import GatewayError
from .follow import TERMINAL_STATES, RunTimeout, print_progress, progress_line
from .tables import CsvTable
from .token import resolve_token

__all__ = ["AgentRun", "CsvTable", "Gateway", "GatewayError", "QA_FILES", "RETRIEVAL_FILES", "RunPage", "RunTimeout",
           "TERMINAL_STATES", "print_progress", "progress_line", "resolve_token"]
