"""The client against a real gateway (run by e2e PythonClientEndToEndTest, which compares what this writes with what
the Java side reads of the same runs). Every step asserts what it can on its own; a failure exits non-zero.

python3 live/check_stack.py --gateway URL --dataset DIR --big-dataset DIR --qa-dataset DIR --task DIR --out FILE
(token: $CLIRBENCH_TOKEN; PYTHONPATH must hold clients/python)
"""

import argparse
import json
import sys

from clirbench_client import Gateway, GatewayError, RunTimeout, print_progress

BOOTSTRAP = 200
TIMEOUT_S = 600


def retrieval(gateway, dataset_dir):
    registered = gateway.register_dataset(dataset_dir)
    dataset_id = registered["id"]
    listed = [d["id"] for d in gateway.datasets()]
    assert dataset_id in listed, "registered %s, listed %s" % (dataset_id, listed)
    submitted = gateway.submit_run(dataset_id, ["bm25"], depth=100, seed=42, bootstrap=BOOTSTRAP)
    end = gateway.follow_run(submitted["id"], timeout=TIMEOUT_S, progress=print_progress(sys.stdout))
    assert end["state"] == "COMPLETED", end
    metrics = gateway.run_metrics(end["id"])
    whole_run = [[r["run"], r["metric"], r["value"]] for r in metrics.records()
                 if r["slice_key"] == "" and r["slice_value"] == ""]
    assert whole_run, "no whole-run rows in metrics.csv"
    summary = gateway.run_summary(end["id"])
    assert [r["run"] for r in summary.records()] == ["bm25"], summary.records()
    return {"dataset": dataset_id, "runId": end["id"], "state": end["state"],
            "report": gateway.run_report(end["id"]),
            "wholeRunMetrics": whole_run, "summaryColumns": summary.columns(), "dataframe": dataframe(summary),
            "refusal": refusal(lambda: gateway.submit_run(dataset_id, ["bm25"], depth=0))}


def cancelled(gateway, big_dataset_dir):
    """A run on a dataset large enough to be still QUEUED or RUNNING at the first read: followed with no time at all
    and cancel_on_timeout, so the follower cancels it; then followed to its end."""
    dataset_id = gateway.register_dataset(big_dataset_dir)["id"]
    submitted = gateway.submit_run(dataset_id, ["bm25"], bootstrap=BOOTSTRAP)
    try:
        gateway.follow_run(submitted["id"], timeout=0, cancel_on_timeout=True)
        raise AssertionError("run %s ended before its first read" % submitted["id"])
    except RunTimeout as e:
        assert e.cancelled, e
    end = gateway.follow_run(submitted["id"], timeout=TIMEOUT_S)
    page = gateway.runs(limit=1)
    return {"runId": end["id"], "state": end["state"], "newestRun": page[0]["id"], "totalRuns": page.total,
            "datasets": [d["id"] for d in gateway.datasets()]}


def qa(gateway, qa_dir):
    dataset_id = gateway.register_qa_dataset(qa_dir)["id"]
    listed = [d["id"] for d in gateway.qa_datasets()]
    assert dataset_id in listed, "registered %s, listed %s" % (dataset_id, listed)
    submitted = gateway.submit_qa_run(dataset_id, ["select:lexical"], seed=42, bootstrap=BOOTSTRAP)
    end = gateway.follow_qa_run(submitted["id"], timeout=TIMEOUT_S, progress=print_progress(sys.stdout))
    assert end["state"] == "COMPLETED", end
    summary = gateway.qa_table(end["id"], "summary.csv")
    return {"dataset": dataset_id, "runId": end["id"], "report": gateway.qa_report(end["id"]),
            "summaryRows": len(summary.rows), "predictionLines": len(gateway.qa_predictions(end["id"], "select:lexical")
                                                                      .strip().splitlines())}


def agent(gateway, task_dir):
    """Per question one search with the question and, when it found something, one get_document of the first hit;
    an answer citing it. Returns the calls made, which the gateway must have counted."""
    run = gateway.open_agent_run(task_dir, "multilingual", "bm25", k=3, bootstrap=BOOTSTRAP, agent="python-client")
    questions = run.questions()
    assert questions, "no questions"
    searches = documents = 0
    for q in questions:
        hits = run.search(q["queryId"], q["query"])
        searches += 1
        cited, words = "", "nothing found"
        if hits:
            assert {"docid", "score", "snippet"} <= set(hits[0]), hits
            document = run.get_document(q["queryId"], hits[0]["docid"])
            documents += 1
            assert document["docid"] == hits[0]["docid"] and document["text"], document
            cited, words = " [%s]" % hits[0]["docid"], " ".join(document["text"].split()[:3])
        run.answer(q["queryId"], "Explanation: the first hit%s\nExact Answer: %s\nConfidence: 50%%" % (cited, words),
                   confidence=50)
    closed = run.close()
    assert closed["state"] == "CLOSED", closed
    names = run.wait_evaluated(timeout=TIMEOUT_S)
    return {"runId": run.id, "questions": len(questions), "searches": searches, "documents": documents,
            "calls": closed["calls"], "answers": closed["answers"], "files": names, "report": run.report(),
            "refusal": refusal(lambda: run.close())}


def refusal(call):
    try:
        call()
    except GatewayError as e:
        return {"status": e.status, "title": e.title, "detail": e.detail, "errors": e.errors, "message": str(e)}
    raise AssertionError("the gateway accepted what it should refuse")


def dataframe(table):
    try:
        frame = table.to_dataframe()
    except ImportError as e:
        return {"pandas": False, "error": str(e)}
    return {"pandas": True, "rows": len(frame)}


def main():
    args = argparse.ArgumentParser(description=__doc__)
    for name in ("--gateway", "--dataset", "--big-dataset", "--qa-dataset", "--task", "--out"):
        args.add_argument(name, required=True)
    a = args.parse_args()
    gateway = Gateway(a.gateway)
    result = {"retrieval": retrieval(gateway, a.dataset), "cancelled": cancelled(gateway, a.big_dataset), "qa": qa(gateway, a.qa_dataset), "agent": agent(gateway, a.task)}
    with open(a.out, "w", encoding="utf-8") as f:
        json.dump(result, f, ensure_ascii=False, indent=1)
    print("python client: retrieval run %s, QA run %s, agent run %s checked" % (
        result["retrieval"]["runId"], result["qa"]["runId"], result["agent"]["runId"]))


if __name__ == "__main__":
    main()
