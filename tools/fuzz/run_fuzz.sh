#!/usr/bin/env bash
# Builds the libFuzzer targets with clang, AddressSanitizer and
# UndefinedBehaviorSanitizer (aborting on the first report), seeds them with
# every bundled .pyc / marshal file plus small modules compiled by each
# installed CPython 3.8-3.13, and runs each target for SECONDS (default 600),
# one after the other. Only the fuzz targets and the core are built.
#   usage: tools/fuzz/run_fuzz.sh [seconds_per_target] [target...]
#   targets: fuzz_pyc fuzz_marshal fuzz_decompile (default: all three)
#   environment: FUZZ_JOBS=N runs N fuzzing processes per target (-fork=N);
#                FUZZ_ARGS="..." extra libFuzzer flags.
# Corpora live in build/fuzz/corpus/<kind>, findings (crash-*, leak-*,
# timeout-*, oom-*) in build/fuzz/findings/, full logs in build/fuzz/logs/.
# Reproduce a finding with: build/fuzz/<target> build/fuzz/findings/<file>
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_pyc fuzz_marshal fuzz_decompile)

if ! command -v clang++ >/dev/null; then
  echo "clang++ is needed: apt-get install clang libclang-rt-14-dev" >&2
  exit 1
fi
cmake -S . -B build/fuzz -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DDEPYF_BUILD_FUZZERS=ON -DDEPYF_SANITIZE=ON -DDEPYF_BUILD_TESTS=OFF -DDEPYF_BUILD_EXTENSION=OFF >/dev/null
cmake --build build/fuzz -j"${BUILD_JOBS:-2}" --target "${targets[@]}"

seeds=build/fuzz/seeds
mkdir -p "$seeds/pyc" "$seeds/marshal" build/fuzz/findings build/fuzz/logs
# tests/data/py3X/consts.pyc and friends share names: keep the folder in the seed's name.
find examples tests/data -name '*.pyc' | while read -r pyc; do
  cp "$pyc" "$seeds/pyc/$(echo "${pyc%/*}" | tr / _)_${pyc##*/}"
done
# Small standard-library modules compiled by every interpreter found: many
# constructs in every version's layout, each seed a few KiB.
for minor in 8 9 10 11 12 13; do
  # pyenv shims refuse versions that are not selected: prefer the real binaries.
  python=$(ls -d "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3."$minor".*/bin/python3."$minor" 2>/dev/null | tail -n 1)
  [ -n "$python" ] || python=$(command -v "python3.$minor" || true)
  [ -n "$python" ] && "$python" -c '' 2>/dev/null || continue
  "$python" - "$seeds/pyc" "$minor" <<'PY' 2>/dev/null || true
import importlib.util, marshal, pathlib, sys
out, minor = pathlib.Path(sys.argv[1]), sys.argv[2]
for name in ["bisect", "heapq", "colorsys", "fnmatch", "keyword", "string", "textwrap", "abc", "copy",
             "contextlib", "functools", "glob", "shlex", "this", "queue", "numbers", "reprlib", "graphlib",
             "asyncio.locks", "dataclasses", "enum", "operator", "json.encoder", "zipapp"]:
    try:
        spec = importlib.util.find_spec(name)
        source = pathlib.Path(spec.origin).read_bytes()
        code = compile(source, spec.origin, "exec")
    except Exception:
        continue
    data = importlib.util.MAGIC_NUMBER + b"\0" * 12 + marshal.dumps(code)
    if len(data) <= 64 * 1024:
        (out / f"{name}.cpython-3{minor}.pyc").write_bytes(data)
PY
done
# The marshal target wants a version byte (minor - 8) then marshal data:
# derive seeds from the pycs and the marshal value fixtures.
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
for fixture in pathlib.Path("tests/data").glob("py3*/*.marshal"):
    minor = int(fixture.parent.name[3:])
    (seeds / "marshal" / f"{fixture.parent.name}_{fixture.name}").write_bytes(bytes([minor - 8]) + fixture.read_bytes())
PY

# UBSan already aborts (-fno-sanitize-recover); ask for stacks on every report.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:detect_stack_use_after_return=1:strict_string_checks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
for target in "${targets[@]}"; do
  kind=${target#fuzz_}
  seed_kind=$kind
  [ "$kind" = decompile ] && seed_kind=pyc
  corpus=build/fuzz/corpus/$kind
  mkdir -p "$corpus"
  args=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048 -max_len=65536
        -print_final_stats=1 -dict=../../../tools/fuzz/marshal.dict)
  [ -n "${FUZZ_JOBS:-}" ] && args+=(-fork="$FUZZ_JOBS" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
  # shellcheck disable=SC2206
  args+=(${FUZZ_ARGS:-})
  log=build/fuzz/logs/$target.log
  echo "== $target for ${seconds}s (log: $log)"
  set +e
  (cd build/fuzz/findings && ../"$target" "${args[@]}" "../../../$corpus" "../../../$seeds/$seed_kind") >"$log" 2>&1
  status=$?
  set -e
  grep -E '^(stat::|#[0-9]+ +DONE)|ERROR|SUMMARY|Test unit written' "$log" | tail -n 20 || true
  echo "   exit status $status, corpus: $(find "$corpus" -type f | wc -l) files"
done
