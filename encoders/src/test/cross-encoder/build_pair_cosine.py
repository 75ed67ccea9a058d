#!/usr/bin/env python3
"""Builds the test cross-encoder of the embedder-service: a REAL pair-scoring ONNX graph made from a built-in
model's weights, since no trained cross-encoder can be downloaded here.

The graph takes the tokenizer's pair encoding of (query, document) -- input_ids, attention_mask,
token_type_ids of "[CLS] query [SEP] document [SEP]" -- runs all-MiniLM-L6-v2's encoder (the built-in ONNX
file, unchanged) over the whole pair sequence, and scores the pair with a head that has no learned weight: the
cosine of the mean hidden state of the query segment (type 0) and of the document segment (type 1). Output
"logits", shape [batch, 1]. It exercises the cross-encoder path end to end (pair input, one score out); it is
NOT a trained re-ranker and says nothing about re-ranking quality.

  build_pair_cosine.py build BASE.onnx OUT.onnx      (needs the onnx package only: run at test time)
  build_pair_cosine.py expect OUT.onnx TOKENIZER.json EXPECTED.json
                                                     (needs onnxruntime and tokenizers: run once by a developer;
                                                      writes the reference scores the Java test compares with)
"""
import json
import sys

import onnx
from onnx import TensorProto, helper

PAIRS = [
    ["What is the capital of France?", "Paris is the capital and largest city of France."],
    ["What is the capital of France?", "The mitochondrion is the powerhouse of the cell."],
    ["how do plants make food", "Photosynthesis turns light, water and carbon dioxide into sugar."],
    ["how do plants make food", "The stock market fell sharply on Monday."],
    ["Wer schrieb den Faust?", "Johann Wolfgang von Goethe schrieb den Faust."],
]
MAX_TOKENS = 256


def build(base_path, out_path):
    model = onnx.load(base_path)
    g = model.graph
    hidden = g.output[0].name  # last_hidden_state [batch, seq, 384]
    nodes = [
        helper.make_node("Cast", ["attention_mask"], ["mask_f"], to=TensorProto.FLOAT),
        helper.make_node("Cast", ["token_type_ids"], ["type_f"], to=TensorProto.FLOAT),
        helper.make_node("Mul", ["mask_f", "type_f"], ["mask_doc"]),              # attended type-1 tokens
        helper.make_node("Sub", ["mask_f", "mask_doc"], ["mask_query"]),          # attended type-0 tokens
    ]
    for seg in ("query", "doc"):
        nodes += [
            helper.make_node("Unsqueeze", [f"mask_{seg}"], [f"mask_{seg}_3d"], axes=[2]),
            helper.make_node("Mul", [hidden, f"mask_{seg}_3d"], [f"masked_{seg}"]),
            helper.make_node("ReduceSum", [f"masked_{seg}"], [f"sum_{seg}"], axes=[1], keepdims=0),
            helper.make_node("ReduceSum", [f"mask_{seg}"], [f"count_{seg}"], axes=[1], keepdims=1),
            helper.make_node("Max", [f"count_{seg}", "one"], [f"count_{seg}_safe"]),
            helper.make_node("Div", [f"sum_{seg}", f"count_{seg}_safe"], [f"mean_{seg}"]),
            helper.make_node("Mul", [f"mean_{seg}", f"mean_{seg}"], [f"sq_{seg}"]),
            helper.make_node("ReduceSum", [f"sq_{seg}"], [f"norm2_{seg}"], axes=[1], keepdims=1),
        ]
    nodes += [
        helper.make_node("Mul", ["mean_query", "mean_doc"], ["prod"]),
        helper.make_node("ReduceSum", ["prod"], ["dot"], axes=[1], keepdims=1),
        helper.make_node("Mul", ["norm2_query", "norm2_doc"], ["norm2"]),
        helper.make_node("Max", ["norm2", "tiny"], ["norm2_safe"]),
        helper.make_node("Sqrt", ["norm2_safe"], ["norm"]),
        helper.make_node("Div", ["dot", "norm"], ["logits"]),
    ]
    g.node.extend(nodes)
    g.initializer.extend([
        helper.make_tensor("one", TensorProto.FLOAT, [], [1.0]),
        helper.make_tensor("tiny", TensorProto.FLOAT, [], [1e-12]),
    ])
    del g.output[:]
    g.output.append(helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["batch_size", 1]))
    model.producer_name = "clirbench build_pair_cosine.py"
    onnx.checker.check_model(model)
    onnx.save(model, out_path)


def expect(model_path, tokenizer_path, expected_path):
    import numpy as np
    import onnxruntime as ort
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(tokenizer_path)
    tokenizer.no_padding()
    tokenizer.enable_truncation(MAX_TOKENS, strategy="longest_first")
    session = ort.InferenceSession(model_path, providers=["CPUExecutionProvider"])
    out = []
    for query, document in PAIRS:
        e = tokenizer.encode(query, document)  # one pair at a time, unpadded
        feed = {"input_ids": np.array([e.ids], dtype=np.int64),
                "attention_mask": np.array([e.attention_mask], dtype=np.int64),
                "token_type_ids": np.array([e.type_ids], dtype=np.int64)}
        score = float(session.run(["logits"], feed)[0][0][0])
        out.append({"query": query, "document": document, "tokens": len(e.ids), "score": score})
    with open(expected_path, "w", encoding="utf-8") as f:
        json.dump({"generator": "build_pair_cosine.py expect (python onnxruntime %s, tokenizers, one pair per run)"
                   % ort.__version__, "maxTokens": MAX_TOKENS, "pairs": out}, f, ensure_ascii=False, indent=2)
        f.write("\n")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "build":
        build(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 5 and sys.argv[1] == "expect":
        expect(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        sys.exit(__doc__)
