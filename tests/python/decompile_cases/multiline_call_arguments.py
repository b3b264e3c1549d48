"""Calls, tuples and lists whose items stand on lines of their own.

3.13+ fuse two LOAD_FASTs of one line into LOAD_FAST_LOAD_FAST, and 3.14+
borrow neither half of a fused pair when one half must stay a strong
reference (a value still on the stack at a conditional expression's jump):
the decompiled items go on new lines where the original's did."""


def keyword_conditional_on_next_line(request, m, g):
    return g(request,
             method="HEAD" if m == "HEAD" else "GET",
             headers=request.headers)


def first_keyword_on_next_line(cls, value, names, missing):
    return cls._create_(
        class_name=value,
        names=None if names is missing else names,
    )


def positional_items_each_on_a_line(self, indent):
    return ["{}{}/{}".format(
        indent,
        self.__class__.__name__,
        self.token_type,
    )]


def tuple_items_across_lines(msg, given, kwonly_given):
    return (msg % ("s" if given != 1 else "", kwonly_given,
                   "s" if kwonly_given != 1 else ""))


def list_items_across_lines(a, b, c):
    return [a,
            b if c else None]


def or_argument_on_next_line(saxutils, source, self):
    return saxutils.prepare_input_source(source,
                                         self._source.getSystemId() or
                                         "")
