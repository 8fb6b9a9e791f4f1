"""Reading the kernel's tab-separated data files line by line, the same on CPython and MicroPython
(bytes decoded as UTF-8 whatever the locale).

Card files may come from users, so a file is read defensively: strictly UTF-8 (an undecodable or
binary line is an error naming the file and line), lines of at most MAX_LINE bytes, at most
`max_lines` lines. Every problem is one KernelError(what, ...) naming the file and the line.
The data files sit beside the modules that read them: `folder_of(__file__)` finds them on every runtime.
"""

from .errors import KernelError

MAX_LINE = 4096          # bytes in one line
MAX_LINES = 100000       # lines in one file (the card library has 373)
CHUNK = 256              # bytes read at a time: MicroPython's readline(n) allocates n bytes up front,
                         # and a 4 KB block may not exist in a small, fragmented heap (the Pico's)


def folder_of(path):
    """The folder holding path ('/' or '\\' separated, as __file__ is on CPython, MicroPython and
    Windows), without the separator ("" at the root, so folder + "/data" stays right): "." for a
    bare name, ".." for "." (so folder_of twice from a bare module name still climbs one level)."""
    cut = max(path.rfind("/"), path.rfind("\\"))
    if cut >= 0:
        return path[:cut]
    return ".." if path == "." else "."


def check_regular(path, what):
    """KernelError(what, ...) unless path is a regular file: checked with stat before any open (the
    same st_mode bits on CPython, the unix port and the board's filesystems)."""
    import os
    try:
        mode = os.stat(path)[0]
    except (OSError, ValueError, TypeError):
        raise KernelError(what, "cannot open %s" % path)
    if mode & 0o170000 != 0o100000:
        raise KernelError(what, "%s is not a regular file (a folder, device or pipe)" % path)


def list_folder(folder, what):
    """The sorted names in folder; KernelError(what, ...) when it cannot be listed (missing, not a
    folder, no permission)."""
    import os
    try:
        return sorted(os.listdir(folder))
    except (OSError, TypeError, ValueError):
        raise KernelError(what, "%s: not a folder (cannot list it)" % folder)


def _read_line(f):
    """One line of at most MAX_LINE + 1 bytes (the end of a longer line is left unread), in CHUNK-byte
    reads so that the usual short line costs one small allocation."""
    raw = part = f.readline(CHUNK)
    while len(part) == CHUNK and part[-1:] != b"\n" and len(raw) <= MAX_LINE:
        part = f.readline(min(CHUNK, MAX_LINE + 1 - len(raw)))
        raw += part
    return raw


def lines(path, what, max_lines=MAX_LINES):
    """Yield (1-based line number, line without its end) of a UTF-8 text file.

    A file that cannot be opened, anything but a regular file (a FIFO would block the open until
    a writer comes, a device never ends), a line that is not UTF-8 text (or holds a NUL byte), a line
    longer than MAX_LINE bytes or a file of more than max_lines lines is KernelError(what, ...)."""
    check_regular(path, what)
    try:
        f = open(path, "rb")
    except OSError:
        raise KernelError(what, "cannot open %s" % path)
    try:
        number = 0
        while True:
            raw = _read_line(f)
            if not raw:
                return
            number += 1
            if number > max_lines:
                raise KernelError(what, "%s: more than %d lines" % (path, max_lines))
            if len(raw) > MAX_LINE and raw[-1:] != b"\n":
                raise KernelError(what, "%s line %d: longer than %d bytes" % (path, number, MAX_LINE))
            if b"\0" in raw:
                raise KernelError(what, "%s line %d: a NUL byte (a binary file, not text)" % (path, number))
            try:
                text = raw.decode("utf-8")
            except UnicodeError:
                raise KernelError(what, "%s line %d: not UTF-8 text" % (path, number))
            yield number, text.rstrip("\r\n")
    finally:
        f.close()
