#!/usr/bin/env bash
# Installs everything depyf needs on a fresh Debian machine and builds and
# installs the package into $PYTHON (default python3). Safe to run again: the
# C++ build directory is kept, so a second run only rebuilds what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}

need_apt=()
dpkg -s libgtest-dev >/dev/null 2>&1 || need_apt+=(libgtest-dev)
command -v g++ >/dev/null 2>&1 || need_apt+=(g++)
if ((${#need_apt[@]})); then
  echo "== installing system packages: ${need_apt[*]}"
  sudo_cmd=()
  [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

echo "== installing Python build and test tools into $($PYTHON -c 'import sys; print(sys.executable)')"
# Jinja2 and Pygments: the HTML report of a dump (depyf report), which the demo writes.
$PYTHON -m pip install -q --disable-pip-version-check "scikit-build-core>=0.10" cmake ninja "pytest>=7" \
  "jinja2>=3" "pygments>=2.12"

echo "== building and installing depyf (the C++ core: a few minutes on a first build, progress below)"
# pip shows the build's output only with -v; of it, ninja's [done/total] lines say how far it is.
# The whole output is kept in build/pip-install.log.
mkdir -p build
set +e
# scripts/test.sh asks for the C++ unit tests in the same build (DEPYF_CPP_TESTS=1),
# so the core is compiled once for the package and the tests.
pip_config=()
[ "${DEPYF_CPP_TESTS:-0}" = 1 ] && pip_config+=(--config-settings=cmake.define.DEPYF_BUILD_TESTS=ON)
$PYTHON -m pip install -v --disable-pip-version-check --no-build-isolation "${pip_config[@]}" . 2>&1 | tee build/pip-install.log \
  | grep --line-buffered -E '^ *\[[0-9]+/[0-9]+\] |^Successfully'
status=${PIPESTATUS[0]}
set -e
if [ "$status" != 0 ]; then
  echo "!! building or installing depyf failed (pip exit $status); the end of build/pip-install.log:"
  tail -40 build/pip-install.log
  exit 1
fi

# The torch.compile explainer and its tests need PyTorch. An installed torch is
# kept; otherwise torch 2.13.0 is installed (on the project's machines the CPU build:
# pip finds it on local disk; elsewhere pip downloads it from the configured index).
if $PYTHON -c "import torch" >/dev/null 2>&1; then
  echo "== using the installed torch $($PYTHON -c 'import torch; print(torch.__version__)')"
else
  echo "== installing torch==2.13.0"
  # No package index is named here: pip uses the machine's own configuration
  # (a CPU-only wheel index, if wanted, belongs there).
  $PYTHON -m pip install -q --disable-pip-version-check "torch==2.13.0" numpy \
    || echo "!! torch could not be installed (pip install torch==2.13.0 failed): the torch.compile explainer and its tests are unavailable"
fi
