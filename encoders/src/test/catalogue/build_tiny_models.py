#!/usr/bin/env python3
"""Builds the tiny models that CatalogueConventionsTest runs every catalogue card's conventions on.

    python3 build_tiny_models.py OUT_DIR      (needs the onnx and numpy packages)

Writes, into OUT_DIR (checked in as src/test/resources/catalogue/):
  tiny-encoder.onnx        bidirectional: h[t] = E[id[t]] + S, S = sum of E over the attended tokens
                           outputs last_hidden_state [b, s, 6], pooler_output [b, 6] = tanh(h[0]) (BERT's pooler with
                           an identity dense layer), sentence_embedding [b, 6] = mean of h over the attended tokens
  tiny-decoder.onnx        causal: h[t] = sum of E over the attended tokens up to t (last_hidden_state [b, s, 6])
  encoder-tokenizer.json   WordLevel over VOCAB, Whitespace pre-tokenizer, "<s> $A </s>" (XLM-R/BERT style)
  decoder-tokenizer.json   same vocabulary, "$A <|endoftext|>" (Qwen3-Embedding appends its end-of-text token)

E is TOKEN_VECTORS below, small integers so that every pooled vector can be computed by hand; the same table is
written out in CatalogueConventionsTest. Inputs: input_ids and attention_mask (int64, [batch, seq]).
"""
import json
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

VOCAB = ["<pad>", "<s>", "</s>", "<unk>", "<|endoftext|>", "query", ":", "passage", "Instruct", "Query", "cat", "sat",
         "search_query", "search_document", "task", "|", "title", "text", "none", "search", "result"]
TOKEN_VECTORS = [
    [9, 9, 9, 9, 9, 9],    # <pad>: never attended; a pad token that leaked into pooling would stand out
    [1, 0, 0, 0, 0, 0],    # <s>
    [0, 1, 0, 0, 0, 0],    # </s>
    [0, 0, 0, 0, 0, 1],    # <unk>
    [0, 1, 0, 0, 0, 1],    # <|endoftext|>
    [0, 0, 1, 0, 0, 0],    # query
    [0, 0, 0, 1, 0, 0],    # :
    [0, 0, 0, 0, 1, 0],    # passage
    [1, 0, 1, 0, 0, 0],    # Instruct
    [0, 0, 1, 1, 0, 0],    # Query
    [0, 0, 0, 0, 2, 1],    # cat
    [0, 0, 2, 0, 0, 1],    # sat
    [1, 0, 0, 1, 0, 0],    # search_query
    [0, 1, 0, 0, 1, 0],    # search_document
    [1, 1, 1, 0, 0, 0],    # task
    [0, 0, 0, 1, 1, 1],    # |
    [1, 0, 0, 0, 1, 0],    # title
    [0, 1, 0, 1, 0, 0],    # text
    [0, 0, 1, 0, 1, 0],    # none
    [1, 0, 0, 0, 0, 1],    # search
    [0, 1, 1, 0, 0, 0],    # result
]
DIM = 6
OPSET = 17


def common_nodes():
    """X = E[input_ids] [b, s, 6]; M = attention_mask as float [b, s, 1]; XM = X * M."""
    return [
        helper.make_node("Gather", ["E", "input_ids"], ["X"], axis=0),
        helper.make_node("Cast", ["attention_mask"], ["maskf"], to=TensorProto.FLOAT),
        helper.make_node("Unsqueeze", ["maskf", "axis2"], ["M"]),
        helper.make_node("Mul", ["X", "M"], ["XM"]),
    ]


def initializers():
    return [numpy_helper.from_array(np.array(TOKEN_VECTORS, dtype=np.float32), "E"),
            numpy_helper.from_array(np.array([2], dtype=np.int64), "axis2")]


def inputs():
    return [helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "seq"]),
            helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["batch", "seq"])]


def save(graph, path):
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="clirbench-catalogue-test")
    model.ir_version = 8
    onnx.checker.check_model(model)
    onnx.save(model, path)


def encoder(path):
    nodes = common_nodes() + [
        helper.make_node("ReduceSum", ["XM", "axis1"], ["S"], keepdims=1),             # [b, 1, 6]
        helper.make_node("Add", ["X", "S"], ["last_hidden_state"]),                     # [b, s, 6]
        helper.make_node("Gather", ["last_hidden_state", "first"], ["h0"], axis=1),     # [b, 6]
        helper.make_node("Tanh", ["h0"], ["pooler_output"]),
        helper.make_node("Mul", ["last_hidden_state", "M"], ["HM"]),
        helper.make_node("ReduceSum", ["HM", "axis1"], ["sumH"], keepdims=0),           # [b, 6]
        helper.make_node("ReduceSum", ["M", "axis1"], ["count"], keepdims=0),           # [b, 1]
        helper.make_node("Div", ["sumH", "count"], ["sentence_embedding"]),
    ]
    outputs = [helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch", "seq", DIM]),
               helper.make_tensor_value_info("pooler_output", TensorProto.FLOAT, ["batch", DIM]),
               helper.make_tensor_value_info("sentence_embedding", TensorProto.FLOAT, ["batch", DIM])]
    init = initializers() + [numpy_helper.from_array(np.array([1], dtype=np.int64), "axis1"),
                             numpy_helper.from_array(np.array(0, dtype=np.int64), "first")]
    save(helper.make_graph(nodes, "tiny-encoder", inputs(), outputs, init), path)


def decoder(path):
    nodes = common_nodes() + [
        helper.make_node("CumSum", ["XM", "axis1_scalar"], ["last_hidden_state"]),    # [b, s, 6]
    ]
    init = initializers() + [numpy_helper.from_array(np.array(1, dtype=np.int64), "axis1_scalar")]
    outputs = [helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch", "seq", DIM])]
    save(helper.make_graph(nodes, "tiny-decoder", inputs(), outputs, init), path)


def tokenizer(path, before, after):
    specials = ["<pad>", "<s>", "</s>", "<unk>", "<|endoftext|>"]

    def special(token):
        return {"SpecialToken": {"id": token, "type_id": 0}}

    single = [special(t) for t in before] + [{"Sequence": {"id": "A", "type_id": 0}}] + [special(t) for t in after]
    pair = single + [{"Sequence": {"id": "B", "type_id": 1}}] + [special(t) for t in after]
    doc = {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [{"id": VOCAB.index(t), "content": t, "single_word": False, "lstrip": False, "rstrip": False,
                          "normalized": False, "special": True} for t in specials],
        "normalizer": None,
        "pre_tokenizer": {"type": "Whitespace"},
        "post_processor": {"type": "TemplateProcessing", "single": single, "pair": pair,
                           "special_tokens": {t: {"id": t, "ids": [VOCAB.index(t)], "tokens": [t]} for t in before + after}},
        "decoder": None,
        "model": {"type": "WordLevel", "vocab": {t: i for i, t in enumerate(VOCAB)}, "unk_token": "<unk>"},
    }
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")


def main(out):
    os.makedirs(out, exist_ok=True)
    encoder(os.path.join(out, "tiny-encoder.onnx"))
    decoder(os.path.join(out, "tiny-decoder.onnx"))
    tokenizer(os.path.join(out, "encoder-tokenizer.json"), ["<s>"], ["</s>"])
    tokenizer(os.path.join(out, "decoder-tokenizer.json"), [], ["<|endoftext|>"])


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: build_tiny_models.py OUT_DIR")
    main(sys.argv[1])
