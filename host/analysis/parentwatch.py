"""Worker processes that end when the process that started them ends: a sweep's pool workers must
not outlive their coordinator (a `kill -9`, a timeout in a script, an OOM kill, a closed terminal),
where each would stay asleep, parented to init, for good.

    ProcessPoolExecutor(n, mp_context=ctx, initializer=die_with_parent, initargs=(os.getpid(),))

On Linux the kernel does it: prctl(PR_SET_PDEATHSIG, SIGKILL) through ctypes, so a worker is
killed the moment its parent dies, even in the middle of a C solve. Everywhere (on Linux too, for a
parent that died before the prctl took hold) a daemon thread checks os.getppid() every
POLL_SECONDS and ends the process once its parent has changed (reparented to init or a subreaper).

The death signal follows the thread that forked the worker, not the whole process: the pool's
workers must be started by a thread that lives as long as the pool (concurrent.futures starts them
in the thread that submits the first task; the sweep's is its main thread).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1
POLL_SECONDS = 1.0


def die_with_parent(parent_pid: int) -> None:
    """Make this process end when `parent_pid` (its parent) does (see the module docstring)."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):
            pass                                  # the polling thread still watches
    if os.getppid() != parent_pid:
        os._exit(1)                               # the parent died before this process was ready
    threading.Thread(target=_watch, args=(parent_pid,), name="eldritch-parent-watch", daemon=True).start()


def _watch(parent_pid: int) -> None:
    while True:
        time.sleep(POLL_SECONDS)
        if os.getppid() != parent_pid:
            os._exit(1)
