"""A `break` ending a try body in a loop inside an except clause (3.12+).

Code only exceptions reach keeps its codegen order: the break laid out
between the try body and its handler was written in the body (or its else
clause, the same code), not after the try, which would put it after the
handler behind a jump."""


def get_importer(path_item):
    try:
        importer = cache[path_item]
    except KeyError:
        for path_hook in hooks:
            try:
                importer = path_hook(path_item)
                cache.setdefault(path_item, importer)
                break
            except ImportError:
                pass
        else:
            importer = None
    return importer
