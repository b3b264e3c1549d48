#!/usr/bin/env bash
# Installs depyf (and torch), then runs the main example: a small model under
# torch.compile inside depyf.prepare_debug, summarising what this run dumped.
# The dump directory is kept between runs (files with the same content keep
# their names, so breakpoints set in them stay); the summary comes from the
# run's manifest (depyf_runs/), so files of earlier runs are never counted.
# It also shows the bytecode toolkit on the bundled .pyc of every Python version.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
bash scripts/install.sh

# Run from outside the checkout: its depyf/ folder (no compiled extension)
# would otherwise shadow the installed package.
repo=$(pwd)
dump="$repo/depyf_demo_dump"
echo
echo "################ torch.compile under depyf.prepare_debug (examples/torch_compile_demo.py)"
(cd /tmp && $PYTHON "$repo/examples/torch_compile_demo.py" "$dump")

echo
echo "################ the HTML report of the dump (depyf report)"
(cd /tmp && $PYTHON -m depyf report "$dump")

echo
echo "################ the bytecode toolkit on the bundled .pyc files (3.8-3.13)"
for pyc in examples/pyc/*.pyc; do
  (cd /tmp && $PYTHON -m depyf dis "$repo/$pyc" >/dev/null)
  echo "  depyf dis $pyc: ok"
done
echo
echo "The dump is in $dump; open its report in a browser: file://$dump/index.html"
echo "Try also: $PYTHON -m depyf dis --json $repo/examples/pyc/sample.cpython-312.pyc"
