"""A for loop ending the body of another, left by a break that jumps
straight back to the outer loop's header (sqlparse Lexer.get_tokens, jinja2
Lexer.tokeniter).

Where every path through the inner body breaks, the inner loop has no jump
back at all; branches in its body still meet before the break, and a call
statement's POP_TOP before a jump there is no break's pop of the iterator.
≤3.9 keep the dead jump over the elif chain after `continue`: the chain
ends where it goes, before the break."""


def first_match(text, regex, consume):
    for pos, char in text:
        for match, action in regex:
            m = match(text, pos)
            if not m:
                continue
            elif action > 1:
                consume(1)
            elif action is None:
                consume(2)
            consume(m)
            break


def every_first(items, sink):
    for pos in items:
        for m in pos:
            if m > 1:
                sink(1)
            sink(3)
            break
