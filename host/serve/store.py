"""Nothing lost: the server's tables on disk, in its folder (`<state>/serve`, mode 0700).

    store = Store(folder)                   # the folder made if missing; SaveError (one line) if it cannot be
    actions = store.recover()               # {table: [(action, by), ...]}: every acknowledged action
    store.write_meta(table_id, meta)        # a table's settings and seat tokens (atomic, 0600)
    future = store.journal.append(table_id, n, action, by)   # durable when the future is done
    store.key()                             # the host page's key (made once, kept)

Each table has a folder with `table.json` (what it is: the game, seed, players, options, bots, seat
tokens, paused or ended; or the save it was imported from) written atomically through host/saves/atomic.py,
and `actions.txt`, its actions up to the server's last start. Actions applied since then are in one
append-only journal for the whole server (`journal.log`, a line per action: table, index, action,
who, CRC-32), written by one thread that gathers every waiting line, writes them at once and makes
them durable with one fdatasync (group commit): an action is acknowledged only once its line is
durable. A line torn by a crash fails its CRC and is dropped with everything after it (none of it
was acknowledged). At the next start `recover` folds the journal into each table's `actions.txt`
(atomically) and then empties the journal; an entry's index makes the fold idempotent, so a crash
between the two steps loses and doubles nothing.
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import re
import secrets
import threading
import zlib

from eldritch.saves.atomic import SaveError, write_atomic, describe, read_capped, shown

JOURNAL = "journal.log"
META = "table.json"
ACTIONS = "actions.txt"
KEY = "host.key"
BYS = ("player", "bot")
TABLE_ID = re.compile(r"^[0-9a-f]{8}$")
META_MAX = 1 << 20
ACTIONS_MAX = 64 << 20


def new_table_id() -> str:
    return secrets.token_hex(4)


def journal_line(table: str, n: int, action: int, by: str) -> bytes:
    body = "%s %d %d %s" % (table, n, action, by)
    return ("%s %08x\n" % (body, zlib.crc32(body.encode()))).encode()


def parse_journal(blob: bytes) -> tuple:
    """([(table, n, action, by)], length of the good prefix): the lines up to the first torn or
    damaged one."""
    out = []
    good = 0
    for raw in blob.split(b"\n")[:-1]:           # the last part has no newline: torn (or empty)
        parts = raw.split(b" ")
        try:
            if len(parts) != 5:
                raise ValueError
            body = b" ".join(parts[:4])
            if int(parts[4], 16) != zlib.crc32(body):
                raise ValueError
            table, n, action, by = parts[0].decode(), int(parts[1]), int(parts[2]), parts[3].decode()
            if not TABLE_ID.match(table) or n < 0 or by not in BYS:
                raise ValueError
        except (ValueError, UnicodeDecodeError):
            break
        out.append((table, n, action, by))
        good += len(raw) + 1
    return out, good


class Journal:
    """The append-only journal with group commit (see the module docstring)."""

    def __init__(self, path: str, durable: bool = True):
        self.path = path
        self.durable = durable
        self.fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        self.cond = threading.Condition()
        self.waiting: list = []
        self.closed = False
        self.thread = threading.Thread(target=self._run, name="eldritch-journal", daemon=True)
        self.thread.start()

    def append(self, table: str, n: int, action: int, by: str) -> concurrent.futures.Future:
        """A future done (result None) once the line is durable; its exception a SaveError."""
        fut = concurrent.futures.Future()
        line = journal_line(table, n, action, by)
        with self.cond:
            if self.closed:
                fut.set_exception(SaveError("the server is stopping"))
                return fut
            self.waiting.append((line, fut))
            self.cond.notify()
        return fut

    def _run(self):
        while True:
            with self.cond:
                while not self.waiting and not self.closed:
                    self.cond.wait()
                batch, self.waiting = self.waiting, []
                if not batch and self.closed:
                    return
            try:
                data = b"".join(line for line, _ in batch)
                view = memoryview(data)
                while view:
                    view = view[os.write(self.fd, view):]
                if self.durable:
                    os.fdatasync(self.fd)
            except OSError as exc:
                error = SaveError("cannot write the journal %s: %s" % (shown(self.path), describe(exc)))
                for _, fut in batch:
                    if not fut.cancelled():
                        fut.set_exception(error)
                continue
            for _, fut in batch:
                if not fut.cancelled():            # a waiter stopped (the server stopping): durable all the same
                    fut.set_result(None)

    def close(self):
        with self.cond:
            self.closed = True
            self.cond.notify()
        self.thread.join(timeout=10)
        try:
            os.close(self.fd)
        except OSError:
            pass


class Store:
    """A server's folder of tables (see the module docstring)."""

    def __init__(self, folder: str, durable: bool = True):
        """durable=False: the journal is written but not fsynced (tests of other things than a crash)."""
        self.folder = folder
        self.durable = durable
        try:
            os.makedirs(folder, mode=0o700, exist_ok=True)
        except OSError as exc:
            raise SaveError("cannot make the server's folder %s: %s" % (shown(folder), describe(exc)))
        if not os.path.isdir(folder):
            raise SaveError("%s is not a folder" % shown(folder))
        self.journal = None

    # ----- tables ---------------------------------------------------------------------------------

    def table_dir(self, table: str) -> str:
        if not TABLE_ID.match(table):
            raise SaveError("no table %r" % table[:20])
        return os.path.join(self.folder, table)

    def table_ids(self) -> list:
        try:
            names = os.listdir(self.folder)
        except OSError as exc:
            raise SaveError("cannot read %s: %s" % (shown(self.folder), describe(exc)))
        return sorted(n for n in names if TABLE_ID.match(n) and os.path.isfile(os.path.join(self.folder, n, META)))

    def read_meta(self, table: str) -> dict:
        path = os.path.join(self.table_dir(table), META)
        blob = read_capped(path, META_MAX, what="table file")
        try:
            meta = json.loads(blob.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise SaveError("%s is not a table file" % shown(path))
        if not isinstance(meta, dict) or meta.get("format") != "eldritch-table":
            raise SaveError("%s is not a table file" % shown(path))
        return meta

    def write_meta(self, table: str, meta: dict) -> None:
        folder = self.table_dir(table)
        os.makedirs(folder, mode=0o700, exist_ok=True)
        write_atomic(os.path.join(folder, META), json.dumps(meta, indent=1, sort_keys=True).encode(), mode=0o600)

    def read_actions(self, table: str) -> list:
        path = os.path.join(self.table_dir(table), ACTIONS)
        if not os.path.exists(path):
            return []
        out = []
        for line in read_capped(path, ACTIONS_MAX, what="action file").decode().splitlines():
            action, by = line.split(" ")
            if by not in BYS:
                raise SaveError("%s: a line that is not 'ACTION WHO'" % shown(path))
            out.append((int(action), by))
        return out

    def write_actions(self, table: str, actions: list) -> None:
        text = "".join("%d %s\n" % (a, by) for a, by in actions)
        write_atomic(os.path.join(self.table_dir(table), ACTIONS), text.encode(), mode=0o600)

    # ----- start-up -------------------------------------------------------------------------------

    def recover(self) -> dict:
        """Every table's acknowledged actions, the journal folded into the action files and emptied;
        then the journal is opened for appending. {table: [(action, by)]}."""
        ids = self.table_ids()
        actions = {t: self.read_actions(t) for t in ids}
        path = os.path.join(self.folder, JOURNAL)
        entries = []
        if os.path.exists(path):
            entries, _ = parse_journal(read_capped(path, 1 << 40, what="journal"))
        changed = set()
        for table, n, action, by in entries:
            if table not in actions:
                continue                       # a table removed after its lines were written
            have = actions[table]
            if n < len(have):
                continue                       # folded before (a crash between fold and empty)
            if n != len(have):
                raise SaveError("the journal skips an action of table %s (%d after %d)" % (table, n, len(have)))
            have.append((action, by))
            changed.add(table)
        for table in sorted(changed):
            self.write_actions(table, actions[table])
        write_atomic(path, b"", mode=0o600)
        self.journal = Journal(path, self.durable)
        return actions

    def close(self):
        if self.journal is not None:
            self.journal.close()
            self.journal = None

    # ----- the host's key ---------------------------------------------------------------------------

    def key(self) -> str:
        """The host page's key: made once (secrets), kept in the folder (0600)."""
        path = os.path.join(self.folder, KEY)
        if os.path.exists(path):
            text = read_capped(path, 256, what="key file").decode("ascii", "replace").strip()
            if re.match(r"^[A-Za-z0-9_-]{20,}$", text):
                return text
        text = secrets.token_urlsafe(24)
        write_atomic(path, text.encode() + b"\n", mode=0o600)
        return text
