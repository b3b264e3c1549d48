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
bash scripts/install.sh

echo "== C++ unit tests"
cmake -S . -B build/cpp-tests -G Ninja -DDEPYF_BUILD_TESTS=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build/cpp-tests -j2
ctest --test-dir build/cpp-tests --output-on-failure -j2

echo "== Python tests"
# Run from outside the checkout so the installed package (with its compiled
# extension) is what gets imported, not the source folder.
cd tests && $PYTHON -m pytest -q -p no:cacheprovider "$@"
