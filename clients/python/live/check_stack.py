"""The client against a real gateway (run by e2e PythonClientEndToEndTest, which compares what this writes with what
the Java side reads of the same runs). Every step asserts what it can on its own; a failure exits non-zero.

python3 live/check_stack.py --gateway URL --dataset DIR --qa-dataset DIR --task DIR --out FILE
(token: $CLIRBENCH_TOKEN; PYTHONPATH must hold clients/python)
"""

import argparse
import json
import sys

from clirbench_client import Gateway, GatewayError, print_progress

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
    page = gateway.runs(limit=1)
    return {"dataset": dataset_id, "datasets": listed, "runId": end["id"], "state": end["state"],
            "newestRun": page[0]["id"], "totalRuns": page.total, "report": gateway.run_report(end["id"]),
            "wholeRunMetrics": whole_run, "summaryColumns": summary.columns(), "dataframe": dataframe(summary),
            "refusal": refusal(lambda: gateway.submit_run(dataset_id, ["bm25"], depth=0))}


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
    """Per question one search with the question, one get_document of the first hit, an answer citing it."""
    run = gateway.open_agent_run(task_dir, "multilingual", "bm25", k=3, bootstrap=BOOTSTRAP, agent="python-client")
    questions = run.questions()
    assert questions, "no questions"
    for q in questions:
        hits = run.search(q["queryId"], q["query"])
        assert hits and {"docid", "score", "snippet"} <= set(hits[0]), hits
        document = run.get_document(q["queryId"], hits[0]["docid"])
        assert document["docid"] == hits[0]["docid"] and document["text"], document
        words = " ".join(document["text"].split()[:3])
        run.answer(q["queryId"], "Explanation: the first hit [%s]\nExact Answer: %s\nConfidence: 50%%" % (hits[0]["docid"], words),
                   confidence=50)
    closed = run.close()
    assert closed["state"] == "CLOSED", closed
    names = run.wait_evaluated(timeout=TIMEOUT_S)
    return {"runId": run.id, "questions": len(questions), "calls": closed["calls"], "answers": closed["answers"],
            "files": names, "report": run.report(), "refusal": refusal(lambda: run.close())}


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
    for name in ("--gateway", "--dataset", "--qa-dataset", "--task", "--out"):
        args.add_argument(name, required=True)
    a = args.parse_args()
    gateway = Gateway(a.gateway)
    result = {"retrieval": retrieval(gateway, a.dataset), "qa": qa(gateway, a.qa_dataset), "agent": agent(gateway, a.task)}
    with open(a.out, "w", encoding="utf-8") as f:
        json.dump(result, f, ensure_ascii=False, indent=1)
    print("python client: retrieval run %s, QA run %s, agent run %s checked" % (
        result["retrieval"]["runId"], result["qa"]["runId"], result["agent"]["runId"]))


if __name__ == "__main__":
    main()
