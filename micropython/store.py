"""Power-cut-safe saves: two alternating slots, each a record with a sequence number and a checksum.

    store.save(path, blob)        the blob as the newest record
    store.load(path, check)       check(blob) of the newest good record the app accepts, or None
    store.clear(path)             a "cleared" record: load gives None from then on
    store.read_into(path, buf)    the newest payload read into a caller's buffer: its length, or -1
    store.read_into(path, buf, 1) the record before it (the fall-back when the app refuses the newest)

A save never writes over the newest good record: it writes the other slot (`PATH.a` / `PATH.b`) with
the next sequence number, so a power cut at any byte leaves the newest complete record standing
(the cut record fails its checksum, or its sequence number is the older one). `clear` is a record
too (a tombstone with the next number), never a deletion, so a cut during it leaves either the
current save or "cleared", and never an older save that a deleted newer one used to hide. Loading
writes nothing, so a cut during recovery changes nothing. Any sequence of cuts therefore loses at
most the save in progress (tests/test_board_powercut.py cuts at every byte on both runtimes).

When the newest record passes its checksum but the app's own check refuses it (a save another
version of the app wrote, or one damaged before it was written), `load` falls back to the record
before it, if that one is whole and not a "cleared" record: the slot pair keeps exactly the last
good save behind the newest for this.

Sequence numbers are 32 bits and compared in serial-number arithmetic (RFC 1982): a is newer than b
when (a - b) mod 2^32 is below 2^31. The two slots always hold consecutive numbers, so the save after
0xFFFFFFFF is 0 and is still the newer one (a plain comparison would take the old record forever).

Record: b"ES", version 1, flags (1 = cleared), sequence (4 bytes), payload length (4 bytes), the
payload, and a Fletcher-32 over bytes of everything before it (4 bytes: the two 16-bit sums, so a
torn record that mixes a new prefix with an old tail passes with odds of about 2^-32).

`fs` is the filesystem: the real one by default; the power-cut test passes a simulated one that
writes one byte per step and can cut at any step.
"""

import os

VERSION = 1
CLEARED = 1
HEAD = 12
CHUNK = 64
SEQ_MASK = 0xFFFFFFFF
HALF = 0x80000000
_LEGACY = ("", ".bak", ".new")      # the files of the old NAME / NAME.bak / NAME.new protocol


class RealFS:
    """The board's (or the unix port's) own filesystem."""

    def open(self, name, mode):
        return open(name, mode)

    def remove(self, name):
        os.remove(name)

    def exists(self, name):
        try:
            os.stat(name)
            return True
        except OSError:
            return False


REAL = RealFS()


def _slots(path):
    return (path + ".a", path + ".b")


def _sums(data, n, s):
    """Fletcher-32 over bytes: s = [a, b] updated with data[:n] (small ints only)."""
    a = s[0]
    b = s[1]
    for i in range(n):
        a = (a + data[i]) % 65535
        b = (b + a) % 65535
    s[0] = a
    s[1] = b


def _scan(fs, name):
    """(sequence, flags, length) of a slot whose record is whole and checks, else None. Streams the
    file in small chunks: the payload is not kept."""
    if not fs.exists(name):
        return None
    try:
        f = fs.open(name, "rb")
    except OSError:
        return None
    try:
        head = f.read(HEAD)
        if len(head) != HEAD or head[0] != 0x45 or head[1] != 0x53 or head[2] != VERSION:
            return None
        seq = (head[4] << 24) | (head[5] << 16) | (head[6] << 8) | head[7]
        n = (head[8] << 24) | (head[9] << 16) | (head[10] << 8) | head[11]
        s = [1, 0]
        _sums(head, HEAD, s)
        left = n
        while left > 0:
            chunk = f.read(CHUNK if left > CHUNK else left)
            if not chunk:
                return None
            _sums(chunk, len(chunk), s)
            left -= len(chunk)
        tail = f.read(5)
        if len(tail) != 4:
            return None
        if (tail[0] << 8) | tail[1] != s[0] or (tail[2] << 8) | tail[3] != s[1]:
            return None
        return seq, head[3], n
    finally:
        f.close()


def newer(a, b):
    """True when sequence number a comes after b (serial-number arithmetic, modulo 2^32)."""
    d = (a - b) & SEQ_MASK
    return d != 0 and d < HALF


def _records(fs, path):
    """The good records, newest first: a list of (slot index, (seq, flags, length)), at most two."""
    names = _slots(path)
    out = []  # type: list
    for i in range(2):
        r = _scan(fs, names[i])
        if r is not None:
            if out and newer(r[0], out[0][1][0]):
                out.insert(0, (i, r))
            else:
                out.append((i, r))
    return out


def _newest(fs, path):
    """(slot index, (seq, flags, length)) of the newest good record, or (-1, None)."""
    recs = _records(fs, path)
    if not recs:
        return -1, None
    return recs[0]


def _write(fs, path, flags, blob):
    names = _slots(path)
    newest, got = _newest(fs, path)
    seq = (got[0] + 1) & SEQ_MASK if got is not None else 1
    n = len(blob)
    head = bytearray(HEAD)
    head[0] = 0x45
    head[1] = 0x53
    head[2] = VERSION
    head[3] = flags
    for k in range(4):
        head[4 + k] = (seq >> (24 - 8 * k)) & 255
        head[8 + k] = (n >> (24 - 8 * k)) & 255
    s = [1, 0]
    _sums(head, HEAD, s)
    _sums(blob, n, s)
    tail = bytes(((s[0] >> 8) & 255, s[0] & 255, (s[1] >> 8) & 255, s[1] & 255))
    f = fs.open(names[1 if newest == 0 else 0], "wb")
    try:
        f.write(head)
        f.write(blob)
        f.write(tail)
        if hasattr(f, "flush"):
            f.flush()
    finally:
        f.close()
    for suffix in _LEGACY:           # an older protocol's files would only confuse a reader
        if fs.exists(path + suffix):
            fs.remove(path + suffix)


def save(path, blob, fs=REAL):
    """Write blob as the newest record (the other slot; the newest good one is never touched)."""
    _write(fs, path, 0, blob)


def clear(path, fs=REAL):
    """Forget the save: a "cleared" record newer than every save (never a deletion)."""
    if _newest(fs, path)[1] is None:
        return
    _write(fs, path, CLEARED, b"")


def _pick(fs, path, which):
    """(slot, record) of the newest good record (which 0) or the one before it (which 1), or
    (-1, None): none there, a "cleared" record, or (which 1) no whole older record."""
    recs = _records(fs, path)
    if which >= len(recs):
        return -1, None
    i, got = recs[which]
    if got[1] & CLEARED or (which and recs[0][1][1] & CLEARED):
        return -1, None
    return i, got


def read(path, fs=REAL, which=0):
    """The newest good record's payload (which 1: the record before it), or None (none, or cleared)."""
    i, got = _pick(fs, path, which)
    if got is None:
        return None
    f = fs.open(_slots(path)[i], "rb")
    try:
        f.read(HEAD)
        return f.read(got[2])
    finally:
        f.close()


def read_into(path, buf, which=0, fs=REAL):
    """The newest good record's payload (which 1: the record before it) read into buf (no copy of it
    is allocated: Stay Away!'s 17 KB save); its length, or -1 (none, cleared, or longer than buf)."""
    i, got = _pick(fs, path, which)
    if got is None or got[2] > len(buf):
        return -1
    f = fs.open(_slots(path)[i], "rb")
    try:
        f.read(HEAD)
        return f.readinto(memoryview(buf)[:got[2]])
    finally:
        f.close()


def load(path, check, fs=REAL):
    """check(payload) of the newest record (check raises on a payload it cannot use); when the app
    refuses the newest, check(the record before it); else None. Nothing is written either way."""
    for which in (0, 1):
        try:
            blob = read(path, fs, which)
            if blob is None:
                return None
            return check(blob)
        except Exception:  # a save the app cannot use (another kernel's): not loaded, left untouched
            pass
    return None


def exists(path, fs=REAL):
    """True when a save is there to resume (the newest record is whole and not cleared)."""
    got = _newest(fs, path)[1]
    return got is not None and not got[1] & CLEARED
