# Every case of a match runs on into one `return v` after it: 3.10+ give
# each case its own copy of the return, line and all.


def cases_fall_into_return(source, g):
    match source:
        case '.version':
            print(1)
        case '.help':
            print(2)
        case _:
            if not g(source):
                return True
            g(3)
    return False


def cases_without_wildcard_fall_into_return(source, g):
    match source:
        case '.version':
            print(1)
        case '.help':
            print(2)
    return False


def cases_return_themselves(source, g):
    match source:
        case '.version':
            return False
        case '.help':
            return False
    return False
