"""Finally bodies whose paths each end in a copy of the closing re-raise.

3.10+ copy the finally's closing RERAISE into each path of the handler's
copy of the body: `except E: pass` inside it decompiled as `except E: raise`
(tempfile._TemporaryFileCloser.cleanup, caught by the stdlib tests). A
user's bare `raise` there re-raises the inner exception and must stay.
And a statement in the body that repeats the finally body."""


def cleanup(state, unlink):
    try:
        state.append("close")
    finally:
        if state:
            try:
                unlink(state)
            except FileNotFoundError:
                pass


def cleanup_reraising(state, unlink):
    try:
        state.append("close")
    finally:
        if state:
            try:
                unlink(state)
            except FileNotFoundError:
                raise


def finally_try_last(state, unlink):
    try:
        state.append("close")
    finally:
        try:
            unlink(state)
        except FileNotFoundError:
            state.append("missing")


# A statement in the try body that is the same as the finally body, before
# the jump over an else: it was skipped as if it were the finally's copy on
# the way out of a return or break (3.9+), and the branch ran without it.
def same_statement_as_finally(state, flag):
    try:
        if flag:
            state.append(0)
        else:
            state.append(1)
    finally:
        state.append(0)
    return state


def run_cases(ns):
    results = []

    def missing(state):
        raise FileNotFoundError(len(state))

    def present(state):
        state.append("unlinked")

    for name in ("cleanup", "cleanup_reraising", "finally_try_last"):
        for unlink in (missing, present):
            state = []
            try:
                ns[name](state, unlink)
                results.append((name, unlink.__name__, state))
            except Exception as error:  # noqa: BLE001 - the outcome is compared
                results.append((name, unlink.__name__, type(error).__name__, state))
    for flag in (False, True):
        results.append(ns["same_statement_as_finally"]([], flag))
    return results
