"""Module-level comprehensions (inlined by 3.12+) whose filters negate a call."""

tok_name = {value: name for name, value in globals().items() if isinstance(value, int) and not name.startswith("_")}
public = [s for s in tok_name.values() if not s.startswith("_")]
