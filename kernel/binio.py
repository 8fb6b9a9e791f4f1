"""Small helpers for the kernel's compact binary formats (saves, tables): 32-bit big-endian
fields and the Fletcher-16 checksum that guards them."""


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
    """Fletcher-16 of data[:n] (no allocation: the board checks saves under heap_lock)."""
    a = 0
    b = 0
    for i in range(n):
        a = (a + data[i]) % 255
        b = (b + a) % 255
    return (b << 8) | a
