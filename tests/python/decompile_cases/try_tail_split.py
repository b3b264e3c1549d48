# Where every except clause leaves, the code after the try body may be split
# between the else clause and the code after the try statement: the else
# clause ends in an if statement (or a simple statement) and more code
# follows the try. 3.11+ compile the else clause before the clauses and the
# code after the try after them: the order co_names met the names in tells
# where the else clause ended, and 3.14 borrow the else clause's loads only.


def else_ends_in_if(path):
    try:
        s1 = os.lstat(path)
    except (OSError, ValueError):
        return False
    else:
        if stat.S_ISLNK(s1.st_mode):
            return False

    path = os.fspath(path)
    if isinstance(path, bytes):
        parent = join(path, b"..")
    else:
        parent = join(path, "..")
    return s1.st_dev != parent


def else_is_one_call(self, pos, whence=0):
    if self.closed:
        raise ValueError("seek on closed file")
    try:
        pos_index = pos.__index__
    except AttributeError:
        raise TypeError(f"{pos!r} is not an integer")
    else:
        pos = pos_index()
    if whence == 0:
        self._pos = pos
    elif whence == 1:
        self._pos = max(0, self._pos + pos)
    return self._pos


def else_assigns_twice(module, name):
    try:
        parent = module.parent
    except AttributeError:
        raise ImportError(name) from None
    else:
        label = parent.label
        size = parent.size
    width = len(label) + size
    return width


def else_after_unvisited_code(module):
    # (3.14: after a first try whose clauses leave, every load is strong,
    # the else clause's too: the loads do not tell there.)
    try:
        name = module.__spec__.name
    except AttributeError:
        raise TypeError("not a module") from None
    try:
        parent_name = name.rpartition(".")[0]
        if parent_name:
            try:
                parent = sys.modules[parent_name]
            except KeyError:
                raise ImportError(f"parent {parent_name!r}") from None
            else:
                pkgpath = parent.__path__
        else:
            pkgpath = None
        return find(name, pkgpath)
    finally:
        try:
            del RELOADING[name]
        except KeyError:
            pass


# 3.11 lay the else clause out before the handlers and the code after the
# try after them: where no name or constant of its own tells (False is
# shared with the return before the try), the layout splits the two
# (more_itertools bucket.__contains__).
def else_clause_then_return_after(self, value):
    if not self.validator(value):
        return False
    try:
        item = next(self[value])
    except StopIteration:
        return False
    else:
        self.cache[value].appendleft(item)
    return True
