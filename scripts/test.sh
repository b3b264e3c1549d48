#!/usr/bin/env bash
# Installs everything, then runs every test: C++ unit tests (GoogleTest via
# ctest) and Python tests (pytest).
set -euo pipefail
PYTHON=${PYTHON:-python3}
# A relative interpreter path (PYTHON=venv/bin/python) must survive the
# changes of directory below.
if [[ "$PYTHON" == */* ]]; then PYTHON="$(cd "$(dirname "$PYTHON")" && pwd)/$(basename "$PYTHON")"; fi
export PYTHON
cd "$(dirname "$0")/.."
DEPYF_CPP_TESTS=1 bash scripts/install.sh

# CPython 3.14 and 3.15, the reference interpreters pyenv does not have, from a
# Debian unstable root (quick when already set up). Without root the 3.14/3.15
# tests are skipped, each saying why.
if [ "$(id -u)" = 0 ]; then
  bash scripts/debian_pythons.sh
else
  echo "!! not root: CPython 3.14/3.15 cannot be set up (scripts/debian_pythons.sh needs root); their tests are skipped"
fi

# The HTML report's test opens its pages in a real browser: Debian's Chromium, headless.
if ! command -v chromium >/dev/null 2>&1; then
  echo "== installing chromium (the report's browser test)"
  sudo_cmd=()
  [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
  { "${sudo_cmd[@]}" apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq chromium >/dev/null; } ||
    echo "!! chromium could not be installed: the report's browser test is skipped"
fi

# Each stage's output is kept in build/test-output/ so the summary printed at
# the end (also when a stage fails) can say what ran, what passed and what was
# skipped and why, without scrolling back through thousands of lines.
LOGS=build/test-output
mkdir -p "$LOGS"
rm -f "$LOGS"/ctest.log "$LOGS"/pytest.log "$LOGS"/torch-3.*.log
trap 'bash scripts/test_summary.sh "$LOGS"' EXIT

echo "== C++ unit tests"
# Built by install.sh together with the package (its build folder, named by
# the wheel tag, holds both), so the core is compiled once.
cpp_tests_dir=$(dirname "$(ls build/cp3*-abi3-*/depyf_cpp_tests 2>/dev/null | head -1)")
if [ ! -x "$cpp_tests_dir/depyf_cpp_tests" ]; then
  echo "!! the C++ unit tests were not built with the package (no build/cp3*-abi3-*/depyf_cpp_tests)"
  exit 1
fi
ctest --test-dir "$cpp_tests_dir" --output-on-failure -j2 2>&1 | tee "$LOGS/ctest.log"

echo "== Python tests"
# Run from outside the checkout so the installed package (with its compiled
# extension) is what gets imported, not the source folder.
(cd tests && $PYTHON -m pytest -q -p no:cacheprovider -rs "$@") 2>&1 | tee "$LOGS/pytest.log"

# The explainer where only PyPI's torch exists: CPython 3.14 and 3.15 with
# torch 2.15 (a CUDA build, run on the CPU; its environment is made on first
# use, several GB). Skipped with the 3.14/3.15 interpreters when not root, or
# when arguments pick particular tests.
if [ "$(id -u)" = 0 ] && [ $# = 0 ]; then
  for minor in 14 15; do
    echo "== the explainer on CPython 3.$minor with torch 2.15.0"
    $PYTHON tools/torch_envs.py run --python 3.$minor --torch 2.15.0 --ci-slice 2>&1 | tee "$LOGS/torch-3.$minor.log"
  done
fi
