"""A conditional expression inside the value a try body returns,
`return x, (a if c else b)`: 3.10+ copy the short rest of the return into
each branch, and in a try body each copy leaves the try's protection
before its RETURN_VALUE (email._encoded_words.decode_b)."""


def conditional_in_returned_tuple(e, p):
    try:
        return a(e), d if p else g
    except KeyError:
        return c


def conditional_list_in_returned_tuple(e, p):
    try:
        return a(e), [d()] if p else []
    except KeyError:
        return None
