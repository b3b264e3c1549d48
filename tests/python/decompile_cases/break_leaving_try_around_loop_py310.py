# A `while 1:` loop making up a try body, left by a break after an if/else:
# 3.13+ leave the break's lone jump out of the protection, so it is neither
# loop body nor protected code; both branches of the if meet there, and it
# is the loop's way out. (3.13+ refused these; boltons
# BufferedSocket.recv_until has this shape. 3.8/3.9 read the loop
# otherwise, refused or moved: gated at 3.10.)


def break_after_if_else(recvd, timeout, sock):
    try:
        while 1:
            offset = recvd.find(1)
            if offset != -1:
                if timeout:
                    rbuf_offset = offset
                else:
                    rbuf_offset = offset + 1
                break
            recvd.extend(sock)
    except OSError:
        raise
    val = bytes(recvd[:offset])
    return val, rbuf_offset


def break_in_with(self, recvd, timeout, sock):
    with self.lock:
        try:
            while 1:
                offset = recvd.find(1)
                if offset != -1:
                    if timeout:
                        rbuf_offset = offset
                    else:
                        rbuf_offset = offset + 1
                    break
                recvd.extend(sock)
        except OSError:
            raise
        val = bytes(recvd[:offset])
    return val, rbuf_offset
