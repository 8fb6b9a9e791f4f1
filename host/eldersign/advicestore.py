"""Advice files: the solver bot's answers to roll questions, kept beside a card's solved tables.

A solved table (tablestore.py) answers "what is this context worth"; the solver bot also asks, at
every roll, advice's whole option listing (kernel/eldersign/advice.py: every completion, spell hold,
clue reroll and fail, valued by the solver). Answering that needs a workspace of the C core (the
clue rerolls' `keep_all`, the spell holds' `roll_values`), the import of the card's tables into it
and the listing's Python: most of what a small process with a warm store still pays. An advice file
keeps the answers, as the pairs the bot reads (advisor.keyed_options: each option's key and value,
in advice's order), so a question asked by any earlier process is one look-up here.

A question is (roll, held dice, focus, spells, clues, tasks done) of one solver key (the card under
its terror and limits: the file lives in the card's folder, whose name hashes the solver key and
every version, so answers of another kernel or C core are never read). Layout of NAME.adv (NAME
the SHA-256 of the body, like a table; little endian):

    header: magic, format, card hash, count
    count question hashes (uint64, ascending), count + 1 record offsets, count check words
    the records: marshal of (question, pairs)

Each record is checked before it is read: its check word (BLAKE2b of the record) must match, and
its own question must equal the one asked (a hash that collides is not an answer). A damaged file
is refused (deleted) by its reader; a stale one (same versions, different values) is caught by the
store's fresh-solve sample (TableStore.verify_advice), as tables are.
"""

from __future__ import annotations

import bisect
import hashlib
import marshal
import struct
import sys

ADVICE_MAGIC = b"ELDRADV1"
ADVICE_FORMAT = 1
ADVICE_SUFFIX = ".adv"
ADVICE_HEADER = struct.Struct("<8sI32sQ4x")        # magic, format, card hash, count
# marshal version 2: no back-references (3 and later mark objects by their reference counts, so
# equal records could be written as different bytes, and the content-addressed names would differ)
MARSHAL_VERSION = 2


def question_hash(question: tuple) -> int:
    """The 64-bit hash a question (roll bytes, held bytes, focus, spells, clues, done mask) is filed
    under."""
    roll, held, focus, spells, clues, done = question
    raw = bytes(roll) + bytes(held) + bytes((focus, spells, clues)) + done.to_bytes(4, "little")
    return int.from_bytes(hashlib.blake2b(raw, digest_size=8).digest(), "little")


def record_check(record: bytes) -> int:
    return int.from_bytes(hashlib.blake2b(record, digest_size=8, person=b"eldritch-adv").digest(), "little")


def advice_body(records: dict) -> tuple[int, bytes]:
    """(count, body) of a file holding records {question: pairs} (body: everything after the header)."""
    return raw_body((question_hash(q), marshal.dumps((q, pairs), MARSHAL_VERSION)) for q, pairs in records.items())


def raw_body(raw) -> tuple[int, bytes]:
    """advice_body from (question hash, record bytes) pairs (a merge copies records undecoded; the
    same question's records are the same bytes, so duplicates are dropped as equal pairs)."""
    items = sorted(set(raw))
    offsets = [0]
    for _, rec in items:
        offsets.append(offsets[-1] + len(rec))
    n = len(items)
    return n, (struct.pack("<%dQ" % n, *[h for h, _ in items]) + struct.pack("<%dQ" % (n + 1), *offsets)
               + struct.pack("<%dQ" % n, *[record_check(rec) for _, rec in items])
               + b"".join(rec for _, rec in items))


class AdviceFile:
    """One mapped advice file (its header already checked against the card by the store)."""

    def __init__(self, path: str, count: int, view, mm):
        self.path = path
        self.count = count
        self._mm = mm
        at = ADVICE_HEADER.size
        n = count
        self._hashes = view[at:at + 8 * n]
        self._offsets = view[at + 8 * n:at + 8 * (2 * n + 1)]
        self._checks = view[at + 8 * (2 * n + 1):at + 8 * (3 * n + 1)]
        self._records = view[at + 8 * (3 * n + 1):]
        self._sorted = None

    def valid_size(self) -> bool:
        """The offsets' last entry is the records' length (a truncated file is not)."""
        if self.count == 0:
            return len(self._records) == 0 and len(self._offsets) == 8
        if len(self._offsets) != 8 * (self.count + 1):
            return False
        return struct.unpack_from("<Q", self._offsets, 8 * self.count)[0] == len(self._records)

    def record_size(self, i: int) -> int:
        start, end = struct.unpack_from("<2Q", self._offsets, 8 * i)
        return end - start

    def _record(self, i: int):
        """(question, pairs) of record i, or False when its check word does not match."""
        start, end = struct.unpack_from("<2Q", self._offsets, 8 * i)
        if not start <= end <= len(self._records):
            return False
        rec = bytes(self._records[start:end])
        if record_check(rec) != struct.unpack_from("<Q", self._checks, 8 * i)[0]:
            return False
        try:
            return marshal.loads(rec)
        except (ValueError, EOFError, TypeError):
            return False

    def find(self, question: tuple, h: int | None = None):
        """The pairs answering question, None when the file has none, False when a record on the
        way is damaged."""
        keys = self._sorted
        if keys is None:
            keys = self._hashes.cast("Q") if sys.byteorder == "little" else struct.unpack(
                "<%dQ" % self.count, self._hashes)
            self._sorted = keys
        if h is None:
            h = question_hash(question)
        i = bisect.bisect_left(keys, h)
        while i < self.count and keys[i] == h:
            got = self._record(i)
            if got is False:
                return False
            if got[0] == question:
                return got[1]
            i += 1
        return None

    def raw_records(self):
        """Every (question hash, record bytes) of the file, each record's check word verified (not
        decoded); False at the first damaged record."""
        keys = struct.unpack("<%dQ" % self.count, self._hashes)
        offsets = struct.unpack("<%dQ" % (self.count + 1), self._offsets)
        checks = struct.unpack("<%dQ" % self.count, self._checks)
        out = []
        for i in range(self.count):
            start, end = offsets[i], offsets[i + 1]
            if not start <= end <= len(self._records):
                return False
            rec = bytes(self._records[start:end])
            if record_check(rec) != checks[i]:
                return False
            out.append((keys[i], rec))
        return out

    def records(self):
        """Every (question, pairs) of the file; False at the first damaged record."""
        out = {}
        for i in range(self.count):
            got = self._record(i)
            if got is False:
                return False
            out[got[0]] = got[1]
        return out
