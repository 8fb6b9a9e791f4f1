"""Advice files: the solver bot's answers to roll questions, kept in the store of solved tables.

A solved table (tablestore.py) answers "what is this context worth"; the solver bot also asks, at
every roll, advice's whole option listing (kernel/eldersign/advice.py: every completion, spell hold,
clue reroll and fail, valued by the solver). Answering that needs a workspace of the C core (the
clue rerolls' `keep_all`, the spell holds' `roll_values`), the import of the card's tables into it
and the listing's Python: most of what a small process with a warm store still pays. An advice file
keeps the answers, as the pairs the bot reads (advisor.keyed_options: each option's key and value,
in advice's order), so a question asked by any earlier process is one look-up here.

A question is (roll, held dice, focus, spells, clues, tasks done) of one solver key, named by its
card hash (tablestore.card_digest: the solver key and every version, so answers of another kernel
or C core never match). A process writes all its new answers, every card's, into ONE file (creating
a file costs about a millisecond of CPU here, more than most answers save a single later reader:
one file a card made a process that met new games slower than without the store). Files live in
ROOT/v2/advice-VERSIONS/ and are merged like tables (TableStore.publish_advice, compact_all).
Layout of NAME.adv (NAME the SHA-256 of the body; little endian):

    header: magic, format, count
    count question hashes (uint64, ascending), count + 1 record offsets, count check words
    the records: marshal of (card hash, question, pairs)

Each record is checked before it is read: its check word must match, and its own card hash and
question must equal those asked (a hash that collides is not an answer). A damaged file is refused
(deleted) by its reader; a stale one (same versions, different values) is caught by the store's
fresh-solve sample (TableStore.advice_trusted), as tables are.
"""

from __future__ import annotations

import bisect
import marshal
import struct
import sys
import zlib

ADVICE_MAGIC = b"ELDRADV2"
ADVICE_FORMAT = 2
ADVICE_SUFFIX = ".adv"
ADVICE_HEADER = struct.Struct("<8sIQ4x")        # magic, format, count
# marshal version 2: no back-references (3 and later mark objects by their reference counts, so
# equal records could be written as different bytes, and the content-addressed names would differ)
MARSHAL_VERSION = 2


def question_hash(digest: bytes, question: tuple) -> int:
    """The 64-bit hash a card's question (roll bytes, held bytes, focus, spells, clues, done mask)
    is filed under (two checksums of zlib: a look-up that misses costs no more than this)."""
    roll, held, focus, spells, clues, done = question
    raw = digest + bytes(roll) + bytes(held) + bytes((focus, spells, clues)) + done.to_bytes(4, "little")
    return zlib.crc32(raw) << 32 | zlib.adler32(raw)


def record_check(record: bytes) -> int:
    """A record's check word (damage, not forgery: the store is the user's own cache)."""
    return zlib.crc32(record) << 32 | zlib.adler32(record)


def advice_body(records: dict) -> tuple[int, bytes]:
    """(count, body) of a file holding records {(card hash, question): pairs} (body: everything
    after the header)."""
    return raw_body((question_hash(d, q), marshal.dumps((d, q, pairs), MARSHAL_VERSION))
                    for (d, q), pairs in records.items())


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
    """One mapped advice file (its header already checked by the store)."""

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
        if len(self._offsets) != 8 * (self.count + 1):
            return False
        return struct.unpack_from("<Q", self._offsets, 8 * self.count)[0] == len(self._records)

    def _record(self, i: int):
        """(card hash, question, pairs) of record i, or False when its check word does not match."""
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

    def find(self, digest: bytes, question: tuple, h: int):
        """The pairs answering the card's question (hash h), None when the file has none, False
        when a record on the way is damaged."""
        keys = self._sorted
        if keys is None:
            keys = self._hashes.cast("Q") if sys.byteorder == "little" else struct.unpack(
                "<%dQ" % self.count, self._hashes)
            self._sorted = keys
        i = bisect.bisect_left(keys, h)
        while i < self.count and keys[i] == h:
            got = self._record(i)
            if got is False:
                return False
            if got[0] == digest and got[1] == question:
                return got[2]
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
        """Every {(card hash, question): pairs} of the file; False at the first damaged record."""
        out = {}
        for i in range(self.count):
            got = self._record(i)
            if got is False:
                return False
            out[(got[0], got[1])] = got[2]
        return out
