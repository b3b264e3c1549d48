"""3.12+ copy a short final statement and its return into the branches that
run on into it, while failing tests still jump to the original: each branch
must still reach the tail exactly once (turtle.Shape.__init__)."""


class Shape:
    def __init__(self, type_, data):
        self._type = type_
        if type_ == "polygon":
            if isinstance(data, list):
                data = tuple(data)
        elif type_ == "image":
            if isinstance(data, str):
                if data.lower().endswith(".gif") and len(data) > 5:
                    data = data.upper()
        elif type_ == "compound":
            data = []
        else:
            raise ValueError("There is no shape type %s" % type_)
        self._data = data


def make(type_, data):
    try:
        shape = Shape(type_, data)
    except ValueError as e:
        return str(e)
    return shape._type, shape._data


def sections(config, which, key):
    if which == "user":
        parser = config["user"][key]
    elif which == "default":
        parser = config["default"][key]
    else:
        raise ValueError("Invalid configSet specified")
    return sorted(parser)


def try_sections(which, key):
    config = {"user": {"a": {"x": 1, "y": 2}}, "default": {"a": {"z": 3}}}
    try:
        return sections(config, which, key)
    except (ValueError, KeyError) as e:
        return repr(e)


def run_cases(ns):
    return [ns["try_sections"](w, k) for w, k in (("user", "a"), ("default", "a"), ("other", "a"), ("user", "b"))] + [ns["make"](t, d) for t, d in (("polygon", [1, 2]), ("polygon", "x"), ("image", "ab.gif"),
                                         ("image", "abcdef.gif"), ("image", 3), ("compound", 1), ("other", 1))]
