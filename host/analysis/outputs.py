"""Output paths checked before the work: a sweep or simulation that would run for hours and then fail to
write its CSV or chart (a missing folder, /proc, a read-only disk, a pipe with no reader) is refused
up front, in one line.

    check_writable(args.output, "--output")

The check does what writing will do, as far as it can without touching the target: the path must
name a file (not a folder) in a folder that exists, and a new file must be creatable in that folder
(one is made under a unique name and removed at once); an existing device or pipe must open for
writing without blocking.
"""

from __future__ import annotations

import errno
import os

from eldritch.kernel.errors import KernelError
from eldritch.saves import atomic


def check_writable(path: str, what: str) -> None:
    """KernelError(what, one line) unless `path` looks writable; nothing is left behind."""
    why = atomic.check_target(path)
    if why is not None:
        raise KernelError(what, why)
    target = os.path.realpath(path)
    try:
        if os.path.exists(target) and not os.path.isfile(target):
            fd = os.open(target, os.O_WRONLY | os.O_NONBLOCK)     # a device or a pipe: never blocks
            os.close(fd)
            return
        folder = os.path.dirname(target) or "."
        for _ in range(100):
            probe = os.path.join(folder, ".eldritch-check.%s.tmp" % os.urandom(6).hex())
            try:
                fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                continue
            os.close(fd)
            os.unlink(probe)
            return
        raise OSError(errno.EEXIST, "no unique temporary name")
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            raise KernelError(what, "cannot write %s: a pipe with no reader" % atomic.shown(path))
        raise KernelError(what, "cannot write %s: %s" % (atomic.shown(path), atomic.describe(exc)))
