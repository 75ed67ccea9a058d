"""Runs XHotpotQA's own judge sampler (used by BuildQaJudgeCommandTest).

Arguments: instances.jsonl, a HotpotQA-layout source JSON, seed, paragraphs, questions and answers per language.
Reads the instances with the peer's read_instances and the source with its load_source_records, runs its
sample_units, and prints one JSON array: each sampled unit's record_id, in the peer's order.
"""

import json
import sys
from pathlib import Path

from xhotpotqa.data.io import read_instances
from xhotpotqa.evaluation.judge import load_source_records, sample_units

instances = list(read_instances(Path(sys.argv[1])))
sources = load_source_records({"validation": Path(sys.argv[2])})
seed, paragraphs, questions, answers = (int(x) for x in sys.argv[3:7])
units = sample_units(instances, sources, paragraph_per_language=paragraphs, question_per_language=questions,
                     answer_per_language=answers, seed=seed)
print(json.dumps([unit.record_id for unit in units]))
