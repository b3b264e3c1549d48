# A branch of a nested if whose jump to the end of the enclosing branch was
# threaded through that branch's own jump over its elif: it jumps straight
# to where the whole if statement ends, past the region it belongs to.
# (3.10+ refused it; pyparsing Keyword.parseImpl has this shape.)


def nested_branch_threaded(self, s, loc):
    errloc = loc
    if self.caseless:
        if s[loc]:
            if loc == 0:
                if loc >= 1:
                    return loc
                errloc = 2
            else:
                errloc = 3
    elif s[loc]:
        errloc = 4
    raise ValueError(errloc)


def keyword_match(self, s, loc):
    errmsg = self.errmsg
    errloc = loc
    if self.caseless:
        if s[loc] == self.upper:
            if loc == 0 or s[loc - 1] not in self.ident:
                if loc >= len(s) - self.n or s[loc + self.n] not in self.ident:
                    return loc + self.n, self.match
                errmsg += "followed"
                errloc = loc + self.n
            else:
                errmsg += "preceded"
                errloc = loc - 1
    elif s[loc] == self.first and self.n == 1 or s.startswith(self.match, loc):
        if loc == 0 or s[loc - 1] not in self.ident:
            if loc >= len(s) - self.n or s[loc + self.n] not in self.ident:
                return loc + self.n, self.match
            errmsg += "followed"
            errloc = loc + self.n
        else:
            errmsg += "preceded"
            errloc = loc - 1
    raise ValueError(s, errloc, errmsg, self)
