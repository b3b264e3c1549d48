#!/usr/bin/env bash
# Installs depyf, then disassembles the bundled example .pyc of every
# supported Python version with the `depyf` command line.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
bash scripts/install.sh

# Run from outside the checkout: its depyf/ folder (no compiled extension)
# would otherwise shadow the installed package.
repo=$(pwd)
for pyc in examples/pyc/*.pyc; do
  echo
  echo "################ depyf dis $pyc"
  (cd /tmp && $PYTHON -m depyf dis "$repo/$pyc")
done
echo
echo "Disassembled $(ls examples/pyc/*.pyc | wc -l) bundled .pyc files covering every supported Python version (3.8-3.13)."
echo "Try (from any directory outside this checkout):"
echo "  $PYTHON -m depyf dis --json $repo/examples/pyc/sample.cpython-312.pyc"
