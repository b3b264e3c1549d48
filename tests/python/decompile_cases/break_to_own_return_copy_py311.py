# A for loop in a try body whose breaks each run their own copy of the
# implicit `return None` (3.11 give each its break's line), while the loop's
# natural exit, or its else clause, runs into another: each break goes to
# the code after the loop. (3.11 refused these; pycparser
# Preprocessor.define has this shape. Gated at 3.11: 3.10 still reads some
# of them otherwise. No string constants after the loop: 3.14 read such a
# break as `return None`, which adds None to co_consts earlier.)


def break_in_branch(self, args):
    try:
        if args[0]:
            for a in args:
                if len(a) > 1:
                    break
        else:
            print(self.bad)
    except LookupError:
        print(self.bad)


def break_with_else_clause(self, args):
    try:
        if args[0]:
            for a in args:
                if a:
                    continue
                if len(a) > 1:
                    break
            else:
                self.m = 2
        else:
            print(self.bad)
    except LookupError:
        print(self.bad)


def two_breaks(self, args):
    try:
        if not args:
            self.m = 1
        elif args[0]:
            variadic = self.off
            for a in args:
                if variadic:
                    print(self.x)
                    break
                if a == self.dots:
                    variadic = a
                    continue
                elif a == self.dot:
                    variadic = a
                    continue
                if len(a) > 1:
                    print(self.y)
                    break
            else:
                self.m = 2
        else:
            print(self.bad)
    except LookupError:
        print(self.bad)
