"""The gateway's REST API (gateway README "REST API"), as the Java CLI's GatewayClient uses it."""

import io
import json
import os
import zipfile

from .agent import AgentRun
from .follow import follow
from .tables import CsvTable
from .token import resolve_token
from .transport import Transport, encode_segment

RETRIEVAL_FILES = ("report.html", "report.md", "report.json", "report.txt", "summary.csv", "metrics.csv")
QA_FILES = ("report.json", "report.md", "report.html", "summary.csv", "per-example.csv", "report.txt")
# the JSON names of POST /api/qa-runs' optional fields (gateway QaRunRequest)
QA_OPTIONS = {"protocol": "protocol", "seed": "seed", "bootstrap": "bootstrap", "paragraphs": "paragraphs",
              "sentences": "sentences", "threshold": "threshold", "reader": "reader", "reader_model": "readerModel",
              "evidence": "evidence"}


class RunPage(list):
    """One page of runs, newest first; ``total`` is the gateway's count of every run (header X-Total-Count)."""

    def __init__(self, runs, total):
        super().__init__(runs)
        self.total = total


class Gateway:
    """A client of one gateway. ``token``: else $CLIRBENCH_TOKEN, else the runner token of ``state_dir/secrets.env``
    (the local stack's, e.g. ``.bench``); ``timeout``: seconds per request."""

    def __init__(self, base_url="http://127.0.0.1:8080", token=None, state_dir=None, timeout=120.0):
        self.transport = Transport(base_url, resolve_token(token, state_dir=state_dir), timeout)

    def _get_json(self, path, what):
        return self.transport.request("GET", path).json(what)

    def _post_json(self, path, body, what):
        return self.transport.request("POST", path, body).json(what)

    # datasets

    def datasets(self):
        """The registered datasets: ``[{id, version, name, location, documents, queries, ...}]``."""
        return self._get_json("/api/datasets", "the datasets")

    def dataset(self, dataset_id):
        """One dataset: counts per language, judged, dual-gold and no-home queries."""
        return self._get_json("/api/datasets/" + encode_segment(dataset_id), "the dataset")

    def register_dataset(self, directory):
        """Registers a dataset directory on the gateway's machine, under one of its dataset roots (a no-op when the
        same id, version and files are registered; 409 for another version)."""
        return self._post_json("/api/datasets", {"path": os.path.abspath(directory)}, "the registration")

    def upload_dataset(self, directory):
        """Uploads a dataset directory as a zip (its regular files at the zip's root), for a gateway that cannot read
        this machine's files."""
        return self.transport.request("POST", "/api/datasets/upload", zip_directory(directory),
                                      "application/zip").json("the upload")

    def delete_dataset(self, dataset_id):
        return self.transport.request("DELETE", "/api/datasets/" + encode_segment(dataset_id)).json("the deletion")

    def encoders(self):
        """Per configured or discovered model: its endpoints, reachable or not, and its info."""
        return self._get_json("/api/encoders", "the encoders")

    # retrieval runs

    def submit_run(self, dataset, retrievers=None, depth=None, seed=None, bootstrap=None):
        """Submits a run (202, QUEUED). Fields left None take the gateway's defaults: every known retriever, depth
        1000, seed 42, bootstrap 10000."""
        body = {"dataset": dataset}
        for key, value in (("retrievers", retrievers), ("depth", depth), ("seed", seed), ("bootstrap", bootstrap)):
            if value is not None:
                body[key] = list(value) if key == "retrievers" else value
        return self._post_json("/api/runs", body, "the submission")

    def runs(self, limit=None, offset=None):
        return self._page("/api/runs", limit, offset)

    def run(self, run_id):
        """The run JSON: state, per retriever its phase and counters, evaluation, timings, queue, warnings."""
        return self._get_json("/api/runs/" + encode_segment(run_id), "the run")

    def cancel_run(self, run_id):
        return self._post_json("/api/runs/" + encode_segment(run_id) + "/cancel", None, "the cancellation")

    def reevaluate_run(self, run_id):
        return self._post_json("/api/runs/" + encode_segment(run_id) + "/reevaluate", None, "the re-evaluation")

    def follow_run(self, run_id, timeout=3600.0, interval=0.5, progress=None, cancel_on_timeout=False):
        """Polls the run until it ends and returns its last JSON (see follow.follow; ``print_progress()`` draws a bar)."""
        return follow(self.run, self.cancel_run, run_id, timeout, interval, progress, cancel_on_timeout)

    def run_file(self, run_id, name):
        """A report file of a completed run as text: one of RETRIEVAL_FILES."""
        return self.transport.request("GET", "/api/runs/%s/files/%s" % (encode_segment(run_id), encode_segment(name))).text()

    def run_report(self, run_id):
        """report.json of a completed run as a dict."""
        return json.loads(self.run_file(run_id, "report.json"))

    def run_table(self, run_id, name):
        """A CSV report file (summary.csv, metrics.csv) as a CsvTable: ``.records()`` or ``.to_dataframe()``."""
        return CsvTable(name, self.run_file(run_id, name))

    def run_summary(self, run_id):
        return self.run_table(run_id, "summary.csv")

    def run_metrics(self, run_id):
        return self.run_table(run_id, "metrics.csv")

    def trec(self, run_id, retriever):
        """The TREC run file of one retriever of a run, as the eval-service stored it."""
        return self.transport.request("GET", "/api/runs/%s/trec?retriever=%s"
                                      % (encode_segment(run_id), encode_segment(retriever))).text()

    # QA

    def qa_datasets(self):
        return self._get_json("/api/qa-datasets", "the QA datasets")

    def register_qa_dataset(self, directory):
        return self._post_json("/api/qa-datasets", {"path": os.path.abspath(directory)}, "the registration")

    def upload_qa_dataset(self, directory):
        return self.transport.request("POST", "/api/qa-datasets/upload", zip_directory(directory),
                                      "application/zip").json("the upload")

    def delete_qa_dataset(self, dataset_id):
        return self.transport.request("DELETE", "/api/qa-datasets/" + encode_segment(dataset_id)).json("the deletion")

    def upload_qa_predictions(self, name, jsonl):
        """Stores an XHotpotQA JSONL prediction file (text or bytes) as system ``predictions:NAME``."""
        data = jsonl.encode("utf-8") if isinstance(jsonl, str) else jsonl
        return self.transport.request("PUT", "/api/qa-predictions/" + encode_segment(name), data,
                                      "application/x-ndjson").json("the predictions")

    def submit_qa_run(self, dataset, systems, **options):
        """Submits a QA run: ``systems`` ``select:lexical``, ``select:MODEL``, ``predictions:NAME``; options (None:
        the gateway's default) protocol, seed, bootstrap, paragraphs, sentences, threshold, reader, reader_model,
        evidence."""
        unknown = sorted(set(options) - set(QA_OPTIONS))
        if unknown:
            raise TypeError("submit_qa_run: unknown option(s) %s; known: %s" % (", ".join(unknown), ", ".join(QA_OPTIONS)))
        body = {"dataset": dataset, "systems": list(systems)}
        body.update({QA_OPTIONS[k]: v for k, v in options.items() if v is not None})
        return self._post_json("/api/qa-runs", body, "the submission")

    def qa_runs(self, limit=None, offset=None):
        return self._page("/api/qa-runs", limit, offset)

    def qa_run(self, run_id):
        return self._get_json("/api/qa-runs/" + encode_segment(run_id), "the QA run")

    def cancel_qa_run(self, run_id):
        return self._post_json("/api/qa-runs/" + encode_segment(run_id) + "/cancel", None, "the cancellation")

    def follow_qa_run(self, run_id, timeout=3600.0, interval=0.5, progress=None, cancel_on_timeout=False):
        return follow(self.qa_run, self.cancel_qa_run, run_id, timeout, interval, progress, cancel_on_timeout)

    def qa_file(self, run_id, name):
        """A report file of a completed QA run as text: one of QA_FILES."""
        return self.transport.request("GET", "/api/qa-runs/%s/files/%s" % (encode_segment(run_id), encode_segment(name))).text()

    def qa_report(self, run_id):
        return json.loads(self.qa_file(run_id, "report.json"))

    def qa_table(self, run_id, name):
        """summary.csv or per-example.csv of a QA run as a CsvTable."""
        return CsvTable(name, self.qa_file(run_id, name))

    def qa_predictions(self, run_id, system):
        """The stored predictions of one system, XHotpotQA JSONL text."""
        return self.transport.request("GET", "/api/qa-runs/%s/predictions?system=%s"
                                      % (encode_segment(run_id), encode_segment(system))).text()

    # agent runs

    def open_agent_run(self, task, configuration, retriever, k=None, snippet_tokens=None, bootstrap=None, agent=None):
        """Opens an agent run on a task directory of the gateway's machine; returns an AgentRun (its REST tools)."""
        body = {"task": os.path.abspath(task), "configuration": configuration, "retriever": retriever}
        for key, value in (("k", k), ("snippetTokens", snippet_tokens), ("bootstrap", bootstrap), ("agent", agent)):
            if value is not None:
                body[key] = value
        return AgentRun(self.transport, self._post_json("/api/agent-runs", body, "the agent run"))

    def agent_run(self, run_id):
        """An existing agent run (open or closed)."""
        return AgentRun(self.transport, self._get_json("/api/agent-runs/" + encode_segment(run_id), "the agent run"))

    def _page(self, path, limit, offset):
        query = "&".join("%s=%d" % (k, v) for k, v in (("limit", limit), ("offset", offset)) if v is not None)
        answer = self.transport.request("GET", path + ("?" + query if query else ""))
        total = answer.header("X-Total-Count")
        runs = answer.json("the runs")
        return RunPage(runs, int(total) if total is not None else len(runs))


def zip_directory(directory):
    """The regular files of a directory (not its sub-directories), sorted, at the root of a zip, as bytes."""
    if not os.path.isdir(directory):
        raise FileNotFoundError("not a directory: %s" % directory)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(os.listdir(directory)):
            path = os.path.join(directory, name)
            if os.path.isfile(path) and not os.path.islink(path):
                z.write(path, arcname=name)
    return out.getvalue()
