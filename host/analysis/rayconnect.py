"""Connecting a sweep to Ray: the address checked, the cluster probed, the connection bounded in time,
and Ray's own printing kept off stdout.

    with ray_session("10.0.0.5:6379", workers=None) as ray:
        ...ray.remote(...)...

`--ray` takes `local` (start a cluster on this machine), `auto` (the cluster this machine already
runs, as `ray start` left it), or a cluster's address: HOST:PORT or ray://HOST:PORT, HOST a name,
an IPv4 address or [an IPv6 address]. Anything else is refused in one line before Ray is imported.

A remote address is probed first with a plain TCP connection (at most PROBE_SECONDS, name lookup
included), because `ray.init` on an address where nothing answers retries for many minutes while
printing warnings. Then `ray.init` itself gets CONNECT_SECONDS (ELDRITCH_RAY_CONNECT_SECONDS
overrides it): a port that accepts connections but is not a Ray cluster would keep it waiting, so
when the time is up the process says so in one line and exits 2 (no task has run yet, so nothing is
lost). Ray's warnings while connecting go to a scratch file, not the terminal; the exception, if
any, is summed up in one line.

While the session lasts, whatever Ray prints for the driver ("(raylet) A worker died or was killed
...", which Ray writes to stdout even with log_to_driver=False, and the output of the cluster's
processes started here) goes to stderr: stdout is the command's result alone (`--json` stays JSON).
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import sys
import tempfile
import threading

from eldritch.kernel.errors import KernelError

MAX_ADDRESS = 255
PROBE_SECONDS = 5.0
CONNECT_SECONDS = 30.0
CONNECT_ENV = "ELDRITCH_RAY_CONNECT_SECONDS"
# Ray runs its workers at niceness 15 (RayConfig worker_niceness): on a shared machine they then get a
# sliver of the CPU that other jobs leave. A cluster started here (--ray local) keeps them at 0.
RAY_NICENESS = "RAY_worker_niceness"
USAGE = "give HOST:PORT, ray://HOST:PORT, 'auto' or 'local'"
_HOST_CHARS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.")
_IPV6_CHARS = set("0123456789abcdefABCDEF:.")


def _shown(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:40] + "...")


def parse_address(text) -> tuple:
    """('local'|'auto', None, None) or (address for ray.init, host, port); KernelError (one line)
    for anything else, naming what is wrong."""
    if text is None or not text.strip():
        raise KernelError("option", "--ray: no address (%s)" % USAGE)
    if len(text) > MAX_ADDRESS:
        raise KernelError("option", "--ray: an address of %d characters; at most %d" % (len(text), MAX_ADDRESS))
    word = text.strip()
    if word in ("local", "auto"):
        return word, None, None
    rest = word[len("ray://"):] if word.startswith("ray://") else word
    host, colon, port = rest.rpartition(":")
    if not colon or not host:
        raise KernelError("option", "--ray: %s is not an address (%s)" % (_shown(text), USAGE))
    if host.startswith("[") and host.endswith("]") and len(host) > 2 and set(host[1:-1]) <= _IPV6_CHARS:
        name = host[1:-1]
    elif set(host) <= _HOST_CHARS and not host.startswith(("-", ".")) and ".." not in host:
        name = host
    else:
        raise KernelError("option", "--ray: %s is not a host name or IP address (%s)" % (_shown(host), USAGE))
    if not (port.isascii() and port.isdigit()) or not 1 <= int(port) <= 65535:
        raise KernelError("option", "--ray: port %s is not a number 1 to 65535" % _shown(port))
    return word, name, int(port)


def probe(host: str, port: int, seconds: float = PROBE_SECONDS) -> None:
    """KernelError (one line) unless a TCP connection to host:port opens within `seconds` (the name
    lookup, which has no timeout of its own, runs in a thread that is left behind if it hangs)."""
    outcome: list = []

    def attempt():
        try:
            socket.create_connection((host, port), timeout=seconds).close()
            outcome.append(None)
        except (OSError, UnicodeError) as exc:
            outcome.append(exc)

    t = threading.Thread(target=attempt, daemon=True, name="eldritch-ray-probe")
    t.start()
    t.join(seconds + 0.5)
    shown = ("[%s]:%d" if ":" in host else "%s:%d") % (host, port)
    if not outcome:
        raise KernelError("option", "--ray: no answer from %s within %d s" % (shown, seconds))
    exc = outcome[0]
    if exc is not None:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc) or type(exc).__name__
        raise KernelError("option", "--ray: cannot reach %s: %s" % (shown, why.lower()))


def connect_seconds() -> float:
    text = os.environ.get(CONNECT_ENV, "")
    try:
        value = float(text)
    except ValueError:
        return CONNECT_SECONDS
    return value if 0 < value < 86400 else CONNECT_SECONDS


@contextlib.contextmanager
def stdout_to_stderr():
    """Both sys.stdout and file descriptor 1 point at stderr for the block (then restored)."""
    sys.stdout.flush()
    saved = None
    try:
        if sys.__stdout__ is not None and sys.__stdout__.fileno() == 1 and sys.__stderr__ is not None:
            saved = os.dup(1)
            os.dup2(sys.__stderr__.fileno(), 1)
    except (OSError, ValueError, AttributeError):
        saved = None
    try:
        with contextlib.redirect_stdout(sys.stderr):
            yield
    finally:
        try:
            sys.stderr.flush()
        finally:
            if saved is not None:
                os.dup2(saved, 1)
                os.close(saved)


@contextlib.contextmanager
def _quiet_stderr():
    """File descriptor 2 to a scratch file for the block (Ray's C++ warnings while connecting)."""
    sys.stderr.flush()
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    with tempfile.TemporaryFile() as scratch:
        os.dup2(scratch.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)


def _give_up(address: str, seconds: float, err: int) -> None:
    """The connect timer's end: one line on `err` (the real stderr) and exit 2, from any thread
    (ray.init cannot be interrupted)."""
    try:
        os.write(err, ("eldritch: --ray: no Ray cluster answered at %s within %d s (set %s to wait longer)\n"
                     % (address, seconds, CONNECT_ENV)).encode("utf-8", "backslashreplace"))
    finally:
        os._exit(2)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return (text[0] if text else type(exc).__name__)[:200]


@contextlib.contextmanager
def ray_session(address: str, workers=None):
    """The ray module, connected to `address` for the block (see the module docstring); if Ray was
    already initialised in this process, that connection is used and left open."""
    word, host, port = parse_address(address)
    loaded = sys.modules.get("ray")
    if host is not None and not (loaded is not None and loaded.is_initialized()):
        probe(host, port)                   # before importing Ray (a second or two) for nothing
    try:
        import ray
    except ImportError:
        raise KernelError("option", "--ray needs Ray: .venv/bin/pip install -e '.[ray]' (or pip install 'eldritch[ray]')")
    with stdout_to_stderr():
        if ray.is_initialized():
            yield ray
            return
        seconds = connect_seconds()
        timer = None
        try:
            if word == "local":
                os.environ.setdefault(RAY_NICENESS, "0")
                ray.init(num_cpus=workers or os.cpu_count(), include_dashboard=False, log_to_driver=False,
                         logging_level=logging.WARNING)
            else:
                err = os.dup(2)
                timer = threading.Timer(seconds, _give_up, (word, seconds, err))
                timer.daemon = True
                timer.start()
                with _quiet_stderr():
                    ray.init(address=word, log_to_driver=False, logging_level=logging.WARNING)
        except (KernelError, KeyboardInterrupt):
            raise
        except Exception as exc:       # Ray's ConnectionError, RuntimeError, ValueError...: one line
            raise KernelError("option", "--ray %s: %s" % (word, _first_line(exc)))
        finally:
            if timer is not None:
                timer.cancel()
                os.close(err)
        try:
            yield ray
        finally:
            ray.shutdown()
