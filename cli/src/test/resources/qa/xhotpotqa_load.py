"""Loads a JSONL file with XHotpotQA's own loader and reports what it found (used by QaExportCommandTest).

For every line: XHotpotInstance.from_dict(record).validate() (what read_instances does), whether the line is
byte for byte what the peer's write_instances would write for the loaded instance, and whether the stored
checksum is the peer's compute_checksum; then the peer's validate_instances over the file (what its
`validate` command runs: checksums, duplicate ids; its command itself fails in v0.4.0: it
prints `report.__dict__` of a slots dataclass). Prints one JSON object.
"""

import json
import sys
from pathlib import Path

from xhotpotqa.data.checksum import compute_checksum
from xhotpotqa.data.io import canonical_json, read_instances
from xhotpotqa.data.models import XHotpotInstance
from xhotpotqa.data.validation import validate_instances

loaded = identical = checksums = 0
languages = set()
for line in Path(sys.argv[1]).read_text(encoding="utf-8").splitlines():
    if not line.strip():
        continue
    instance = XHotpotInstance.from_dict(json.loads(line))
    instance.validate()
    loaded += 1
    identical += canonical_json(instance.to_dict()) == line
    checksums += instance.checksum == compute_checksum(instance)
    languages.add(instance.question_language)
    languages.update(candidate.language for candidate in instance.candidates)
report = validate_instances(read_instances(Path(sys.argv[1])))
print(json.dumps({"loaded": loaded, "identical_lines": identical, "valid_checksums": checksums,
                  "languages": sorted(languages),
                  "validate": {"count": report.count, "duplicate_ids": report.duplicate_ids,
                               "invalid_checksums": report.invalid_checksums, "errors": list(report.errors),
                               "ok": report.ok}}, ensure_ascii=False))
