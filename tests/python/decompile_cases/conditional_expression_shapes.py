"""Conditional expressions whose arms the compiler turns into returns.

Lambdas whose body is a conditional expression: 3.10+ copy the return into
both arms, so the decompiled body is an if statement turned back into IfExp.
3.8/3.9 `return (a if b else c) if d else e`: the peephole optimizer gives the
inner conditional's second arm a return of its own."""


def lambda_conditional(sqrt):
    return {"a": lambda p: sqrt(2 * p) - 1 if p < 0.5 else 1 - sqrt(2 - 2 * p)}


def lambda_nested_conditional():
    return lambda x: "neg" if x < 0 else "zero" if x == 0 else "pos"


def lambda_conditional_in_arm():
    return lambda x, y: (x if y else -x) if x > y else y


def lambda_conditional_boolean_test():
    return lambda a, b: a if a and not b else b


def lambda_conditional_call_argument(items):
    return sorted(items, key=lambda item: item[0] if isinstance(item, tuple) else item)


def returned_nested_conditional(x, y):
    return (x if y else -x) if x > y else y


def returned_nested_conditional_in_else(x, y):
    return y if x > y else (x if y else -x)


def chained_comparison_after_or(c):
    return len(c) or (65 <= ord(c[0]) <= 70)


def chained_comparisons_in_or_chain(c):
    return len(c) > 3 or (65 <= ord(c) <= 70) or (97 <= ord(c) <= 102)


# 3.10+ copy the short exit into both branches of a conditional value
# that ends the function: one line says it was one statement ...
def conditional_value_stored_last(self, debuglevel=None):
    self._debuglevel = debuglevel if debuglevel is not None else http.client.HTTPConnection.debuglevel


# ... and a raise ending the function is such an exit too.
def conditional_value_raised_last(self, msg=None):
    if self.closed:
        raise ValueError("I/O operation on closed file."
                         if msg is None else msg)
