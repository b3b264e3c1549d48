"""`if not c: continue` ending a statement in a generator's loop (3.12+).

3.12+ have no backward conditional jumps: `if c: rest` ending a loop body
compiles to the same jumps, `POP_JUMP_IF_TRUE rest; JUMP_BACKWARD header`.
The generator's wrapper handler covers the written continue's jump, not the
one the optimizer adds late."""


def written_continue_in_generator(self):
    params = {}
    for token in self:
        if not token.token_type.endswith("parameter"):
            continue
        if token[0].token_type != "attribute":
            continue
        params[token[0].value] = token
    for name, parts in params.items():
        yield name, parts
