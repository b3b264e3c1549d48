"""3.10+ copy a written return after an if/else into the end of the if's
body (a jump to a short exit block becomes the block, line and all): two
returns of one value on one line are one return after an if/else."""


def search_next(self, forwards, match_prefix, history_index):
    """Doc: None enters co_consts at the written return, after 'not found'."""
    while True:
        if forwards:
            out_of_bounds = history_index >= len(self.history) - 1
        else:
            out_of_bounds = history_index == 0
        if out_of_bounds:
            if forwards and not match_prefix:
                self.pos = 0
                self.dirty = True
            else:
                self.error("not found")
            return
        history_index += 1 if forwards else -1
        if not match_prefix:
            self.select_item(history_index)
            return


def chain_then_return(self, a, b):
    """Doc."""
    if a:
        self.x = 1
    elif b:
        self.y = 2
    else:
        self.z = "z"
    return self.w


def elif_chain_else_raise_then_return(self, configSet, configType, Invalid):
    # Each branch that reaches the return runs its own copy of it; the
    # raise comes last, the copies carry the return's later line.
    if configSet == 'user':
        cfgParser = self.userCfg[configType]
    elif configSet == 'default':
        cfgParser = self.defaultCfg[configType]
    else:
        raise Invalid('Invalid configSet specified')
    return cfgParser.sections()


def if_else_raise_then_return(self, key):
    if key in self.known:
        value = self.known[key]
    else:
        self.log("unknown")
        raise KeyError(key)
    return value.strip()


def conditional_returns_then_constant(b):
    # 3.12+: the written `return 'utf-8'` is one RETURN_CONST, no copy of
    # the conditional expressions' returns before it.
    if len(b) >= 4:
        if not b[0]:
            return 'utf-16-be' if b[1] else 'utf-32-be'
        if not b[1]:
            return 'utf-16-le' if b[2] or b[3] else 'utf-32-le'
        return 'utf-8'
    return 'utf-8'
