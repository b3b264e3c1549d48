# An if whose body is a try starting with another test (ntpath.realpath):
# the two tests are no `a and b` condition, the second is protected by the
# try (3.12+ read them as one and moved the call out of the try).
def strip_prefix(path, spath, getfinal, initial):
    if spath is not None:
        try:
            if getfinal(spath) == path:
                path = spath
        except ValueError:
            pass
        except OSError as ex:
            if ex.winerror == initial:
                path = spath
    return path


def guarded_lookup(table, key, default):
    if key:
        try:
            if table[key] > 0 and key != default:
                return table[key]
        except KeyError:
            return default
    return None
