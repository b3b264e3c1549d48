# 3.12+: a written `continue` keeps its line and its one jump back, which the
# jumps ending the code inside the branch share (3.10/3.11 thread them).


def if_else_then_continue(lines, values, flag):
    for line in lines:
        if not line:
            if flag:
                if values and values[-1] is not None:
                    values.append('')
            else:
                flag = 0
            continue
        values.append(line)
    return values
