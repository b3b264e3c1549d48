# A comprehension in a class body reads free names as globals (3.12+
# inline it into the class body with LOAD_GLOBAL): no `global` statement.
import datetime


class Months:
    names = [datetime.date(2001, i + 1, 1).strftime for i in range(12)]
    names.insert(0, lambda x: "")
    table = {k: datetime.timedelta(days=k) for k in range(3)}


class Declared:
    global counter
    counter = 1
    values = [counter + j for j in range(2)]
