"""A one-line while whose body stores what the code before the loop stored
(tkinter.Misc._root): the body must not be taken for part of the latch's
copy of the test (it was dropped, leaving an endless loop)."""


class Node:
    def __init__(self, master=None):
        self.master = master


def root(self):
    w = self
    while w.master is not None: w = w.master
    return w


def run_cases(ns):
    a = Node()
    b = Node(a)
    c = Node(b)
    return [ns["root"](n) is a for n in (a, b, c)]
