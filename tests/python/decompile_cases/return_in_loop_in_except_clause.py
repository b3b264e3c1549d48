"""A `return` from inside a loop inside an except clause.

The loop reaches the clause's end only through its follow: the POP_EXCEPT
of the return's unwinding inside the loop is no end of the clause."""


def return_from_for_in_clause(self, value):
    cls = self.__class__
    try:
        if value in cls._value2member_map_:
            if cls._value2member_map_[value] is not self:
                raise ValueError("bound")
            return
    except TypeError:
        for m in cls._member_map_.values():
            if m._value_ == value:
                if m is not self:
                    raise ValueError("bound")
                return
    cls._hashable_values_.append(value)


def return_value_from_while_in_clause(items):
    try:
        return items[0]
    except IndexError:
        while items:
            if items.pop():
                return None
    items.append(0)
    return len(items)

