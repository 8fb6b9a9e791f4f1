"""A tiny PNG writer for 1-bit frames (no zlib needed: stored deflate blocks, own CRC-32 and Adler-32).

Runs on the MicroPython unix port (the simulator) and on CPython; output is byte-for-byte
deterministic, so frames can be compared with golden files.
"""

import struct

_CRC = []
for _n in range(256):
    _c = _n
    for _k in range(8):
        _c = (0xEDB88320 ^ (_c >> 1)) if _c & 1 else _c >> 1
    _CRC.append(_c)


def crc32(data, crc=0):
    crc ^= 0xFFFFFFFF
    for b in data:
        crc = _CRC[(crc ^ b) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def adler32(data):
    a = 1
    b = 0
    for x in data:
        a = (a + x) % 65521
        b = (b + a) % 65521
    return (b << 16) | a


def _chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc32(kind + body))


def encode(width, height, pixel, scale=1):
    """PNG bytes of a width x height 1-bit image; pixel(x, y) -> 0/1 (1 drawn white)."""
    w = width * scale
    h = height * scale
    stride = (w + 7) // 8
    raw = bytearray()
    for y in range(h):
        raw.append(0)
        row = bytearray(stride)
        for x in range(w):
            if pixel(x // scale, y // scale):
                row[x >> 3] |= 0x80 >> (x & 7)
        raw.extend(row)
    z = bytearray(b"\x78\x01")
    i = 0
    n = len(raw)
    while True:
        block = raw[i:i + 65535]
        i += len(block)
        final = 1 if i >= n else 0
        z.append(final)
        z.extend(struct.pack("<HH", len(block), len(block) ^ 0xFFFF))
        z.extend(block)
        if final:
            break
    z.extend(struct.pack(">I", adler32(raw)))
    head = struct.pack(">IIBBBBB", w, h, 1, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", head) + _chunk(b"IDAT", bytes(z)) + _chunk(b"IEND", b"")
