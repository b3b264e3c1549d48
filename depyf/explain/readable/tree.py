"""Fast walks over Python's ast for the readable rendering.

ast.walk and ast.iter_child_nodes are generators over generators; on a large
generated function (a model's transformed code, thousands of nodes walked by
each pass) they were most of the rendering's time. These build lists and skip
the expression contexts (the shared Load/Store/Del objects in every Name,
Attribute and Subscript), which no rewrite looks at as nodes: a rewrite reads
`node.ctx` instead.
"""

from __future__ import annotations

import ast
from typing import List


def child_nodes(node: ast.AST) -> List[ast.AST]:
    """The direct children of `node`, in field order, without expression contexts."""
    children: List[ast.AST] = []
    for field in node._fields:
        if field == "ctx":
            continue
        value = getattr(node, field, None)
        if isinstance(value, ast.AST):
            children.append(value)
        elif isinstance(value, list):
            children.extend(item for item in value if isinstance(item, ast.AST))
    return children


def walk(node: ast.AST) -> List[ast.AST]:
    """`node` and every node below it (breadth first, like ast.walk), without expression contexts."""
    nodes = [node]
    index = 0
    while index < len(nodes):
        nodes.extend(child_nodes(nodes[index]))
        index += 1
    return nodes
