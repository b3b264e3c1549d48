"""A test right after the start of a try body, leaving for the same place as
the test of the if around the try.

`if not a: try: if not b: ...` jumps where `if not (a or b): try: ...` does;
only the exception table says that b is tested inside the try (its
exceptions are caught there)."""


def if_around_try_around_if(self, src, dst, copy):
    if not copy:
        try:
            if not os.path.islink(dst):
                os.symlink(src, dst)
        except Exception:
            copy = True
    if copy:
        shutil.copyfile(src, dst)


def and_test_then_try_test(path):
    if path[0] not in (0, "\x00"):
        try:
            if stat.S_ISSOCK(os.stat(path).st_mode):
                os.remove(path)
        except FileNotFoundError:
            pass
        except OSError as err:
            log(err)
    return path
