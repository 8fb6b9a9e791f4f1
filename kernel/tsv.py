"""Reading the kernel's tab-separated data files line by line, the same on CPython and MicroPython
(bytes decoded as UTF-8 whatever the locale)."""

from .errors import KernelError


def lines(path, what):
    """Yield (1-based line number, line without its end) of a UTF-8 text file.

    A file that cannot be opened is KernelError(what, ...)."""
    try:
        f = open(path, "rb")
    except OSError:
        raise KernelError(what, "cannot open %s" % path)
    try:
        number = 0
        for raw in f:
            number += 1
            yield number, raw.decode("utf-8").rstrip("\r\n")
    finally:
        f.close()
