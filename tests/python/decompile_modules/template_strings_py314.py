# Template strings at module level, next to constants that come before and
# after them in co_consts.
name = "world"
width = 10
greeting = t"Hello {name!r:>{width}}!"
debug = t"{name = }"
parts = [t"{n}" for n in range(3)]
