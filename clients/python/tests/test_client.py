"""Transport tests of the client against a real local HTTP server with canned gateway answers (tests/fake_gateway.py):
what the client sends (paths, bodies, the token) and how it reads answers and refusals. The client against the real
gateway is e2e PythonClientEndToEndTest."""

import io
import json
import os
import socket
import tempfile
import unittest
import zipfile

from clirbench_client import CsvTable, Gateway, GatewayError, RunTimeout, print_progress, progress_line, resolve_token
from tests.fake_gateway import FakeGateway, problem, run_json


class GatewayClientTest(unittest.TestCase):

    def setUp(self):
        self.fake = FakeGateway()
        self.gateway = Gateway(self.fake.url, token="t0ken")

    def tearDown(self):
        self.fake.close()

    def test_every_request_carries_the_bearer_token(self):
        self.fake.answer("GET", "/api/datasets", 200, [{"id": "xquad-clir", "version": "1.0", "documents": 2880}])
        datasets = self.gateway.datasets()
        self.assertEqual(datasets, [{"id": "xquad-clir", "version": "1.0", "documents": 2880}])
        self.assertEqual(self.fake.requests[0].headers["Authorization"], "Bearer t0ken")

    def test_register_sends_the_absolute_path(self):
        self.fake.answer("POST", "/api/datasets", 201, {"id": "d", "version": "1"})
        with tempfile.TemporaryDirectory() as d:
            self.gateway.register_dataset(d)
            self.assertEqual(self.fake.requests[0].json(), {"path": os.path.abspath(d)})
        self.assertEqual(self.fake.requests[0].headers["Content-Type"], "application/json")

    def test_upload_zips_the_regular_files_at_the_root(self):
        self.fake.answer("POST", "/api/datasets/upload", 201, {"id": "d"})
        with tempfile.TemporaryDirectory() as d:
            for name, text in (("queries.jsonl", "q"), ("dataset.json", "{}"), ("corpus.jsonl", "c")):
                with open(os.path.join(d, name), "w") as f:
                    f.write(text)
            os.mkdir(os.path.join(d, "sub"))
            self.gateway.upload_dataset(d)
        sent = self.fake.requests[0]
        self.assertEqual(sent.headers["Content-Type"], "application/zip")
        with zipfile.ZipFile(io.BytesIO(sent.body)) as z:
            self.assertEqual(z.namelist(), ["corpus.jsonl", "dataset.json", "queries.jsonl"])
            self.assertEqual(z.read("dataset.json"), b"{}")

    def test_submit_sends_only_the_fields_given(self):
        self.fake.answer("POST", "/api/runs", 202, run_json("QUEUED", 0))
        self.gateway.submit_run("xquad-clir-f2", ["bm25"], bootstrap=100)
        self.assertEqual(self.fake.requests[0].json(), {"dataset": "xquad-clir-f2", "retrievers": ["bm25"], "bootstrap": 100})

    def test_runs_page_has_the_total_of_the_header(self):
        self.fake.answer("GET", "/api/runs?limit=2&offset=4", 200, [run_json("COMPLETED", 12, run_id="a"),
                                                                     run_json("FAILED", 3, run_id="b")],
                         {"X-Total-Count": "7"})
        page = self.gateway.runs(limit=2, offset=4)
        self.assertEqual([r["id"] for r in page], ["a", "b"])
        self.assertEqual(page.total, 7)

    def test_follow_polls_until_a_terminal_state_and_reports_progress(self):
        for state, published in (("QUEUED", 0), ("RUNNING", 6), ("EVALUATING", 12), ("COMPLETED", 12)):
            self.fake.answer("GET", "/api/runs/r-1", 200, run_json(state, published))
        seen = []
        end = self.gateway.follow_run("r-1", timeout=30, interval=0.01, progress=lambda r: seen.append(r["state"]))
        self.assertEqual(end["state"], "COMPLETED")
        self.assertEqual(seen, ["QUEUED", "RUNNING", "EVALUATING", "COMPLETED"])

    def test_follow_times_out_and_cancels_when_asked(self):
        self.fake.answer("GET", "/api/runs/r-1", 200, run_json("RUNNING", 3))
        self.fake.answer("POST", "/api/runs/r-1/cancel", 200, run_json("CANCELLED", 3))
        with self.assertRaises(RunTimeout) as caught:
            self.gateway.follow_run("r-1", timeout=0.2, interval=0.05, cancel_on_timeout=True)
        self.assertTrue(caught.exception.cancelled)
        self.assertEqual(caught.exception.run["state"], "CANCELLED")
        self.assertIn("run r-1 still CANCELLED after 0.2 s; cancelled it", str(caught.exception))
        self.assertEqual([r.method + " " + r.path for r in self.fake.requests][-1], "POST /api/runs/r-1/cancel")

    def test_a_problem_becomes_one_error_with_status_title_detail_and_fields(self):
        errors = [{"field": "depth", "value": "0", "message": "must be between 1 and 10000"}]
        self.fake.answer("POST", "/api/runs", 400, problem(400, "Bad Request", "invalid run request", errors))
        with self.assertRaises(GatewayError) as caught:
            self.gateway.submit_run("d", ["bm25"], depth=0)
        e = caught.exception
        self.assertEqual((e.status, e.title, e.detail, e.errors), (400, "Bad Request", "invalid run request", errors))
        self.assertEqual(str(e), "POST %s/api/runs: 400 Bad Request: invalid run request" % self.fake.url)

    def test_401_says_how_to_get_a_token(self):
        self.fake.answer("GET", "/api/datasets", 401, problem(401, "Unauthorized", "missing or invalid bearer token"))
        with self.assertRaises(GatewayError) as caught:
            Gateway(self.fake.url, token=None, state_dir=None).datasets()
        self.assertEqual(caught.exception.status, 401)
        self.assertIn("set CLIRBENCH_TOKEN or run bench up", str(caught.exception))

    def test_a_closed_port_is_status_0_naming_the_gateway(self):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        s.close()  # nothing listens there now
        with self.assertRaises(GatewayError) as caught:
            Gateway("http://user:secret@127.0.0.1:%d" % port, token="x").datasets()
        self.assertEqual(caught.exception.status, 0)
        self.assertIn("cannot reach the gateway at http://127.0.0.1:%d" % port, str(caught.exception))
        self.assertNotIn("secret", str(caught.exception))

    def test_an_answer_that_is_not_json_is_an_error(self):
        self.fake.answer("GET", "/api/datasets", 200, b"<html>proxy</html>")
        with self.assertRaises(GatewayError) as caught:
            self.gateway.datasets()
        self.assertIn("not JSON", str(caught.exception))

    def test_report_files_as_dict_and_tables(self):
        self.fake.answer("GET", "/api/runs/r%2F1/files/report.json", 200, {"runs": [{"name": "bm25"}]})
        metrics = ("run,slice_key,slice_value,metric,value,queries\n"
                   "bm25,,,nDCG@10,0.5,12\n"
                   "bm25,lang,de,nDCG@10,0.25,6\n").encode()
        self.fake.answer("GET", "/api/runs/r%2F1/files/metrics.csv", 200, metrics, {"Content-Type": "text/csv"})
        self.assertEqual(self.gateway.run_report("r/1"), {"runs": [{"name": "bm25"}]})
        table = self.gateway.run_metrics("r/1")
        self.assertEqual(table.header, ["run", "slice_key", "slice_value", "metric", "value", "queries"])
        self.assertEqual(table.records()[1], {"run": "bm25", "slice_key": "lang", "slice_value": "de",
                                              "metric": "nDCG@10", "value": "0.25", "queries": "6"})

    def test_qa_submission_names_options_as_the_gateway_does(self):
        self.fake.answer("POST", "/api/qa-runs", 202, run_json("QUEUED", 0, run_id="qa-1"))
        self.gateway.submit_qa_run("xquad-mix-s1", ["select:lexical"], bootstrap=100, reader_model="m", threshold=None)
        self.assertEqual(self.fake.requests[0].json(), {"dataset": "xquad-mix-s1", "systems": ["select:lexical"],
                                                        "bootstrap": 100, "readerModel": "m"})
        with self.assertRaises(TypeError):
            self.gateway.submit_qa_run("d", ["select:lexical"], readerModel="m")

    def test_qa_follow_reads_the_qa_collection(self):
        self.fake.answer("GET", "/api/qa-runs/qa-1", 200, run_json("COMPLETED", 12, run_id="qa-1"))
        self.assertEqual(self.gateway.follow_qa_run("qa-1", timeout=5)["id"], "qa-1")

    def test_agent_session_through_the_rest_twin(self):
        view = {"id": "agent-1", "state": "OPEN", "queries": 1, "calls": 0, "answers": 0, "mcp": "/mcp/agent-1/{queryId}",
                "questions": []}
        self.fake.answer("POST", "/api/agent-runs", 201, view)
        self.fake.answer("GET", "/api/agent-runs/agent-1?questions=true", 200,
                         dict(view, questions=[{"queryId": "q 1", "query": "Wer?", "lang": "de"}]))
        self.fake.answer("POST", "/api/agent-runs/agent-1/search", 200, [{"docid": "de/p1", "score": 2.5, "snippet": "Er"}])
        self.fake.answer("GET", "/api/agent-runs/agent-1/documents/de/p1?queryId=q%201", 200, {"docid": "de/p1", "text": "Er."})
        self.fake.answer("POST", "/api/agent-runs/agent-1/answers", 201, {"queryId": "q 1"})
        self.fake.answer("POST", "/api/agent-runs/agent-1/close", 200, dict(view, state="CLOSED", calls=2, answers=1))
        self.fake.answer("GET", "/api/agent-runs/agent-1/files", 200, ["report.json", "run/run_q 1.json"])
        self.fake.answer("GET", "/api/agent-runs/agent-1/files/run/run_q%201.json", 200, {"query_id": "q 1"})

        run = self.gateway.open_agent_run("/tasks/t", "multilingual", "bm25", k=3, agent="mine")
        self.assertEqual(self.fake.requests[0].json(), {"task": "/tasks/t", "configuration": "multilingual",
                                                        "retriever": "bm25", "k": 3, "agent": "mine"})
        question = run.questions()[0]
        hits = run.search(question["queryId"], question["query"])
        self.assertEqual(self.fake.requests[2].json(), {"queryId": "q 1", "query": "Wer?"})
        self.assertEqual(run.get_document("q 1", hits[0]["docid"])["text"], "Er.")
        run.answer("q 1", "Exact Answer: Er [de/p1]", confidence=80)
        self.assertEqual(self.fake.requests[4].json(), {"queryId": "q 1", "text": "Exact Answer: Er [de/p1]", "confidence": 80})
        self.assertEqual(run.close()["state"], "CLOSED")
        self.assertEqual(run.wait_evaluated(timeout=5), ["report.json", "run/run_q 1.json"])
        self.assertEqual(json.loads(run.file("run/run_q 1.json")), {"query_id": "q 1"})


class TokenTest(unittest.TestCase):

    def test_argument_then_environment_then_secrets_file(self):
        with tempfile.TemporaryDirectory() as state:
            with open(os.path.join(state, "secrets.env"), "w") as f:
                f.write("# bench up\nCLIRBENCH_READER_TOKEN=reader\nCLIRBENCH_RUNNER_TOKEN= runner \n")
            self.assertEqual(resolve_token("arg", {"CLIRBENCH_TOKEN": "env"}, state), "arg")
            self.assertEqual(resolve_token(None, {"CLIRBENCH_TOKEN": "env"}, state), "env")
            self.assertEqual(resolve_token("  ", {"CLIRBENCH_TOKEN": " "}, state), "runner")
            self.assertIsNone(resolve_token(None, {}, os.path.join(state, "absent")))


class TablesAndProgressTest(unittest.TestCase):

    SUMMARY = 'run,R@10,R@10_cross,R@10\nbm25,"0.202 [0.190, 0.215]",0.138,0.2024\n'

    def test_a_repeated_column_is_suffixed_as_pandas_does(self):
        table = CsvTable("summary.csv", self.SUMMARY)
        self.assertEqual(table.columns(), ["run", "R@10", "R@10_cross", "R@10.1"])
        self.assertEqual(table.records(), [{"run": "bm25", "R@10": "0.202 [0.190, 0.215]", "R@10_cross": "0.138",
                                            "R@10.1": "0.2024"}])

    def test_a_row_of_another_width_names_its_line(self):
        with self.assertRaises(ValueError) as caught:
            CsvTable("metrics.csv", "a,b\n1,2\n3\n")
        self.assertIn("metrics.csv line 3: 1 fields where the header has 2", str(caught.exception))

    def test_to_dataframe_with_pandas_or_a_clear_error_without(self):
        table = CsvTable("summary.csv", self.SUMMARY)
        try:
            import pandas  # noqa: F401
        except ImportError:
            with self.assertRaises(ImportError) as caught:
                table.to_dataframe()
            self.assertIn("to_dataframe() needs pandas", str(caught.exception))
            return
        frame = table.to_dataframe()
        self.assertEqual(list(frame.columns), ["run", "R@10", "R@10_cross", "R@10.1"])
        self.assertAlmostEqual(frame["R@10.1"][0], 0.2024)

    def test_progress_line(self):
        # 6 of 12 published while RUNNING: 0.9 * 6/12 = 45%, 14 of 30 marks (round(0.45 * 30) = 14)
        self.assertEqual(progress_line(run_json("RUNNING", 6)),
                         "[" + "#" * 14 + "-" * 16 + "]  45% running  bm25 searched 6 / 12 queries")
        self.assertEqual(progress_line(run_json("QUEUED", 0, queue={"position": 2, "length": 3})),
                         "queued: position 2 of 3")
        out = io.StringIO()
        show = print_progress(out)
        for r in (run_json("RUNNING", 6), run_json("RUNNING", 6), run_json("COMPLETED", 12)):
            show(r)
        self.assertEqual(len(out.getvalue().splitlines()), 2)  # an unchanged line is not printed again


if __name__ == "__main__":
    unittest.main()
