"""Bounded solves: refuse up front what would take too long or need too much memory, stop at the
limit what runs longer than estimated, show progress on a terminal, stop cleanly on Ctrl-C, and
never die of MemoryError.

Before a question is solved, `guard` asks the solver for its estimate (contexts x rolls and
workspace bytes, from the C core's formulas, and time from the cost model fitted on measured
questions: kernel/eldersign/budget.py) and refuses in one line when it is over the limits (default
60 s on one core and 1 GiB; `--max-seconds` and `--max-memory` raise them), naming the estimate and
the flags that allow it. An accepted question is held to the time limit while it is solved, since
an estimate is within 2x of the truth, not exact:
- the work limit: the C core counts its work (pairs, frames, clue-sweep steps) and weighs it with
  the cost model fitted on what solves really count (budget.WORK), checking it between every two
  contexts or chain nodes it stores, and stops there when it passes the limit (ES_ELIMIT); the
  fallback's progress callback (every 64 pairs) does the same with its pairs and contexts;
- the deadline: the solve's progress callback (a few milliseconds apart) reads the process's CPU
  clock and stops it past the limit, for a machine slower than the one the model was fitted on.
Either stop is one line (KernelError "limits", naming the limit and the flag that allows more); the
memo keeps what was finished, nothing is torn. Accepted questions also get their workspace
reserved, a progress bar on stderr when they run for more than about a second on a terminal
(contexts done / estimated), and a MemoryError becomes a one-line KernelError.

    with guard(solver, ctx, Limits(), backend.name, "odds"):
        value = solver.value(...)
"""

from __future__ import annotations

import math
import sys
import time
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:           # annotations only (typing costs a millisecond to import)
    from typing import Iterator, Optional, TextIO

from eldritch.kernel.errors import KernelError
from eldritch.kernel.eldersign import budget

DEFAULT_SECONDS = 60
DEFAULT_MEMORY = 1 << 30
MAX_SECONDS = 1_000_000             # a limit's nanoseconds and weighted work stay far inside 64 bits
MAX_SIZE = 1 << 50
_UNITS = {"": 1, "B": 1, "K": 1 << 10, "KB": 1 << 10, "KIB": 1 << 10, "M": 1 << 20, "MB": 1 << 20,
          "MIB": 1 << 20, "G": 1 << 30, "GB": 1 << 30, "GIB": 1 << 30, "T": 1 << 40, "TB": 1 << 40,
          "TIB": 1 << 40}


class Limits:
    """How long (seconds on one core) and how much memory (bytes) one question may take."""

    def __init__(self, max_seconds: float = DEFAULT_SECONDS, max_memory: int = DEFAULT_MEMORY) -> None:
        self.max_seconds = max_seconds
        self.max_memory = max_memory


def parse_seconds(text: str) -> float:
    """`90`, `2.5`, `10m`, `1h` -> seconds (ASCII digits only)."""
    body = text.strip().lower()
    scale = 1
    for suffix, mult in (("s", 1), ("m", 60), ("h", 3600)):
        if body.endswith(suffix):
            body, scale = body[:-1], mult
            break
    value = _number(body, text, "a duration such as 90, 10m or 1h") * scale
    if value > MAX_SECONDS:
        raise KernelError("option", "a time limit is at most %d seconds (11 days), not %r" % (MAX_SECONDS, text[:20]))
    return value


def parse_size(text: str) -> int:
    """`1G`, `512M`, `2.5GiB`, `1000000` -> bytes (powers of 1024; ASCII digits only)."""
    body = text.strip().upper()
    k = len(body)
    while k > 0 and body[k - 1].isalpha():
        k -= 1
    unit = body[k:]
    if unit not in _UNITS:
        raise KernelError("option", "expected a size such as 512M or 2G, not %r" % (text,))
    value = int(_number(body[:k], text, "a size such as 512M or 2G") * _UNITS[unit])
    if value > MAX_SIZE:
        raise KernelError("option", "a size is at most 1024T, not %r" % text[:20])
    return value


def _number(body: str, text: str, what: str) -> float:
    if not body or len(body) > 20 or any(c not in "0123456789." for c in body) or body.count(".") > 1 \
            or body == ".":
        raise KernelError("option", "expected %s, not %r" % (what, text))
    value = float(body)
    if not value > 0 or math.isinf(value):
        raise KernelError("option", "expected %s, not %r" % (what, text))
    return value


def _size_flag(n: int) -> str:
    """A --max-memory value at least n bytes, rounded up to a readable size."""
    for unit, mult in (("G", 1 << 30), ("M", 1 << 20)):
        if n >= mult or unit == "M":
            return "%d%s" % (-(-n // mult), unit)
    return str(n)


def check(solver, ctx, limits: Limits, runtime: str) -> budget.Estimate:
    """The estimate of ctx; KernelError('limits', ...) in one line when it is over the limits."""
    est = solver.estimate(ctx)
    max_ms = int(limits.max_seconds * 1000)
    text = budget.refusal(est, runtime, max_ms, limits.max_memory)
    if text is None:
        return est
    allow = []
    ms = est.milliseconds(runtime)
    if ms > max_ms:
        allow.append("--max-seconds %d" % -(-ms * 5 // 4000))       # a quarter more, rounded up
    need = est.bytes_for(runtime)
    if runtime == "c" and est.c_bytes == 0:
        raise KernelError("limits", text)
    if need > limits.max_memory:
        allow.append("--max-memory %s" % _size_flag(need + need // 8))
    raise KernelError("limits", "%s; allow it with %s" % (text, " ".join(allow)))


class LimitReached(KernelError):
    """A solve stopped at its limit while it ran (the work limit or the CPU deadline)."""

    def __init__(self, how: str) -> None:
        super().__init__("limits", how)
        self.how = how


class Stop:
    """The limit held while a question is solved: `check(pairs)` (from the progress callback)
    raises LimitReached past the CPU deadline (`clock`, None for none) or, for a solver that does
    not count its work in C (the fallback), past the work limit of its pairs and contexts."""

    def __init__(self, solver, est, runtime: str, max_seconds: float, clock=time.process_time) -> None:
        self.solver = solver
        self.est = est
        self.runtime = runtime
        self.clock = clock
        self.deadline = clock() + max_seconds if clock is not None else None
        self.counts_in_c = hasattr(solver, "limit_work")
        self.base = (solver.pairs, solver.contexts)
        self.allowance = int(max_seconds * 1e9)         # nanoseconds of counted work

    def check(self, pairs: int) -> None:
        if self.deadline is not None and self.clock() > self.deadline:
            raise LimitReached("time")
        if not self.counts_in_c:
            done = (pairs - self.base[0], self.solver.contexts - self.base[1], 0, 0)
            if budget.work_ns(self.est, self.runtime, done) > self.allowance:
                raise LimitReached("work")

    def arm(self) -> None:
        """The C core's work limit (the fallback is checked in `check`)."""
        if self.counts_in_c:
            # picoseconds a counted unit; the question's set-up (the model's base) is not counted
            self.solver.limit_work(budget.work_weights(self.est, self.runtime), self.allowance * 1000)

    def disarm(self) -> None:
        if self.counts_in_c:
            self.solver.limit_work(None, 0)


def stopped_text(est, runtime: str, max_seconds: float, how: str) -> str:
    """The one line of a solve stopped at its limit."""
    ms = est.milliseconds(runtime)
    what = "the work of" if how == "work" else "more than"
    return "stopped at the time limit: this question took %s %s on one core (estimated %s); allow " \
        "more with --max-seconds %d" % (what, budget.text_seconds(int(max_seconds * 1000)),
                                          budget.text_seconds(ms), max(2 * math.ceil(max_seconds), 1))


class Progress:
    """A solver's progress callback (`solver.progress = Progress(...)`, called with the pairs done):
    a bar on stderr of the contexts solved (read through `contexts()`) out of the estimate, once a
    solve has run for `delay` seconds, redrawn at most ten times a second, on a terminal only."""

    def __init__(self, total: int, label: str, stream: Optional[TextIO] = None, delay: float = 1.0,
                 force: bool = False, contexts=None) -> None:
        self.contexts = contexts or (lambda: 0)
        self.total = max(int(total), 1)
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.start = time.monotonic()
        self.delay = delay
        self.last = 0.0
        self.shown = False
        self.active = force or _isatty(self.stream)

    def __call__(self, pairs: int) -> None:
        if not self.active:
            return
        now = time.monotonic()
        if now - self.start < self.delay or now - self.last < 0.1:
            return
        self.last = now
        self.shown = True
        done = min(int(self.contexts()), self.total)
        width = 30
        filled = width * done // self.total
        self.stream.write("\r[%s%s] %d/%d contexts  %s  %.0f s\x1b[K" % (
            "#" * filled, "." * (width - filled), done, self.total, self.label[:30], now - self.start))
        self.stream.flush()

    def close(self) -> None:
        """Erase the bar (if it was shown)."""
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


@contextmanager
def guard(solver, ctx, limits: Optional[Limits], runtime: str, label: str = "",
          stream: Optional[TextIO] = None, clock=time.process_time) -> Iterator[budget.Estimate]:
    """Check ctx against the limits (refusing before any workspace is allocated), reserve its
    workspace, hold the block's solving to the time limit (the work limit and the CPU deadline of
    `clock`, None for none: see the module docstring), show progress while the block runs, and
    turn a MemoryError into a KernelError."""
    limits = limits or Limits()
    est = check(solver, ctx, limits, runtime)
    base = solver.contexts
    stop = Stop(solver, est, runtime, limits.max_seconds, clock)
    progress = Progress(est.contexts, label, stream, contexts=lambda: solver.contexts - base)

    def report(pairs):
        stop.check(pairs)
        progress(pairs)
    before = solver.progress
    solver.progress = report
    try:
        solver.reserve(ctx)
        stop.arm()
        yield est
    except MemoryError:
        # free the memo first: building the one-line error needs memory too (the Python fallback
        # otherwise dies here with a chained MemoryError traceback)
        forget = getattr(solver, "forget", None)
        if forget is not None:
            forget()
        raise KernelError("memory", "out of memory while solving (estimated %s); free some or lower "
                          "--max-memory" % budget.text_bytes(est.bytes_for(runtime))) from None
    except LimitReached as exc:
        raise KernelError("limits", stopped_text(est, runtime, limits.max_seconds, exc.how)) from None
    except KernelError as exc:
        if getattr(exc, "work", None) is None:      # the C core's WorkLimitReached carries its work
            raise
        raise KernelError("limits", stopped_text(est, runtime, limits.max_seconds, "work")) from None
    finally:
        stop.disarm()
        solver.progress = before
        progress.close()


def _fits(solver, lim, limits: Limits, runtime: str) -> bool:
    """True when an estimate within limits `lim` (budget.merge of the questions' limits) is inside
    the time and memory limits."""
    if lim is None:
        return False
    budget.check_limits(lim)
    est = budget.estimate(budget.shape_of(solver), lim, 1, ())
    return budget.refusal(est, runtime, int(limits.max_seconds * 1000), limits.max_memory) is None


class _BoundedBackend:
    """A backend whose solvers are checked against the limits for every question of a table and
    sized for them all before any is solved (see bounded)."""

    def __init__(self, backend, ctxs, limits: Limits) -> None:
        self.backend = backend
        self.name = backend.name
        # the largest pools first, so the first reservation covers (nearly) all the others
        self.ctxs = sorted(ctxs, key=lambda c: -(c[0] + c[1] + c[2]))
        self.limits = limits
        self.merged = None
        for g, y, r, held, f, s, c in self.ctxs:
            self.merged = budget.merge(self.merged, budget.limits_of(g, y, r, len(held), f, s, c))

    def make_solver(self, card, terror=0, sanity=0, stamina=0):
        solver = self.backend.make_solver(card, terror, sanity, stamina)
        # every bound of the estimate only grows with the limits: when the limits covering all the
        # questions fit, each question does (one estimate, not one per dice set)
        if not _fits(solver, self.merged, self.limits, self.name):
            for ctx in self.ctxs:
                check(solver, ctx, self.limits, self.name)
        for ctx in self.ctxs:
            solver.reserve(ctx)
        return solver

    def __getattr__(self, name):
        return getattr(self.backend, name)


@contextmanager
def bounded(backend, ctxs, limits: Optional[Limits]) -> Iterator[_BoundedBackend]:
    """For commands that solve many cards (table): a backend whose every solver refuses a question
    over the limits before solving it; MemoryError becomes a one-line KernelError."""
    try:
        yield _BoundedBackend(backend, ctxs, limits or Limits())
    except MemoryError:
        raise KernelError("memory", "out of memory while solving; free some or lower --max-memory") from None


def context_of(green: int, yellow: int, red: int, held: tuple = (), focus: int = 0, spells: int = 0,
               clues: int = 0) -> tuple:
    """The solver context of a question (held: representative faces, sorted)."""
    return (green, yellow, red, tuple(sorted(held)), focus, spells, clues)
