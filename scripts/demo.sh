#!/usr/bin/env bash
# Installs depyf, then disassembles the bundled example .pyc of every
# supported Python version with the `depyf` command line.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
bash scripts/install.sh

for pyc in examples/pyc/*.pyc; do
  echo
  echo "################ depyf dis $pyc"
  $PYTHON -m depyf dis "$pyc"
done
echo
echo "Disassembled $(ls examples/pyc/*.pyc | wc -l) bundled .pyc files, one per supported Python version."
echo "Try: $PYTHON -m depyf dis --json examples/pyc/$(ls examples/pyc | tail -n 1)"
