#!/usr/bin/env bash
# Builds the libFuzzer targets with clang, AddressSanitizer and
# UndefinedBehaviorSanitizer, seeds them with every bundled .pyc, and runs
# each for $SECONDS_PER_TARGET seconds (default 600). Findings (crash-*,
# leak-*, timeout-*) land in build/fuzz/findings/.
#   usage: tools/fuzz/run_fuzz.sh [seconds_per_target] [target...]
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_pyc fuzz_marshal)

if ! command -v clang++ >/dev/null; then
  echo "clang++ is needed: apt-get install clang libclang-rt-14-dev" >&2
  exit 1
fi
CC=clang CXX=clang++ cmake -S . -B build/fuzz -G Ninja -DDEPYF_BUILD_FUZZERS=ON -DDEPYF_SANITIZE=ON \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build/fuzz -j2 --target "${targets[@]}"

seeds=build/fuzz/seeds
mkdir -p "$seeds/pyc" "$seeds/marshal" build/fuzz/findings
find examples tests/data -name '*.pyc' -exec cp {} "$seeds/pyc/" \; 2>/dev/null || true
# The marshal target wants a version byte then marshal data: derive seeds from the pycs.
python3 - "$seeds" <<'PY'
import pathlib, sys
seeds = pathlib.Path(sys.argv[1])
magic_to_minor = [(3400, 8), (3420, 9), (3430, 10), (3450, 11), (3500, 12), (3550, 13), (3600, None)]
for pyc in (seeds / "pyc").glob("*.pyc"):
    data = pyc.read_bytes()
    magic = int.from_bytes(data[:2], "little")
    minor = None
    for (start, m), (end, _) in zip(magic_to_minor, magic_to_minor[1:]):
        if start <= magic < end:
            minor = m
    if minor is not None:
        (seeds / "marshal" / pyc.name).write_bytes(bytes([minor - 8]) + data[16:])
PY

for target in "${targets[@]}"; do
  kind=${target#fuzz_}
  corpus=build/fuzz/corpus/$kind
  mkdir -p "$corpus"
  echo "== $target for ${seconds}s"
  (cd build/fuzz/findings && ../"$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
    -print_final_stats=1 "../../../$corpus" "../../../$seeds/$kind") 2>&1 | tail -n 25
done
