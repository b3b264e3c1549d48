"""PEP 696 type parameter defaults (3.13+): SET_TYPEPARAM_DEFAULT with a
lazily evaluated default, `*Ts = *tuple[...]` unpacked to one item."""


def type_parameter_defaults():
    class Config[T = int, *Ts = *tuple[int, str], **P = [int, str]]:
        pass

    def convert[T: (int, str) = int, U = T](x: T) -> U:
        return x

    type Pairs[K = str, V = list[K]] = dict[K, V]
    return (Config, convert, Pairs)


def default_with_bound_and_star():
    def f[T: int = bool, *Ts = tuple[int, ...], **P = ...](*args: *Ts):
        pass

    return f


def method_defaults():
    class Holder:
        fallback = str

        def get[T = fallback](self) -> T:
            return self

    return Holder
