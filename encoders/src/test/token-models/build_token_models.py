#!/usr/bin/env python3
"""Builds the test models of the sparse and multi-vector outputs: ONNX graphs with no learned weight, whose outputs
are computable by hand (EncoderOutputsTest, SparseMaxSimEndToEndTest) or at real vocabulary size (the xquad-clir
recall harness). Needs the onnx and numpy packages only (Debian: python3-onnx python3-numpy).

  build_token_models.py tiny DIR    writes DIR/model.onnx, DIR/tokenizer.json (a WordLevel tokenizer of 12 entries)
  build_token_models.py lexical TOKENIZER.json DIR
                                    writes DIR/model.onnx over the vocabulary of TOKENIZER.json (its size read from it)

tiny: vocabulary [PAD] 0, [UNK] 1, [CLS] 2, [SEP] 3, open 4, the 5, file 6, die 7, datei 8, network 9, das 10, netzwerk 11;
inputs input_ids, attention_mask [batch, seq]; outputs, all computed per token and zeroed at padded positions:
  token_vectors [batch, seq, 2]   = TOKEN_VECTORS[id] (dense: mean pooling; multivector rows)
  sparse_logits [batch, seq, 12]  = SPLADE_LOGITS[id] (splade: log(1 + relu(x)) = the weight W in the table below)
  token_weights [batch, seq, 1]   = TOKEN_WEIGHTS[id] (relu-max)
lexical: vocabulary size V from the tokenizer; outputs
  token_vectors [batch, seq, 64]  = a fixed random unit vector per token id (numpy seed 7), zeroed at padding
  token_weights [batch, seq, 1]   = 1 at every attended position: relu-max weight 1 for each distinct non-special
                                    token of the text (a SPLADE head would need [batch, seq, V] logits: 1 GB a batch
                                    of 8,192 tokens at V = 30,522)
The lexical model knows nothing of meaning: sparse scores count shared wordpieces, MaxSim matches equal wordpieces
(cosine 1) against random ones (cosine about +-0.125 at 64 dimensions).
"""
import json
import math
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

VOCAB = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "open", "the", "file", "die", "datei", "network", "das", "netzwerk"]
TOKEN_VECTORS = {
    "open": (1, 0), "the": (0.6, 0.8), "die": (0.6, 0.8), "das": (0.6, 0.8),
    "file": (0, 1), "datei": (0.28, 0.96), "network": (0.8, 0.6), "netzwerk": (0.96, 0.28),
}  # specials: (0, 0)
# SPLADE weights W (the logit stored is e^W - 1, so log(1 + relu(logit)) = W); every other logit is -1
SPLADE = {
    "open": {"open": 0.25},
    "file": {"file": 1.0, "datei": 0.5}, "datei": {"datei": 1.0, "file": 0.5},
    "network": {"network": 1.0, "netzwerk": 0.5}, "netzwerk": {"netzwerk": 1.0, "network": 0.5},
}
# relu-max: one value per token; the specials' 5 must be dropped (special tokens), "the" etc. 0.1
TOKEN_WEIGHTS = {"[CLS]": 5, "[SEP]": 5, "open": 0.25, "the": 0.1, "die": 0.1, "das": 0.1,
                 "file": 1, "datei": 1, "network": 1, "netzwerk": 1}


def masked_gather(table_name, out_name):
    """out = table[input_ids] * attention_mask[..., None]"""
    return [
        helper.make_node("Gather", [table_name, "input_ids"], [out_name + "_raw"], axis=0),
        helper.make_node("Mul", [out_name + "_raw", "mask_3d"], [out_name]),
    ]


def mask_nodes():
    return [
        helper.make_node("Cast", ["attention_mask"], ["mask_f"], to=TensorProto.FLOAT),
        helper.make_node("Unsqueeze", ["mask_f", "axis2"], ["mask_3d"]),
    ]


def io(outputs):
    inputs = [helper.make_tensor_value_info(n, TensorProto.INT64, ["batch", "seq"]) for n in ("input_ids", "attention_mask")]
    outs = [helper.make_tensor_value_info(n, TensorProto.FLOAT, ["batch", "seq", d]) for n, d in outputs]
    return inputs, outs


def save(graph, path):
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 8
    onnx.checker.check_model(model)
    onnx.save(model, path)


def tiny(out_dir):
    v = len(VOCAB)
    vectors = np.zeros((v, 2), np.float32)
    logits = np.full((v, v), -1.0, np.float32)
    weights = np.zeros((v, 1), np.float32)
    for word, vec in TOKEN_VECTORS.items():
        vectors[VOCAB.index(word)] = vec
    for word, row in SPLADE.items():
        for target, w in row.items():
            logits[VOCAB.index(word), VOCAB.index(target)] = math.exp(w) - 1
    for word, w in TOKEN_WEIGHTS.items():
        weights[VOCAB.index(word), 0] = w
    inits = [numpy_helper.from_array(vectors, "TOKEN_VECTORS"), numpy_helper.from_array(logits, "SPLADE_LOGITS"),
             numpy_helper.from_array(weights, "TOKEN_WEIGHTS"), numpy_helper.from_array(np.array([2], np.int64), "axis2")]
    nodes = mask_nodes() + masked_gather("TOKEN_VECTORS", "token_vectors") + masked_gather("SPLADE_LOGITS", "sparse_logits") \
        + masked_gather("TOKEN_WEIGHTS", "token_weights")
    inputs, outputs = io([("token_vectors", 2), ("sparse_logits", v), ("token_weights", 1)])
    save(helper.make_graph(nodes, "tiny-token-model", inputs, outputs, inits), out_dir + "/model.onnx")
    specials = VOCAB[:4]
    tokenizer = {
        "version": "1.0", "truncation": None, "padding": None,
        "added_tokens": [{"id": i, "content": t, "single_word": False, "lstrip": False, "rstrip": False,
                          "normalized": False, "special": True} for i, t in enumerate(specials)],
        "normalizer": {"type": "Lowercase"},
        "pre_tokenizer": {"type": "Whitespace"},
        "post_processor": {
            "type": "TemplateProcessing",
            "single": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}},
                       {"SpecialToken": {"id": "[SEP]", "type_id": 0}}],
            "pair": [{"SpecialToken": {"id": "[CLS]", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}},
                     {"SpecialToken": {"id": "[SEP]", "type_id": 0}}, {"Sequence": {"id": "B", "type_id": 1}},
                     {"SpecialToken": {"id": "[SEP]", "type_id": 1}}],
            "special_tokens": {t: {"id": t, "ids": [VOCAB.index(t)], "tokens": [t]} for t in ("[CLS]", "[SEP]")},
        },
        "decoder": None,
        "model": {"type": "WordLevel", "vocab": {t: i for i, t in enumerate(VOCAB)}, "unk_token": "[UNK]"},
    }
    with open(out_dir + "/tokenizer.json", "w") as f:
        json.dump(tokenizer, f, indent=1)


def lexical(tokenizer_path, out_dir):
    with open(tokenizer_path) as f:
        v = max(json.load(f)["model"]["vocab"].values()) + 1
    rng = np.random.default_rng(7)
    vectors = rng.standard_normal((v, 64)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    inits = [numpy_helper.from_array(vectors, "TOKEN_VECTORS"), numpy_helper.from_array(np.array([2], np.int64), "axis2"),
             numpy_helper.from_array(np.ones((v, 1), np.float32), "TOKEN_WEIGHTS")]
    nodes = mask_nodes() + masked_gather("TOKEN_VECTORS", "token_vectors") + masked_gather("TOKEN_WEIGHTS", "token_weights")
    inputs, outputs = io([("token_vectors", 64), ("token_weights", 1)])
    save(helper.make_graph(nodes, "lexical-token-model", inputs, outputs, inits), out_dir + "/model.onnx")


if __name__ == "__main__":
    if sys.argv[1] == "tiny":
        tiny(sys.argv[2])
    elif sys.argv[1] == "lexical":
        lexical(sys.argv[2], sys.argv[3])
    else:
        sys.exit("usage: build_token_models.py tiny DIR | lexical TOKENIZER.json DIR")
