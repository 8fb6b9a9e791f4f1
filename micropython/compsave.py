"""The companion game's save format: the game's options and the list of entries typed at the table.

A companion game is not replayable from a seed (its facts come from the physical game), so the save
is what the players entered, in order; loading builds a fresh companion game and enters the same
entries again through the same kernel calls (companion.py). Small on purpose: the menu checks a save
with this module alone, without importing the game kernel.

Layout: b"EC", version, players, Ancient One index, entry count (2 bytes, big-endian), the entries
(4 bytes each: kind and three arguments, see companion.py), a digest of the tracked state the entries
reached (2), a Fletcher-16 checksum of everything before it (2). decode() raises ValueError on
anything else, so store.load() falls back to the backup file.
"""

from kernel.binio import fletcher16  # tiny: no game kernel behind it

MAGIC0 = 0x45   # 'E'
MAGIC1 = 0x43   # 'C'
VERSION = 1
ENTRY = 4
MAX_ENTRIES = 4000


def encode(players, ao, entries, digest):
    n = len(entries) // ENTRY
    k = 7 + n * ENTRY
    out = bytearray(k + 4)
    out[0] = MAGIC0
    out[1] = MAGIC1
    out[2] = VERSION
    out[3] = players
    out[4] = ao
    out[5] = n >> 8
    out[6] = n & 255
    for i in range(n * ENTRY):
        out[7 + i] = entries[i]
    out[k] = digest >> 8
    out[k + 1] = digest & 255
    c = fletcher16(out, k + 2)
    out[k + 2] = c >> 8
    out[k + 3] = c & 255
    return bytes(out)


def decode(blob):
    """(players, ao, entries, digest) of a save; ValueError when it is not a good one."""
    b = bytes(blob)
    if len(b) < 11 or b[0] != MAGIC0 or b[1] != MAGIC1:
        raise ValueError("not a companion save")
    if b[2] != VERSION:
        raise ValueError("companion save version %d" % b[2])
    if fletcher16(b, len(b) - 2) != (b[-2] << 8) | b[-1]:
        raise ValueError("checksum mismatch")
    n = (b[5] << 8) | b[6]
    if len(b) != 7 + n * ENTRY + 4 or n > MAX_ENTRIES or not 1 <= b[3] <= 8:
        raise ValueError("entry count does not match the length")
    return b[3], b[4], b[7:7 + n * ENTRY], (b[-4] << 8) | b[-3]
