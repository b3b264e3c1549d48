# A case body that falls off its end jumps past the match; where every case
# returns or raises, only that jump says where the code after the match
# starts (asyncio.__getattr__): it is no default case (no case body can
# enter one). (3.10 copy the code after the match into each case instead:
# not read yet.)


def fall_through_to_raise(name):
    match name:
        case "A":
            if g():
                return 1
        case "B":
            if h():
                return 2
    raise AttributeError(name)


def three_cases(name, platform):
    match name:
        case "first":
            return 1
        case "second":
            if platform == "win32":
                return 2
        case "third":
            if platform == "win32":
                return 3
    raise AttributeError(f"no attribute {name!r}")
