# A `continue` written after an if statement whose branches both run on into
# it: its jump back carries the continue's own line, past the branches'
# lines, where the loop's own jump back would have none (3.10/3.11; 3.12+
# copy a jump without a line of its own instead). ≤3.9 thread the branches'
# jumps past it. jinja2 meta.find_referenced_templates has this shape.


def continue_after_if_else(nodes):
    for node in nodes:
        if not node:
            if node.x:
                for name in node.items:
                    if name:
                        yield name
            else:
                yield None
            continue
        yield 2


def referenced(nodes, const_type):
    for node in nodes:
        template = node.template
        if not isinstance(template, const_type):
            if isinstance(template, (tuple, list)):
                for name in template.items:
                    if isinstance(name, const_type):
                        if isinstance(name.value, str):
                            yield name.value
                    else:
                        yield None
            else:
                yield None
            continue
        if isinstance(template.value, str):
            yield template.value
        else:
            yield None
