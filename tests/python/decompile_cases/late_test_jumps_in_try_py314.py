"""Loop tests inside a try or with body whose false branch goes back to an
outer loop's header (3.14+).

The CFG optimizer writes such a backward conditional jump as a forward one
over a new jump back after the handlers were labelled: both are left out of
the exception table, the test's operands are not."""


def while_in_for_in_with(self, s):
    with self._lock:
        for line in s.splitlines(keepends=True):
            while line:
                chunk = line[:10]
                line = line[10:]
                self._write_chunk(chunk)
    return len(s)


def or_test_ending_loop_body_in_try(self, store, purpose):
    try:
        for cert, encoding, trust in enum_certificates(store):
            if encoding == "x509_asn":
                if trust is True or purpose.oid in trust:
                    try:
                        self.load(cert)
                    except SSLError as exc:
                        warn(exc)
    except PermissionError:
        warn("unable to enumerate")


def while_test_around_if_in_try(self, result):
    bytes_read = 0
    try:
        while n := os.readinto(self._fd, result):
            bytes_read += n
            if bytes_read >= len(result):
                result.resize(bytes_read)
    except BlockingIOError:
        if not bytes_read:
            return None
    return bytes(result)
