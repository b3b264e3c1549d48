# An except clause ending in an if whose branch is a nested try: 3.13+ give
# each way out its own copy of the clause's end, so the branches only meet
# at the code after the outer try; the if ends with the clause. (jinja2
# SandboxedEnvironment.getitem; behaviour: clause_ending_in_if_around_nested_try_shapes.py.)


def getitem(self, obj, argument):
    try:
        return obj[argument]
    except (TypeError, LookupError):
        if isinstance(argument, str):
            try:
                attr = str(argument)
            except Exception:
                pass
            else:
                try:
                    value = getattr(obj, attr)
                except AttributeError:
                    pass
                else:
                    if self.is_safe_attribute(obj, argument, value):
                        return value
                    return self.unsafe_undefined(obj, argument)
    return self.undefined(obj=obj, name=argument)


def if_around_try(self, obj, argument):
    try:
        return obj[argument]
    except (TypeError, LookupError):
        if argument:
            try:
                attr = str(argument)
            except Exception:
                pass
    return self.undefined(obj)
