# A try whose except clause raises, its else clause short, the rest of the
# module after the try statement: names first met in the except clause
# (ImportError) stand between the else clause's and those after the try,
# though a later try's handler uses them too.
try:
    from xml.parsers import expat
except ImportError:
    raise RuntimeError("expat not supported", None)
else:
    if not hasattr(expat, "ParserCreate"):
        raise RuntimeError("expat not supported", None)
from xml.sax import xmlreader, saxutils

AttributesImpl = xmlreader.AttributesImpl
try:
    import _weakref
except ImportError:

    def _mkproxy(o):
        return o

else:
    import weakref

    _mkproxy = weakref.proxy
    del weakref, _weakref
