"""A sweep's folder: OUT/plan.json and one verified result file per task (OUT/results/ID.json).

Every result file carries its task's id and a checksum (SHA-256 of the rest of the file, as
canonical JSON), and its content must have the shape its task asks for (a simulate task's summary
counts exactly its games; an atlas task has one row per card and situation). A file that fails any
of these checks is never merged: when a sweep resumes, it is moved aside as ID.json.bad and the task
is run again, and the sweep says so in one line. This catches an edited count, two files swapped
between settings, a truncated, empty or garbage file, JSON of the wrong shape (a list, a number,
thousands of nested brackets), a device, folder or pipe where a file should be, and a file from an
older eldritch without a checksum. It is a check against accidents and careless edits, not a seal:
whoever can write the folder can write a file with a matching checksum.

plan.json says which sweep the folder holds, so that another sweep's command is refused rather than
mixed in. A plan.json that cannot be read as a plan (truncated, garbage, the wrong shape) is written
again from the command line, also with one line: the results never depend on it, since every task's
id is computed again from the command line and each result file is checked against that id.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat

from eldritch.kernel.errors import KernelError
from eldritch.saves import atomic
from eldritch.analysis.atlas import COLUMNS

PLAN_VERSION = 1
PLAN_NAME = "plan.json"
BAD_SUFFIX = ".bad"
# the largest result file or plan accepted: far above any real one (an atlas task of 4 cards at
# 6 dice sets x 5 x 5 x 5 situations is about 0.5 MB), far below what would exhaust memory
MAX_FILE_BYTES = 64 << 20


def checksum(record: dict) -> str:
    """SHA-256 of a result's canonical JSON, its "check" field left out."""
    body = {k: v for k, v in record.items() if k != "check"}
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def sealed(record: dict) -> dict:
    """The record with its checksum added (what is written)."""
    out = dict(record)
    out["check"] = checksum(record)
    return out


def read_json(path: str) -> object:
    """The JSON value of a regular file of at most MAX_FILE_BYTES; ValueError (a short reason) for
    anything else: a missing file, a device or pipe (opened without blocking, never read), a folder,
    a larger file, bytes that are not UTF-8 JSON, nesting too deep for the parser."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        raise ValueError(atomic.describe(exc))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError("not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise ValueError("larger than %d bytes" % MAX_FILE_BYTES)
        chunks = []
        got = 0
        while got <= MAX_FILE_BYTES:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
    except OSError as exc:
        raise ValueError(atomic.describe(exc))
    finally:
        os.close(fd)
    if got > MAX_FILE_BYTES:
        raise ValueError("larger than %d bytes" % MAX_FILE_BYTES)
    data = b"".join(chunks)
    if not data.strip():
        raise ValueError("empty")
    try:
        return json.loads(data.decode("utf-8"))
    except RecursionError:
        raise ValueError("nested too deeply")
    except ValueError as exc:             # UnicodeDecodeError and JSONDecodeError are ValueErrors
        raise ValueError("not JSON (%s)" % str(exc)[:60])


# ----- what a task's result must look like ------------------------------------------------------------

def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _check_summary(summary, games: int) -> None:
    if not isinstance(summary, dict):
        raise ValueError("no summary")
    if not _is_int(summary.get("games")) or summary["games"] != games:
        raise ValueError("counts %r games, the task %d" % (summary.get("games"), games))
    if not _is_int(summary.get("wins")) or not 0 <= summary["wins"] <= games:
        raise ValueError("wins out of range")
    metrics = summary.get("metrics")
    if not isinstance(metrics, dict) or not all(
            isinstance(m, list) and len(m) == 4 and _is_int(m[0]) and _is_int(m[1])
            and all(x is None or _is_int(x) for x in m[2:]) for m in metrics.values()):
        raise ValueError("malformed metrics")
    tallies = summary.get("tallies")
    if not isinstance(tallies, dict) or not all(
            isinstance(t, list) and len(t) == 2 and _is_int(t[0]) and _is_int(t[1]) for t in tallies.values()):
        raise ValueError("malformed tallies")


def _check_rows(rows, spec: dict, width: int) -> None:
    want = len(spec["cards"]) * len(spec["dice"]) * len(spec["focus"]) * len(spec["spells"]) * len(spec["clues"])
    if not isinstance(rows, list) or len(rows) != want:
        raise ValueError("%s rows, the task %d" % (len(rows) if isinstance(rows, list) else "no", want))
    names = {(s, n) for s, n in spec["cards"]}
    for row in rows:
        if not isinstance(row, list) or len(row) != width or (row[0], row[1]) not in names:
            raise ValueError("a row is not one of the task's cards")


def check_result(record, task: dict) -> None:
    """ValueError (a short reason) unless record is this task's whole, unaltered result."""
    if not isinstance(record, dict):
        raise ValueError("not a result (%s)" % type(record).__name__)
    if record.get("id") != task["id"]:
        raise ValueError("the result of another task")
    if not isinstance(record.get("check"), str) or record["check"] != checksum(record):
        raise ValueError("checksum mismatch" if "check" in record else "no checksum")
    spec = task["spec"]
    if spec["kind"] == "simulate":
        _check_summary(record.get("summary"), spec["games"])
    elif spec["kind"] == "atlas":
        _check_rows(record.get("rows"), spec, len(COLUMNS))
    else:
        raise ValueError("unknown task kind")


def _plan_ids(plan) -> list | None:
    """The task ids of a plan read from plan.json, or None when it is not a plan."""
    if not isinstance(plan, dict) or not isinstance(plan.get("tasks"), list) or not isinstance(plan.get("kind"), str):
        return None
    ids = []
    for t in plan["tasks"]:
        if not isinstance(t, dict) or not isinstance(t.get("id"), str):
            return None
        ids.append(t["id"])
    return ids


class Store:
    """OUT/plan.json and OUT/results/ID.json, each written atomically, each result checked when read.

    After `open`, `damaged` lists the tasks whose result files were refused (moved aside, to be run
    again) and `plan_rewritten` says whether plan.json had to be written again."""

    def __init__(self, out: str):
        if not out:
            raise KernelError("option", "--out: give the sweep's folder")
        self.out = out
        self.results = os.path.join(out, "results")
        self.tasks: dict = {}
        self.damaged: list = []
        self.plan_rewritten = False

    def open(self, kind: str, tasks: list[dict], meta: dict) -> None:
        """Make the folder, check or write the plan, and check every result file already there."""
        try:
            os.makedirs(self.results, exist_ok=True)
        except OSError as exc:
            raise KernelError("option", "--out: cannot make %s: %s"
                              % (atomic.shown(self.results), atomic.describe(exc)))
        self.tasks = {t["id"]: t for t in tasks}
        plan = {"version": PLAN_VERSION, "kind": kind, "meta": meta, "tasks": tasks}
        path = os.path.join(self.out, PLAN_NAME)
        if os.path.lexists(path):
            try:
                old = read_json(path)
            except ValueError:
                old = None
            ids = _plan_ids(old)
            if ids is None:
                self.plan_rewritten = True
                write_atomic(path, json.dumps(plan))
            elif old.get("tasks") != tasks:
                # a plan may grow (more games, more settings): every task it had must still be there
                if old.get("kind") != kind or any(i not in self.tasks for i in ids):
                    raise KernelError("sweep", "%s holds another sweep's plan: use a new --out folder"
                                      % atomic.shown(self.out))
                write_atomic(path, json.dumps(plan))
        else:
            write_atomic(path, json.dumps(plan))
        self._remove_temporaries()
        self.damaged = []
        for t in tasks:
            p = self.path(t["id"])
            if not os.path.lexists(p):
                continue
            try:
                check_result(read_json(p), t)
            except ValueError as exc:
                self.damaged.append((t["id"], str(exc)))
                self._set_aside(p)

    def _remove_temporaries(self) -> None:
        """Remove the temporary files a killed run left (regular files named *.tmp); anything else
        of that name (a folder, a pipe, a symbolic link) is not the sweep's and is left alone."""
        try:
            names = os.listdir(self.results)
        except OSError as exc:
            raise KernelError("option", "--out: cannot read %s: %s"
                              % (atomic.shown(self.results), atomic.describe(exc)))
        for name in names:
            if not name.endswith(".tmp"):
                continue
            path = os.path.join(self.results, name)
            try:
                if stat.S_ISREG(os.lstat(path).st_mode):
                    os.remove(path)
            except OSError as exc:
                raise KernelError("sweep", "cannot remove the leftover %s: %s"
                                  % (atomic.shown(path), atomic.describe(exc)))

    def _set_aside(self, p: str) -> None:
        """A refused result file: kept beside as .bad for whoever wants to look, out of the way."""
        try:
            atomic.rename_durably(p, p + BAD_SUFFIX)
        except atomic.SaveError as exc:
            raise KernelError("sweep", "a refused result file could not be set aside: %s" % exc)

    def damage_report(self) -> str | None:
        """One line on what `open` refused, or None."""
        parts = []
        if self.plan_rewritten:
            parts.append("%s was not a readable plan: written again from this command line"
                         % atomic.shown(os.path.join(self.out, PLAN_NAME)))
        if self.damaged:
            shown = ", ".join("%s (%s)" % (tid, why) for tid, why in self.damaged[:3])
            more = " and %d more" % (len(self.damaged) - 3) if len(self.damaged) > 3 else ""
            parts.append("%d result file%s refused and run again: %s%s (kept as ID.json%s)"
                         % (len(self.damaged), "" if len(self.damaged) == 1 else "s", shown, more, BAD_SUFFIX))
        return "; ".join(parts) if parts else None

    def path(self, tid: str) -> str:
        return os.path.join(self.results, tid + ".json")

    def done(self, tid: str) -> bool:
        return os.path.exists(self.path(tid))

    def put(self, result: dict) -> bool:
        """Write a task's result once, with its checksum; False (and nothing written) when it is
        already there."""
        if self.done(result["id"]):
            return False
        write_atomic(self.path(result["id"]), json.dumps(sealed(result)))
        return True

    def get(self, tid: str) -> dict:
        """A task's result, checked again (KernelError when it changed since the sweep ran)."""
        p = self.path(tid)
        try:
            record = read_json(p)
            if tid in self.tasks:
                check_result(record, self.tasks[tid])
        except ValueError as exc:
            raise KernelError("sweep", "%s: %s; run the sweep again to recompute it" % (p, exc))
        if isinstance(record, dict):
            record.pop("check", None)
        return record


def write_atomic(path: str, text: str) -> None:
    """The host's one save routine (atomic.py: temporary file, fsync, rename, under a lock)."""
    try:
        atomic.write_atomic(path, text.encode())
    except atomic.SaveError as exc:
        raise KernelError("sweep", str(exc))
