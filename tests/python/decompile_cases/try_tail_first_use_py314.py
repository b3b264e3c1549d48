# 3.14+: where every except clause leaves, the code after the body may have
# been the else clause (compiled before the clauses) or the code after the
# try statement (compiled after them). Which one met the names and constants
# only it uses first tells; LOAD_FAST_BORROW does not (a short tail that
# ends the function is copied and borrows either way).


def after_try_constant(data, key):
    try:
        o = data[key]()
    except KeyError:
        return False
    return o is not None


def after_try_names(input_charset):
    try:
        if isinstance(input_charset, str):
            input_charset.encode("ascii")
        else:
            input_charset = str(input_charset, "ascii")
    except UnicodeError:
        raise CharsetError(input_charset)
    input_charset = input_charset.lower()
    return ALIASES.get(input_charset, input_charset)



def in_else_raising(gen, typ):
    if typ is None:
        try:
            next(gen)
        except StopIteration:
            return False
        else:
            try:
                raise RuntimeError("generator didn't stop")
            finally:
                gen.close()
    try:
        gen.throw(typ)
    except StopIteration as exc:
        return exc is not typ
    except RuntimeError:
        return True
    try:
        raise RuntimeError("generator didn't stop after throw()")
    finally:
        gen.close()


def inside_handler(field):
    try:
        name, ctype = field
    except (ValueError, TypeError):
        try:
            name, ctype, bit_size = field
        except (ValueError, TypeError) as exc:
            raise ValueError("_fields_ must be pairs " + "or triples") from exc
        is_bitfield = True
        if bit_size <= 0:
            raise ValueError(f"bad bits {name!r}")
    else:
        is_bitfield = False
        bit_size = sizeof(ctype) * 8
    return is_bitfield, bit_size
