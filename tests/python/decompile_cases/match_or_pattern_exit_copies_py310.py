# Or-patterns whose shared success code (a short block leaving the function) the
# optimizer copied into every alternative: no alternative jumps to it.


def three_alternatives(v):
    match v:
        case 1 | 2 | 3:
            return 'small'
        case 4:
            return 'four'
    return 'other'


def dotted_values(format, m, checked, types):
    match format:
        case m.Format.VALUE | m.Format.FORWARDREF:
            return checked
        case m.Format.STRING:
            return m.annotations_to_string(types)
        case _:
            raise NotImplementedError(format)
