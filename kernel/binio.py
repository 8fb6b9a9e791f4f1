"""Small helpers for the kernel's compact binary formats (saves, tables): 32-bit big-endian
fields, the Fletcher-16 checksum of the older formats and tables, and the CRC-32 that guards the
game saves.

Why CRC-32 for saves: Fletcher-16 sums bytes mod 255, so a byte changed from 0x00 to 0xFF (or back)
does not change it at all (an Arkham save's round limit of 30 with its high byte turned to 0xFF
reads 65310 under the same sum).
CRC-32 (the zlib/PNG polynomial) catches every change of up to 32 bits in a row and any odd number
of flipped bits, and the board computes it too.

    put32(out, v); v = get32(b, i)
    c = crc32(data, n)              # CRC-32 of data[:n], the same value as zlib.crc32
    ok = crc32_at(b, n)             # the 4 bytes at b[n:n + 4] hold crc32(b, n), big-endian
"""


def put32(out, v):
    """Append v (0 .. 2^32 - 1) to the bytearray `out`, big-endian."""
    out.append((v >> 24) & 255)
    out.append((v >> 16) & 255)
    out.append((v >> 8) & 255)
    out.append(v & 255)


def get32(b, i):
    """The big-endian 32-bit field at b[i:i + 4]."""
    return (b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]


def fletcher16(data, n):
    """Fletcher-16 of data[:n] (no allocation: the board checks saves under heap_lock).

    The sums are reduced mod 255 once per block of 256 bytes instead of once per byte (the same
    result: reducing is a ring homomorphism), and stay below 2^24, a small int on every board."""
    a = 0
    b = 0
    i = 0
    while i < n:
        end = i + 256
        if end > n:
            end = n
        for j in range(i, end):
            a += data[j]
            b += a
        a %= 255
        b %= 255
        i = end
    return (b << 8) | a


_TABLE_HI = None          # the CRC-32 table as two arrays of 16-bit halves (small ints on the board)
_TABLE_LO = None


def _tables():
    global _TABLE_HI, _TABLE_LO
    if _TABLE_HI is None:
        from array import array
        hi = array("H", bytes(512))
        lo = array("H", bytes(512))
        for n in range(256):
            h = 0
            l = n
            for _ in range(8):
                if l & 1:
                    l = ((l >> 1) | ((h & 1) << 15)) ^ 0x8320
                    h = (h >> 1) ^ 0xEDB8
                else:
                    l = (l >> 1) | ((h & 1) << 15)
                    h >>= 1
            hi[n] = h
            lo[n] = l
        _TABLE_HI = hi
        _TABLE_LO = lo
    return _TABLE_HI, _TABLE_LO


def crc32_halves(data, n):
    """(high 16 bits, low 16 bits) of the CRC-32 of data[:n], computed with small ints only (the
    portable reference: every runtime, no binascii needed)."""
    hi_t, lo_t = _tables()
    h = 0xFFFF
    l = 0xFFFF
    for i in range(n):
        k = (l ^ data[i]) & 255
        l = ((l >> 8) | ((h & 255) << 8)) ^ lo_t[k]
        h = (h >> 8) ^ hi_t[k]
    return h ^ 0xFFFF, l ^ 0xFFFF


def crc32(data, n):
    """The CRC-32 of data[:n] (zlib's): binascii's C code where the runtime has it (CPython, the
    board's MicroPython), else the portable halves."""
    try:
        import binascii
        return binascii.crc32(data if n == len(data) else memoryview(data)[:n]) & 0xFFFFFFFF
    except (ImportError, AttributeError):
        h, l = crc32_halves(data, n)
        return (h << 16) | l


def put_crc32(out, n):
    """Append the big-endian CRC-32 of out[:n] to the bytearray out."""
    put32(out, crc32(out, n))


def crc32_at(b, n):
    """True when b[n:n + 4] is the big-endian CRC-32 of b[:n]."""
    return len(b) >= n + 4 and get32(b, n) == crc32(b, n)
