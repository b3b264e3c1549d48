"""A match whose cases meet after it, where another case returns or raises
in one of its branches: the cases have no common post-dominator (the return
is an exit of its own), so where they meet is read from the jump ending a
case body that does not leave (annotationlib.get_annotations)."""


def value_or_string(format, obj):
    match format:
        case F.VALUE:
            ann = g(obj)
            if ann is None:
                ann = h(obj, format)
        case F.STRING:
            ann = h(obj, format)
            if ann is not None:
                return dict(ann)
        case F.FAKE:
            raise ValueError(2)
        case _:
            raise ValueError(1)
    if ann is None:
        return {}
    return ann


def literal_cases(format, ann):
    match format:
        case 1:
            if ann is None:
                ann = h(format)
        case 2:
            if ann is not None:
                return 5
        case _:
            raise ValueError(1)
    if ann is None:
        return {}
    return ann
