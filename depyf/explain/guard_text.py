"""Dynamo's guards as lines a person reads, the same on every run.

Dynamo describes each guard as Python-like text. Some of it names objects by
their address (`___check_obj_id(G['torch'], 140517126484064)`), which
differs from run to run and tells a reader nothing; those become what they
check (`type(L['d']) is dict`, or a comment saying which object must be the
same). A tensor's five "no dynamic-shape marker" checks become one line.
"""

from __future__ import annotations

import re
from typing import List, Tuple

# `___check_type_id(X, 1234)  # type=<class 'dict'>`, with Dynamo's note on the checked object's type.
# Dynamo's verbose guards end in `, type=<class 'dict'>` (or `# type=...`), a note on the checked object's type.
_TYPE_NOTE = r"(?:\s*[,#]\s*type=<class '(?P<type>[^']+)'>)?$"
_TYPE_ID = re.compile(r"^___check_type_id\((?P<subject>.+), (?P<id>\d+)\)" + _TYPE_NOTE)
_OBJ_ID = re.compile(r"^___check_obj_id\((?P<subject>.+), (?P<id>\d+)\)" + _TYPE_NOTE)
_MARKER = re.compile(r"^hasattr\((?P<subject>.+), '(?P<marker>_dynamo_\w+_indices)'\) == False$")  # noqa: E501
# Addresses left anywhere else: long integers that are not sizes.
_ADDRESS = re.compile(r"\b\d{11,}\b")


def _strip_type_note(guard: str) -> Tuple[str, str]:
    match = re.search(r"\s*[,#]\s*type=<[^<>]*>$", guard)
    return (guard[: match.start()], guard[match.start() :].strip().lstrip(",#").strip()) if match else (guard, "")


def readable_guard(guard: str) -> Tuple[str, bool]:
    """(text, is_code): a guard as an expression (perhaps followed by `  # note`),
    or as a sentence for a comment."""
    guard = " ".join(guard.split())
    match = _TYPE_ID.match(guard)
    if match and match.group("type") and re.fullmatch(r"[\w.]+", match.group("type")):
        type_name = match.group("type")
        if type_name.startswith("builtins."):
            type_name = type_name[len("builtins.") :]
        return "type(%s) is %s" % (match.group("subject"), type_name), True
    if match:
        return "the type of %s is the one it had when compiled" % match.group("subject"), False
    match = _OBJ_ID.match(guard)
    if match:
        kind = match.group("type") or "object"
        return "%s is the same %s object as when compiled" % (match.group("subject"), kind), False
    if _ADDRESS.search(guard):
        return _ADDRESS.sub("<address>", guard) + " (addresses are those of this process)", False
    expression, note = _strip_type_note(guard)
    return (expression + "  # " + note if note else expression), True


def readable_guards(guards: List[str]) -> List[Tuple[str, bool]]:
    """Every guard made readable, a tensor's dynamic-shape marker checks folded into one."""
    result: List[Tuple[str, bool]] = []
    index = 0
    while index < len(guards):
        marker = _MARKER.match(_strip_type_note(" ".join(guards[index].split()))[0])
        if marker:
            subject = marker.group("subject")
            markers = []
            while index < len(guards):
                following = _MARKER.match(_strip_type_note(" ".join(guards[index].split()))[0])
                if not following or following.group("subject") != subject:
                    break
                markers.append(following.group("marker"))
                index += 1
            names = ", ".join(repr(name) for name in markers)
            result.append(("not any(hasattr(%s, marker) for marker in (%s,))" % (subject, names), True))
            continue
        result.append(readable_guard(guards[index]))
        index += 1
    return result
