# A try in a loop body whose except clauses all leave (continue, raise): the
# code after the body was the else clause, code after the try, or both; the
# order in which the compiler met names says where the else clause ended
# (encodings.idna IncrementalDecoder._buffer_decode, site
# StartupState._execute_start_entrypoints).


def clauses_raise(labels, size, result):
    for label in labels:
        try:
            u = convert(label)
        except (UnicodeEncodeError, UnicodeDecodeError) as exc:
            raise UnicodeDecodeError(label.encode("ascii"), exc.start)
        else:
            result.append(u)
        if size:
            size += 1
        size += len(label)
    return size


def clauses_continue(entries, log):
    for name, points in entries.items():
        for point in points:
            try:
                log.trace(point)
                target = resolve(point)
            except ValueError as exc:
                log.error(name, exc)
            except Exception as exc:
                log.warn(name, exc)
            else:
                try:
                    target()
                except Exception as exc:
                    log.fatal(name, exc)
