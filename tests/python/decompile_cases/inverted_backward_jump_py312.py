"""An if statement in code moved after the handlers, whose join lies before it.

3.12+ have forward conditional jumps only: the test jumps round a
JUMP_BACKWARD of its own to the join. That lone jump is no `if c: pass`."""


def encode_text(lines, cte, policy, normal_body):
    if cte is None:
        if len(lines) <= 78:
            try:
                return "7bit", normal_body(lines).decode("ascii")
            except UnicodeDecodeError:
                pass
            if policy.cte_type == "8bit":
                return "8bit", normal_body(lines).decode("ascii", "surrogateescape")
        cte = "base64"
    return cte, lines
