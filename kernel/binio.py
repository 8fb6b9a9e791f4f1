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
