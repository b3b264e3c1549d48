# A `break` written after an if whose branches both run on into it, at the
# end of a loop body: 3.12+ drop the break's jump (it lands right after it)
# and keep a NOP of its line before the code after the loop.


def parse_if(stream, result):
    node = result
    while True:
        node.test = stream.parse()
        token = next(stream)
        if token.test("name:elif"):
            node = stream.new_node()
            result.elif_.append(node)
            continue
        elif token.test("name:else"):
            result.else_ = stream.parse_statements()
        break
    return result


def with_loop_test(items, log):
    while items:
        item = items.pop()
        if item > 3:
            log.append(item)
            continue
        if item:
            log.append(-item)
        break
    return log


def else_break_only(stream, node):
    # (Not this shape: the elif's branch goes back to the loop's header, only
    # the else clause breaks.)
    while True:
        token_type = stream.current
        if token_type == "dot" or token_type == "lbracket":
            node = stream.subscript(node)
        elif token_type == "lparen":
            node = stream.call(node)
        else:
            break
    return node
