# 3.14+ class annotations whose values take no line of their own (`T | None`
# is a binary operation): each joins the assignment on its line.
class _ReadState:
    elements_added: set[str]
    cursect: dict[str, str] | None = None
    sectname: str | None = None
    optname: str | None = None
    lineno: int = 0
    errors: list[int]
