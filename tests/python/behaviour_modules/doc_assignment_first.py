# `__doc__ = <expression>` as the first statement of a class body or a
# module is an assignment, not a docstring: it must stay one (so this module
# opens with it, no docstring). RESULT is what must be the same decompiled.
__doc__ = "module %s" % "doc"


class Base:
    "base doc"


class Derived(Base):
    __doc__ = Base.__doc__
    x = 1


class Built:
    __doc__ = "built " + Base.__doc__


class Constant:
    __doc__ = "constant"


RESULT = __doc__, Derived.__doc__, Built.__doc__, Constant.__doc__, Derived.x
