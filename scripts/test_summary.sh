#!/usr/bin/env bash
# The end of scripts/test.sh: one block saying what each stage ran, from the
# logs it kept (a stage that did not run, because an earlier one failed or it
# was not asked for, says so), and every skipped test with its reason.
LOGS=${1:-build/test-output}

last_match() { # FILE PATTERN: the last line of FILE matching PATTERN, or nothing
  [ -f "$1" ] && grep -E "$2" "$1" | tail -n 1
}

echo
echo "================ summary ================"
ctest_line=$(last_match "$LOGS/ctest.log" 'tests passed')
echo "C++ unit tests (ctest):        ${ctest_line:-did not run}"
pytest_line=$(last_match "$LOGS/pytest.log" '(passed|failed|error)')
echo "Python tests (pytest):         ${pytest_line:-did not run}"
for minor in 14 15; do
  torch_line=$(last_match "$LOGS/torch-3.$minor.log" '(passed|failed|error)')
  printf 'explainer, 3.%s + torch 2.15:  %s\n' "$minor" "${torch_line:-did not run}"
done
if [ -f "$LOGS/pytest.log" ] && grep -q '^SKIPPED' "$LOGS/pytest.log"; then
  echo "skipped, with reasons:"
  grep '^SKIPPED' "$LOGS/pytest.log" | sed 's/^/  /'
fi
echo "logs: $LOGS/"
