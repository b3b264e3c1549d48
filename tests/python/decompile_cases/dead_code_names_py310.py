"""Dead code the compiler drops still leaves its names (3.10+ also its
constants) behind; they say where it stood."""


def dead_debug_check(text, margin, re):
    for indent in text:
        if margin is None:
            margin = indent
    if 0 and margin:
        for line in text.split("\n"):
            assert not line or line.startswith(margin), "line = %r" % (line,)
    if margin:
        text = re.sub(r"(?m)^" + margin, "", text)
    return text


def dead_if_false_between_calls(a):
    a.first()
    if False:
        a.second(1.5, "x")
    a.third(2.5)


def code_after_return(a):
    a.first()
    return a.x
    a.never_called()
