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
