"""PEP 695 type parameters (3.12+): generic defs, classes and type aliases,
compiled into a hidden `<generic parameters of NAME>` function called where
the definition stands. Each case defines them inside a function (the
function is the unit measured), so the definitions are nested statements."""


def generic_function():
    def identity[T](x: T) -> T:
        return x

    return identity


def generic_function_with_bound_and_constraints():
    def pick[T: int, S: (str, bytes)](a: T, b: S) -> tuple[T, S]:
        return (a, b)

    return pick


def generic_function_variadic_and_paramspec():
    def call[*Ts, **P](f, *args: *Ts, **kwargs: P.kwargs) -> None:
        f(*args, **kwargs)

    return call


def generic_function_with_defaults():
    def scale[T](x: T, factor=2, *, offset: int = 0, flag=False) -> T:
        return x * factor + offset

    return scale


def decorated_generic_function(register):
    @register
    @register
    def handler[T](event: T) -> T:
        return event

    return handler


def generic_async_function():
    async def fetch[T](source: T) -> T:
        return await source

    return fetch


def generic_function_using_enclosing_variable(limit):
    def bounded[T: limit](x: T) -> T:
        return min(x, limit)

    return bounded


def bound_referring_to_earlier_parameter():
    def func[S, T: list[S]](a: S, b: T):
        return (a, b)

    return func


def generic_class(Base):
    class Box[T](Base):
        def get(self) -> T:
            return self.item

    return Box


def generic_class_with_keywords(Base, Meta):
    class Registry[K, V](Base, metaclass=Meta):
        pass

    return Registry


def generic_class_without_bases():
    class Pair[A: (int, float), *Rest, **Spec]:
        first: A

    return Pair


def decorated_generic_class(dataclass):
    @dataclass
    class Point[T]:
        x: T
        y: T

    return Point


def generic_methods():
    class Container:
        kind = int

        def put[T](self, item: T) -> T:
            return item

        def convert[U: kind](self, value: kind) -> U:
            return value

        @classmethod
        def make[T](cls, *items: T):
            return cls()

    return Container


def generic_class_with_generic_method():
    class Mapping[K]:
        def lookup[V](self, key: K, default: V) -> K | V:
            return default

        type Items[V] = list[tuple[K, V]]

    return Mapping


def private_type_parameters():
    class Hidden[__T]:
        value = __T

        def method[__U](self, arg: __T, other: __U):
            return (__T, __U)

        type Alias[__V] = tuple[__T, __V]

    return Hidden


def type_alias_statements():
    type Number = int | float
    type Vector[T] = list[T]
    type Table[K: str, *Ts] = dict[K, tuple[*Ts]]
    type Callback[**P] = Callable[P, None]
    return (Number, Vector, Table, Callback)


def type_alias_of_comprehension():
    type Items[T] = [item for item in T]
    return Items


def comprehension_variable_shadowing_parameter():
    type Alias[T: [lambda: T for T in (T, [1])[1]]] = [lambda: T for T in T.__name__]
    return Alias


def lazy_values_with_conditionals(flag):
    type Choice[T: (int if flag else str)] = list[T] if flag else set[T]
    return Choice


def lazy_none_bound():
    def f[T: None]():
        pass

    type Nothing = None
    return (f, Nothing)


def generic_function_in_loop(items):
    made = []
    for item in items:
        def each[T](x: T = item) -> T:
            return x

        made.append(each)
    return made
