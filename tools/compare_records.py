"""Compare two `tools/roundtrip.py --records` files unit by unit.

    python3 tools/compare_records.py BEFORE.jsonl AFTER.jsonl [--examples N]

Prints how many units changed status per version (equal/differ/error...),
then up to N examples of each change. Exits with status 1 when a unit that
was equal before is anything else now: a change to the decompiler must not
lose an equal unit, even when the totals rise.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import sys
from typing import Dict, List, Tuple

Key = Tuple[str, str, str, str]  # version, file, unit, kind


def load(path: str) -> Dict[Key, dict]:
    records: Dict[Key, dict] = {}
    with open(path, encoding="utf-8") as stream:
        for line in stream:
            record = json.loads(line)
            records[(record["version"], record["file"], record["unit"], record["kind"])] = record
    return records


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--examples", type=int, default=10, help="examples shown per kind of change")
    args = parser.parse_args()
    before, after = load(args.before), load(args.after)

    changes: Dict[Tuple[str, str, str], int] = collections.Counter()
    examples: Dict[Tuple[str, str], List[str]] = collections.defaultdict(list)
    for key, record in sorted(after.items()):
        old = before.get(key)
        if old is None or old["status"] == record["status"]:
            continue
        version, path, unit, kind = key
        change = (old["status"], record["status"])
        changes[(version, kind) + change] += 1
        examples[change].append("%s %s %s:%s  %s" % (version, kind, os.path.basename(path), unit, record["detail"][-100:]))

    if not changes:
        print("no unit changed status")
    for (version, kind, old_status, new_status), count in sorted(changes.items()):
        print("%-5s %-8s %s -> %s: %d" % (version, kind, old_status, new_status, count))
    for (old_status, new_status), lines in sorted(examples.items()):
        print("\n%s -> %s:" % (old_status, new_status))
        for line in lines[: args.examples]:
            print("  " + line)
    lost = sum(count for (_, _, old_status, new_status), count in changes.items() if old_status == "equal")
    if lost:
        print("\n%d unit(s) were equal before and are not now" % lost, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
