"""The store of solved value tables: exact solver values shared between processes and runs.

    store = TableStore("runs/ao/solved")                 # a sweep's (or --store DIR)
    tables = store.tables(key, nstates)                  # [(count, keys, values)] memory-mapped
    store.publish(key, nstates, *solver.export_memo())   # what this process solved that was not there

A solved table is the C core's memo for one card under one terror effect and sanity/stamina
limits (the solver key, solverbot.SolverCache.card_key): every context a solve stored, with its
value vector (cbackend.CSolver.export_memo). A new solver of that card loads the tables into its
workspace (ess_memo_import, only the contexts inside its limits), so a question whose contexts were
solved by any earlier process is a look-up, and one that was not solves only what is new. A
context asked alone is read from the mapped file without a workspace (Table.find, through the
solver's memo_lookup); a sweep merges each card's tables into one file when it ends (compact_all).
Beside a card's tables, NAME.adv files keep the solver bot's answers to whole roll questions
(advicestore.py: advice's option listing, valued), so a question an earlier process asked needs
no workspace at all; they are checked, sampled, merged and evicted with the card like its tables.

Layout: ROOT/v1/CARD/NAME.tbl. CARD is a hash of the solver key, the store format, the kernel's
version and the C core's version, so tables of another version are never read (version skew: they
are left to eviction). NAME is the SHA-256 of the file's body: the store is content-addressed like
the sweeps' task ids, so two processes that publish the same values write the same file, and a
file never changes once written (written to a unique temporary name, then renamed). A process
publishes only the contexts it solved itself (the C core numbers memo entries in the order they are
stored: those after the imported ones); a card with more than MAX_FILES tables has its small
tables merged into one (duplicates dropped).

A table is never trusted blindly:
- its header (magic, format, card hash, states, entry count) and its size are checked when it is
  first mapped, and every entry carries a check word (the C core's, over its key and values) that
  the core verifies for each entry it stores (ess_memo_import); a file that fails either is deleted
  (a truncated or corrupt file, a power cut mid-write) and its values are solved again (a reader
  reads only the entries its questions need: a checksum of whole files, which every process paid
  for every card it used, cost more than the look-ups it saved in a small process);
- the first VERIFY_CARDS cards a process uses have SAMPLE entries of their tables solved afresh
  by a solver that reads no store, compared with `==`; a mismatch (a stale store: values from a
  solver that computed differently under the same version, which a code change without a version
  change would cause for every card) deletes the whole store of this version, to be rebuilt.
So a bad store costs time, never a wrong value. (Checking every card of a small process cost a
third of its solver's time; a stale store shows on any card, so a few cards a process suffice.)

Size: at most `max_bytes` (DEFAULT_BYTES, or --store-size); past it, whole cards are evicted,
least recently used first (a card's folder is stamped when a process first uses it). The size is
kept in a ledger (ROOT/v2/.size, TableStore.settle) so that a process does not walk the store.
"""

from __future__ import annotations

import bisect
import errno
import hashlib
import mmap
import os
import stat
import struct
import sys

from eldritch.eldersign.advicestore import (ADVICE_MAGIC, ADVICE_FORMAT, ADVICE_SUFFIX, ADVICE_HEADER,
    AdviceFile, advice_body, raw_body, question_hash)

FORMAT = 2
MAGIC = b"ELDRTBL2"
HEADER = struct.Struct("<8sII32sQ8x")           # magic, format, nstates, card hash, count
# body: count keys, count check words, count value vectors of nstates words (8 bytes each, little endian)
DEFAULT_BYTES = 2 << 30
MAX_FILES = 6
SAMPLE = 2
SAMPLE_DICE = 4
VERIFY_CARDS = 6
SUFFIX = ".tbl"
LEDGER = ".size"            # ROOT/v2/.size: see TableStore.settle
LEDGER_LINES = 512


def card_digest(key, versions: str) -> bytes:
    """The 32-byte hash naming a card's tables: the solver key and every version that can change
    the values or their layout."""
    return hashlib.sha256(("%d|%s|%r" % (FORMAT, versions, key)).encode()).digest()


def _versions() -> str:
    from eldritch.kernel import VERSION
    try:
        from eldritch.backend.cbackend import ffi, lib
        core = ffi.string(lib.es_version()).decode()
    except ImportError:
        core = "none"
    return "kernel %s core %s" % (VERSION, core)



def open_regular(path: str, flags: int = os.O_RDONLY):
    """A binary file object of the regular file at path: opened without blocking (a FIFO named like
    a table would wait forever for a writer), then checked with fstat; OSError for anything else."""
    fd = os.open(path, flags | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0), 0o644)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", path)
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "rb" if flags == os.O_RDONLY else "ab")

class Table:
    """One mapped table file: count entries, their keys (uint64, ascending), check words and value
    vectors."""

    def __init__(self, path: str, count: int, keys, checks, vals, mm):
        self.path = path
        self.count = count
        self.keys = keys
        self.checks = checks
        self.vals = vals
        self._mm = mm
        self._sorted = None             # keys as a sequence of ints (find)

    def find(self, packed: int, nstates: int):
        """The value vector (a list) of the entry with this packed key, None when the table has no
        such entry, or False when the entry's check word does not match (a damaged table)."""
        keys = self._sorted
        if keys is None:
            # the file is little endian: a native view where that is the machine's order
            keys = self.keys.cast("Q") if sys.byteorder == "little" else struct.unpack(
                "<%dQ" % self.count, self.keys)
            self._sorted = keys
        i = bisect.bisect_left(keys, packed)
        if i == self.count or keys[i] != packed:
            return None
        vals = list(struct.unpack_from("<%dQ" % nstates, self.vals, 8 * nstates * i))
        if entry_check(packed, vals) != struct.unpack_from("<Q", self.checks, 8 * i)[0]:
            return False
        return vals


class TableStore:
    """A folder of solved tables (see the module docstring); `check=False` skips the fresh-solve
    sample (tests of the store's own checks use it)."""

    def __init__(self, root: str, max_bytes: int = DEFAULT_BYTES, check: bool = True,
                 versions: str | None = None):
        self.root = os.path.join(root, "v%d" % FORMAT)
        self.max_bytes = max_bytes
        self.check = check
        self.versions = versions if versions is not None else _versions()
        self._open: dict = {}           # card hash -> [Table]
        self._digests: dict = {}        # solver key -> card hash (card_digest, once per key)
        self.generation = 0             # counts the times tables of _open were dropped (a reader
                                        # that keeps tables() lists asks again when it moves)
        self._checked: set = set()      # card hashes sampled by this process
        self._advice = None             # (generation, [AdviceFile]) (advicestore.py)
        self._listed: dict = {}         # card hash -> (generation, the folder's names) (_names)
        self._advice_checked: dict = {}     # card hash -> answers of it this process sampled
        self._size = None               # the store's bytes when last measured (eviction)
        self._added = 0                 # bytes this process wrote since
        self.stats = {"loaded": 0, "rejected": 0, "stale": 0, "published": 0, "evicted": 0}

    # ----- reading ------------------------------------------------------------------------------

    def _folder(self, digest: bytes) -> str:
        return os.path.join(self.root, digest.hex()[:40])

    def digest(self, key) -> bytes:
        """card_digest of a solver key, remembered (a solver asks for its tables often)."""
        got = self._digests.get(key)
        if got is None:
            got = self._digests[key] = card_digest(key, self.versions)
        return got

    def tables(self, key, nstates: int) -> list[Table]:
        """The verified tables of a solver key (mapped once per process)."""
        digest = self.digest(key)
        got = self._open.get(digest)
        if got is not None:
            return got
        folder = self._folder(digest)
        out = []
        names = [n for n in self._names(digest) if n.endswith(SUFFIX)]
        for name in names:
            t = self._map(os.path.join(folder, name), digest, nstates)
            if t is not None:
                out.append(t)
        if names:
            try:
                os.utime(folder)            # the card was used now (eviction is by this stamp)
            except OSError:
                pass
        self._open[digest] = out
        return out

    def _names(self, digest: bytes) -> list:
        """The sorted names in a card's folder, listed once per store generation (this process's own
        writes drop it)."""
        got = self._listed.get(digest)
        if got is not None and got[0] == self.generation:
            return got[1]
        try:
            names = sorted(os.listdir(self._folder(digest)))
        except OSError:
            names = []
        self._listed[digest] = (self.generation, names)
        return names

    def _map(self, path: str, digest: bytes, nstates: int):
        """The table at path, or None (and the file deleted) when it is not a whole, correct table
        of this card."""
        got = self._open_mapped(path, HEADER.size)
        if got is None:
            return None
        mm, size = got
        try:
            magic, fmt, n, card, count = HEADER.unpack_from(mm, 0)
            body = HEADER.size + 8 * count * (2 + nstates)
            if magic != MAGIC or fmt != FORMAT or n != nstates or card != digest or size != body:
                raise ValueError("not a table of this card")
        except (ValueError, struct.error):
            mm.close()
            self._reject(path)
            return None
        view = memoryview(mm)
        at = HEADER.size
        keys = view[at:at + 8 * count]
        checks = view[at + 8 * count:at + 16 * count]
        vals = view[at + 16 * count:]
        self.stats["loaded"] += 1
        return Table(path, count, keys, checks, vals, mm)

    def refuse(self, key_of, table: Table, digest: bytes | None = None) -> None:
        """A table found damaged (an entry whose check word does not match: by the core as it
        imports, or by verify): deleted, and not offered again by this process. `key_of` is the
        solver key (or None with its card hash)."""
        if digest is None:
            digest = self.digest(key_of)
        got = self._open.get(digest)
        if got is None or table not in got:
            return                                  # refused already
        got.remove(table)
        self._reject(table.path)

    def _open_mapped(self, path: str, header: int):
        """(the file mapped read-only, its size), or None (and the file deleted) when it cannot be
        opened or is shorter than a header of `header` bytes."""
        try:
            with open_regular(path) as f:
                size = os.fstat(f.fileno()).st_size
                if size < header:
                    raise ValueError("shorter than a header")
                return mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ), size
        except (OSError, ValueError):
            self._reject(path)
            return None

    def _reject(self, path: str) -> None:
        self.stats["rejected"] += 1
        try:
            os.remove(path)
        except OSError:
            pass

    def drop_card(self, key) -> None:
        """Delete every table of a solver key (a stale store: see verify)."""
        digest = self.digest(key)
        folder = self._folder(digest)
        self._open.pop(digest, None)
        self.generation += 1
        try:
            names = os.listdir(folder)
        except OSError:
            return
        for name in names:
            try:
                os.remove(os.path.join(folder, name))
            except OSError:
                pass

    def verify(self, key, nstates: int, fresh_values) -> bool:
        """For the first VERIFY_CARDS cards with tables this process uses: SAMPLE entries compared
        with fresh_values(ctx) (a solve that reads no store); on any difference the whole store of
        this version is deleted and False returned. True otherwise (and for every later card)."""
        digest = self.digest(key)
        if not self.check or digest in self._checked or len(self._checked) >= VERIFY_CARDS:
            return True
        tables = self.tables(key, nstates)
        if not tables:
            return True
        self._checked.add(digest)
        for t, i in sample_entries(tables):
            key = struct.unpack_from("<Q", t.keys, 8 * i)[0]
            want = list(struct.unpack_from("<%dQ" % nstates, t.vals, 8 * nstates * i))
            if entry_check(key, want) != struct.unpack_from("<Q", t.checks, 8 * i)[0]:
                self.refuse(key_of=None, table=t, digest=digest)     # damaged, not stale
                continue
            if fresh_values(unpack_key(key)) != want:
                self.stats["stale"] += 1
                self.drop_all()
                return False
        return True

    def drop_all(self) -> None:
        """Delete every table of this store's version (a stale store)."""
        for digest in list(self._open):
            self._open.pop(digest, None)
        self.generation += 1
        try:
            names = os.listdir(self.root)
        except OSError:
            return
        for name in names:
            folder = os.path.join(self.root, name)
            try:
                for n in os.listdir(folder):
                    os.remove(os.path.join(folder, n))
                os.rmdir(folder)
            except OSError:
                pass

    # ----- advice (advicestore.py) ------------------------------------------------------------

    def _advice_root(self) -> str:
        """ROOT/v2/advice-V: V hashes the versions, so another kernel's or core's advice is never
        searched (left for eviction)."""
        return os.path.join(self.root, "advice-" + hashlib.sha256(self.versions.encode()).hexdigest()[:16])

    def advice_files(self) -> list[AdviceFile]:
        """The mapped advice files (listed once per process and store generation)."""
        got = self._advice
        if got is not None and got[0] == self.generation:
            return got[1]
        folder = self._advice_root()
        try:
            names = sorted(n for n in os.listdir(folder) if n.endswith(ADVICE_SUFFIX))
        except OSError:
            names = []
        out = []
        for name in names:
            f = self._map_advice(os.path.join(folder, name))
            if f is not None:
                out.append(f)
        self._advice = (self.generation, out)
        return out

    def _map_advice(self, path: str):
        got = self._open_mapped(path, ADVICE_HEADER.size)
        if got is None:
            return None
        mm, size = got
        try:
            magic, fmt, count = ADVICE_HEADER.unpack_from(mm, 0)
            if magic != ADVICE_MAGIC or fmt != ADVICE_FORMAT or size < ADVICE_HEADER.size + 8 * (3 * count + 1):
                raise ValueError("not an advice file")
            f = AdviceFile(path, count, memoryview(mm), mm)
            if not f.valid_size():
                raise ValueError("truncated")
        except (ValueError, struct.error):
            self._reject(path)
            return None
        return f

    def find_advice(self, key, question: tuple):
        """The stored answer (advisor.keyed_options' pairs) to a roll question of a solver key, or
        None. A damaged file on the way is deleted (and its questions asked again)."""
        files = self.advice_files()
        if not files:
            return None
        digest = self.digest(key)
        h = question_hash(digest, question)
        for f in files:
            got = f.find(digest, question, h)
            if got is False:
                self._refuse_advice(f)
                return None
            if got is not None:
                return got
        return None

    def _refuse_advice(self, f: AdviceFile) -> None:
        if self._advice is not None and f in self._advice[1]:
            self._advice[1].remove(f)
        self._reject(f.path)

    def advice_trusted(self, key, question: tuple, pairs, fresh_advice) -> bool:
        """As verify, for advice found: for the first VERIFY_CARDS cards whose answers this process
        reads, SAMPLE answers to questions of at most SAMPLE_DICE dice are compared with
        fresh_advice(question) (advice from a solver that reads no store); a difference deletes the
        whole store of this version (stale) and returns False. True otherwise."""
        if not self.check or sum(question[0]) > SAMPLE_DICE:
            return True
        digest = self.digest(key)
        n = self._advice_checked.get(digest)
        if n is None:
            if len(self._advice_checked) >= VERIFY_CARDS:
                return True
            n = 0
        if n >= SAMPLE:
            return True
        self._advice_checked[digest] = n + 1
        if fresh_advice(question) != pairs:
            self.stats["stale"] += 1
            self.drop_all()
            return False
        return True

    def publish_advice(self, records: dict) -> int:
        """Add answers {solver key: {question: pairs}} as ONE new advice file (content-addressed,
        written whole, then renamed); past MAX_FILES advice files the small ones are merged."""
        flat = {}
        for key, qs in records.items():
            digest = self.digest(key)
            for q, pairs in qs.items():
                flat[(digest, q)] = pairs
        if not flat:
            return 0
        folder = self._advice_root()
        os.makedirs(folder, exist_ok=True)
        count, body = advice_body(flat)
        self._write_file(folder, ADVICE_HEADER.pack(ADVICE_MAGIC, ADVICE_FORMAT, count), body, ADVICE_SUFFIX)
        self._added += ADVICE_HEADER.size + len(body)
        self.stats["published"] += count
        names = [n for n in os.listdir(folder) if n.endswith(ADVICE_SUFFIX)]
        if len(names) > MAX_FILES:
            self._compact_advice(folder, names)
        return count

    def _compact_advice(self, folder: str, names: list, whole: bool = False) -> None:
        """Merge advice files into one (the union; a damaged file is deleted, not merged). As with
        tables, when the largest file holds more than the others together only the others are
        merged (unless `whole`), so a big file is not rewritten each time small ones pile up."""
        files = []
        for name in names:
            f = self._map_advice(os.path.join(folder, name))
            if f is not None:
                files.append(f)
        files.sort(key=lambda f: f.count)
        if not whole and len(files) > 1 and files[-1].count > sum(f.count for f in files[:-1]):
            files = files[:-1]
        if len(files) < 2:
            return
        merged = []
        for f in files:
            recs = f.raw_records()
            if recs is False:
                self._reject(f.path)
                continue
            merged += recs
        count, body = raw_body(merged)
        kept = self._write_file(folder, ADVICE_HEADER.pack(ADVICE_MAGIC, ADVICE_FORMAT, count), body, ADVICE_SUFFIX)
        for f in files:
            if f.path != kept:
                try:
                    os.remove(f.path)
                except OSError:
                    pass
        self._advice = None

    # ----- writing ------------------------------------------------------------------------------

    def publish(self, key, nstates: int, count: int, keys: bytes, checks: bytes, vals: bytes) -> int:
        """Add entries (keys, check words, values: export_memo's form; a solver's take_solved: what it
        solved itself, so nothing its tables gave it) to the store as a new table of the card,
        written whole under a temporary name, then renamed to its hash. Returns how many."""
        if not count:
            return 0
        digest = self.digest(key)
        folder = self._folder(digest)
        os.makedirs(folder, exist_ok=True)
        self._listed.pop(digest, None)
        self._write(folder, digest, nstates, count, keys + checks + vals)
        self.stats["published"] += count
        self._added += HEADER.size + len(keys) + len(checks) + len(vals)
        names = [n for n in os.listdir(folder) if n.endswith(SUFFIX)]
        if len(names) > MAX_FILES:
            self._compact(folder, digest, nstates, names)
        return count

    def settle(self) -> None:
        """After a process's publishing: evict past the size limit (checked once, not per table).
        The store's size comes from its ledger (LEDGER: the size its last walk measured, then one
        line per process of the bytes it added), so a small process does not stat every file of a
        large store; the store is walked (and the ledger rewritten) when the ledger says the limit
        is passed, when it is missing or unreadable, or past LEDGER_LINES lines. The ledger only
        ever overstates (a compaction's removed files are not subtracted; a walk corrects it),
        except for additions appended while another process rewrites it, which the next walk
        counts."""
        if self._size is None:
            self._size = self._read_ledger()
            if self._size is None:
                self._evict()
                return
        if self._size + self._added > self.max_bytes:
            self._evict()
        elif self._added:
            try:
                with open_regular(os.path.join(self.root, LEDGER), os.O_WRONLY | os.O_APPEND | os.O_CREAT) as f:
                    f.write(b"%d\n" % self._added)
            except OSError:
                pass
            self._size += self._added
            self._added = 0

    def _read_ledger(self):
        """The store's size by its ledger, or None (missing, unreadable or too long: walk it)."""
        try:
            with open_regular(os.path.join(self.root, LEDGER)) as f:
                lines = f.read().split()
            if not lines or len(lines) > LEDGER_LINES:
                return None
            return sum(int(x) for x in lines)
        except (OSError, ValueError):
            return None

    def _write_ledger(self, total: int) -> None:
        path = os.path.join(self.root, LEDGER)
        tmp = "%s.%d.tmp" % (path, os.getpid())
        try:
            with open(tmp, "w") as f:
                f.write("%d\n" % total)
            os.replace(tmp, path)
        except OSError:
            pass

    def _write(self, folder: str, digest: bytes, nstates: int, count: int, body: bytes) -> str:
        return self._write_file(folder, HEADER.pack(MAGIC, FORMAT, nstates, digest, count), body, SUFFIX)

    @staticmethod
    def _write_file(folder: str, header: bytes, body: bytes, suffix: str) -> str:
        name = hashlib.sha256(body).hexdigest()[:40] + suffix
        path = os.path.join(folder, name)
        if os.path.exists(path):
            return path
        tmp = os.path.join(folder, ".%s.%d.tmp" % (name, os.getpid()))
        with open(tmp, "wb") as f:
            f.write(header)
            f.write(body)
        os.replace(tmp, path)
        return path

    def compact_all(self) -> int:
        """Merge every card's tables into one file, and the advice files into one (after a sweep: a
        reader then opens and searches one file a card instead of up to MAX_FILES; a small process
        uses a hundred cards).
        Returns how many cards were merged. Only whole tables of the card are merged (_map checks
        each); values are copied, never changed."""
        merged = 0
        try:
            folders = os.listdir(self.root)
        except OSError:
            return 0
        for name in folders:
            folder = os.path.join(self.root, name)
            try:
                listing = os.listdir(folder)
            except OSError:
                continue
            if name.startswith("advice-"):
                advice = [n for n in listing if n.endswith(ADVICE_SUFFIX)]
                if len(advice) >= 2 and folder == self._advice_root():
                    self._compact_advice(folder, advice, whole=True)
                continue
            names = [n for n in listing if n.endswith(SUFFIX)]
            if len(names) < 2:
                continue
            try:
                with open_regular(os.path.join(folder, names[0])) as f:
                    magic, fmt, nstates, digest, count = HEADER.unpack(f.read(HEADER.size))
            except (OSError, struct.error):
                continue
            if magic != MAGIC or fmt != FORMAT or digest.hex()[:40] != name:
                continue
            self._compact(folder, digest, nstates, names, whole=True)
            merged += 1
        return merged

    def _compact(self, folder: str, digest: bytes, nstates: int, names: list, whole: bool = False) -> None:
        """Merge a card's tables into one (the union, keys ascending). When its largest table holds
        more than the others together, only the others are merged (unless `whole`): a card's big
        table is not rewritten each time a few small ones pile up beside it."""
        tables = []
        for name in names:
            t = self._map(os.path.join(folder, name), digest, nstates)
            if t is not None:
                tables.append(t)
        if len(tables) < 2:
            return
        tables.sort(key=lambda t: t.count)
        if not whole and tables[-1].count > sum(t.count for t in tables[:-1]):
            tables = tables[:-1]
            if len(tables) < 2:
                return
        width = 8 * nstates
        where = {}
        for t in tables:
            ks = struct.unpack("<%dQ" % t.count, t.keys)
            cs = struct.unpack("<%dQ" % t.count, t.checks)
            for i in range(t.count):
                where.setdefault(ks[i], (t, i, cs[i]))
        order = sorted(where)
        checks = struct.pack("<%dQ" % len(order), *[where[k][2] for k in order])
        vals = b"".join(bytes(where[k][0].vals[width * where[k][1]:width * (where[k][1] + 1)]) for k in order)
        kept = self._write(folder, digest, nstates, len(order), struct.pack("<%dQ" % len(order), *order) + checks
                           + vals)
        for t in tables:
            if t.path != kept:
                try:
                    os.remove(t.path)             # mapped copies stay readable until closed
                except OSError:
                    pass
        self._open.pop(digest, None)
        self.generation += 1

    def size(self) -> int:
        total = 0
        for folder, _, names in os.walk(self.root):
            for n in names:
                try:
                    total += os.path.getsize(os.path.join(folder, n))
                except OSError:
                    pass
        return total

    def _evict(self) -> None:
        """Past max_bytes: delete whole cards, least recently used first, down to 90%."""
        total = self.size()
        self._size, self._added = total, 0
        if total <= self.max_bytes:
            self._write_ledger(total)
            return
        cards = []
        for name in os.listdir(self.root):
            folder = os.path.join(self.root, name)
            try:
                used = os.stat(folder).st_mtime
                size = sum(os.path.getsize(os.path.join(folder, n)) for n in os.listdir(folder))
            except OSError:
                continue
            cards.append((used, folder, size))
        cards.sort()
        for _, folder, size in cards:
            if total <= self.max_bytes * 9 // 10:
                break
            for n in os.listdir(folder):
                try:
                    os.remove(os.path.join(folder, n))
                except OSError:
                    pass
            try:
                os.rmdir(folder)
            except OSError:
                pass
            total -= size
            self.stats["evicted"] += 1
            for digest in [d for d in self._open if self._folder(d) == folder]:
                self._open.pop(digest, None)
            self.generation += 1
        self._size = total
        self._write_ledger(total)


def entry_check(key: int, values) -> int:
    """The C core's check word of a memo entry (es_solve.c entry_check), line for line."""
    m = (1 << 64) - 1
    h = ((key ^ 0x5851F42D4C957F2D) * 0x9E3779B97F4A7C15) & m
    for v in values:
        h = ((h ^ v) * 0xBF58476D1CE4E5B9) & m
        h ^= h >> 31
    return h


def unpack_key(key: int) -> tuple:
    """The solver context (green, yellow, red, held faces, focus, spells, clues) of a packed key
    (the C core's pack())."""
    held = []
    for face in range(8):
        held += [face] * (key >> (16 + 4 * face) & 15)
    return (key & 15, key >> 4 & 1, key >> 5 & 1, tuple(held), key >> 6 & 7, key >> 9 & 7, key >> 12 & 7)


def sample_entries(tables: list[Table]) -> list[tuple[Table, int]]:
    """SAMPLE entries of a card's tables to solve afresh: tables and places fixed by the tables'
    names (so every process checks the same ones, and a new table gets its turn), each moved forward
    to a context of at most SAMPLE_DICE dice so that its fresh solve stays cheap."""
    out: list[tuple[Table, int]] = []
    tables = [t for t in tables if t.count]
    if not tables:
        return out
    seed = int(hashlib.sha256("".join(os.path.basename(t.path) for t in tables).encode()).hexdigest(), 16)
    for k in range(SAMPLE):
        t = tables[(seed >> (64 * k)) % len(tables)]
        at = (seed >> (64 * k + 32)) % t.count
        for j in range(64):
            i = (at + j) % t.count
            ctx = unpack_key(struct.unpack_from("<Q", t.keys, 8 * i)[0])
            if ctx[0] + ctx[1] + ctx[2] <= SAMPLE_DICE and (t, i) not in out:
                out.append((t, i))
                break
    return out
