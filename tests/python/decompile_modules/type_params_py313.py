"""PEP 696 type parameter defaults (3.13+) at module and class level."""


class Config[T = int, *Ts = *tuple[int, str], **P = [int, str]]:
    default = str

    def get[U = default](self, key: T) -> U:
        return key

    type Entry[V = default] = tuple[T, V]


def convert[T: (int, str) = int, U = T](x: T) -> U:
    return x


type Pairs[K = str, V = list[K]] = dict[K, V]
