"""An inner loop whose break goes on to a `continue` of the outer loop that
does not end the outer body (code follows the if statement around it).

3.14+ thread the break's conditional jump straight onto that continue's
jump back, <=3.9 the break's jump onto the outer header; the walk went on
from the outer header inside the outer body, again without end."""


def break_onto_continue():
    while True:
        if v:
            if a:
                continue
            if b:
                while True:
                    c = h()
                    if c:
                        break
                continue
        g()
