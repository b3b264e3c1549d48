# A constant set display tested with `in`: 3.14+ meet its items one by one
# (adding each to co_consts) before folding it into a frozenset, whose own
# order is its hash order. Items that other code loads stay in co_consts
# where the display put them.


def cache_by_name(name, cache, module):
    if name in {"SHA1", "sha1"}:
        cache["SHA1"] = cache["sha1"] = module.sha1
    elif name in {"MD5", "md5"}:
        cache["MD5"] = cache["md5"] = module.md5
    elif name in {"SHA256", "sha256", "SHA224", "sha224"}:
        cache["SHA224"] = cache["sha224"] = module.sha224
        cache["SHA256"] = cache["sha256"] = module.sha256
    return cache


def check_mode(mode):
    if not set(mode) <= {"r", "w", "b"}:
        raise ValueError("invalid mode %r" % mode)
    reading = "r" in mode
    writing = "w" in mode
    binary = "b" in mode
    return reading, writing, binary
