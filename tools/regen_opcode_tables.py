"""Regenerate cpp/opcodes/generated/ by running gen_opcode_tables.py under each interpreter."""

from __future__ import annotations

import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from pythons import all_pythons  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
GENERATOR = ROOT / "tools" / "gen_opcode_tables.py"
OUT_DIR = ROOT / "cpp" / "opcodes" / "generated"


def main() -> None:
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    for minor, python in all_pythons(required=True).items():
        text = subprocess.run([python, str(GENERATOR)], check=True, capture_output=True, text=True).stdout
        target = OUT_DIR / ("opcodes_3_%d.cpp" % minor)
        target.write_text(text)
        print("wrote %s (%s)" % (target.relative_to(ROOT), python))


if __name__ == "__main__":
    main()
