"""Saves sealed with a passphrase the table chooses: a save holds every hand and role, so without the
passphrase it must read as noise, and a changed byte must be refused.

Only hashlib.sha256 is needed (CPython and MicroPython both have it):
  - key:    k = sha256(salt + passphrase), then `iterations` times k = sha256(k + salt + passphrase)
            (stretching makes guessing passphrases slow); enc = sha256("enc" + k), mac = sha256("mac" + k)
  - cipher: the blob XOR a keystream of sha256(enc + nonce + block number) blocks (counter mode)
  - tag:    HMAC-SHA256(mac, everything before the tag), checked before anything is decrypted
Layout: b"SAE1", iterations (4), salt (16), nonce (8), ciphertext, tag (32).

    sealer = Sealer("the table's words")            # a random salt; derives the keys once
    box = sealer.seal(state.serialize())            # a fresh nonce per seal
    blob = unseal(box, "the table's words")         # KernelError("save", ...) if wrong or changed

A wrong passphrase and a damaged file are the same error: the tag cannot tell them apart, and
saying which would help a guesser.
"""

import hashlib

from ...binio import get32
from ...errors import KernelError

MAGIC = b"SAE1"
ITERATIONS = 20000          # about 10 ms on a PC, a second or two on the Pico, once per session
SALT = 16
NONCE = 8
TAG = 32
HEAD = 4 + 4 + SALT + NONCE


def _random(n):
    import os
    try:
        return bytes(os.urandom(n))
    except (AttributeError, NotImplementedError):          # a port without urandom
        import time
        # a microcontroller port may keep no calendar time either (MicroPython's qemu port)
        now = time.ticks_us() if hasattr(time, "ticks_us") else time.time()
        return hashlib.sha256(b"%d" % now).digest()[:n]


def _sha(data):
    return hashlib.sha256(data).digest()


def _bytes(passphrase):
    if isinstance(passphrase, str):
        passphrase = passphrase.encode("utf-8")
    if not isinstance(passphrase, (bytes, bytearray)) or not passphrase:
        raise KernelError("passphrase", "the passphrase must be a non-empty text")
    return bytes(passphrase)


def derive(passphrase, salt, iterations, progress=None):
    """(encryption key, MAC key) for this passphrase and salt. progress(done, iterations), when given,
    is called every 1024 rounds (the board shows it; an exception it raises cancels)."""
    p = _bytes(passphrase)
    k = _sha(salt + p)
    tail = salt + p
    for i in range(iterations):
        k = _sha(k + tail)
        if progress is not None and not i & 1023:
            progress(i, iterations)
    return _sha(b"enc" + k), _sha(b"mac" + k)


def hmac(key, msg):
    """HMAC-SHA256 (RFC 2104) from hashlib.sha256 alone (MicroPython has no hmac module)."""
    return hmac_of(key, msg, len(msg))


def _xor_into(out, k, data, enc, nonce):
    """out[k:] = data XOR the keystream (in place: no copy of the save)."""
    block = 0
    n = len(data)
    ctr = bytearray(4)
    for i in range(0, n, 32):
        ctr[0] = (block >> 24) & 255
        ctr[1] = (block >> 16) & 255
        ctr[2] = (block >> 8) & 255
        ctr[3] = block & 255
        h = hashlib.sha256(enc)
        h.update(nonce)
        h.update(ctr)
        ks = h.digest()
        for j in range(min(32, n - i)):
            out[k + i + j] = data[i + j] ^ ks[j]
        block += 1


def hmac_of(key, buf, n):
    """HMAC-SHA256 of buf[:n] without copying it (a memoryview slice)."""
    if len(key) > 64:
        key = _sha(key)
    key = key + bytes(64 - len(key))
    inner = hashlib.sha256(bytes([b ^ 0x36 for b in key]))
    inner.update(memoryview(buf)[:n])
    outer = hashlib.sha256(bytes([b ^ 0x5C for b in key]))
    outer.update(inner.digest())
    return outer.digest()


class Sealer:
    """Keys derived once for a passphrase (a new random salt unless one is given); seal() per save."""

    def __init__(self, passphrase, salt=None, iterations=ITERATIONS, progress=None):
        if salt is None:
            salt = _random(SALT)
        if len(salt) != SALT:
            raise KernelError("passphrase", "the salt must be %d bytes" % SALT)
        if not 1 <= iterations < (1 << 30):
            raise KernelError("passphrase", "bad iteration count %d" % iterations)
        self.salt = bytes(salt)
        self.iterations = iterations
        self.enc, self.mac = derive(passphrase, self.salt, iterations, progress)
        self.count = 0

    def seal(self, blob, nonce=None):
        """The sealed save (a bytearray)."""
        n = len(blob)
        out = bytearray(HEAD + n + TAG)
        out[HEAD:HEAD + n] = blob
        return self.seal_in_place(out, n, nonce)

    def seal_in_place(self, out, n, nonce=None):
        """Seal the n bytes already written at out[HEAD:] (out is at least HEAD + n + TAG long; the
        sealed save is out[:HEAD + n + TAG]): the board dumps the state straight there
        (save.dump(state, out, HEAD)) into a buffer it keeps, so a save allocates no big block."""
        if nonce is None:
            self.count += 1
            nonce = _sha(_random(8) + bytes((self.count & 255,)))[:NONCE]
        out[0:4] = MAGIC
        out[4] = (self.iterations >> 24) & 255
        out[5] = (self.iterations >> 16) & 255
        out[6] = (self.iterations >> 8) & 255
        out[7] = self.iterations & 255
        out[8:8 + SALT] = self.salt
        out[8 + SALT:HEAD] = nonce
        _xor_into(out, HEAD, memoryview(out)[HEAD:HEAD + n], self.enc, bytes(nonce))
        out[HEAD + n:HEAD + n + TAG] = hmac_of(self.mac, out, HEAD + n)
        return out


def seal(blob, passphrase, salt=None, nonce=None, iterations=ITERATIONS):
    return bytes(Sealer(passphrase, salt, iterations).seal(blob, nonce))


def header(box):
    """(iterations, salt) of a sealed save; KernelError when it is not one."""
    b = bytes(box)
    if len(b) < HEAD + TAG or b[:4] != MAGIC:
        raise KernelError("save", "not a sealed Stay Away! save")
    return get32(b, 4), b[8:8 + SALT]


def unseal(box, passphrase, sealer=None):
    """The blob inside a sealed save; KernelError("save", ...) for a wrong passphrase or a changed byte."""
    buf = bytearray(box)
    return bytes(unseal_in_place(buf, len(buf), passphrase, sealer))


def unseal_in_place(buf, length, passphrase, sealer=None):
    """Check and decrypt the sealed save in buf[:length] where it lies; a memoryview of the blob.
    The tag is checked first, so a wrong passphrase leaves buf as it was."""
    if length < HEAD + TAG or bytes(buf[:4]) != MAGIC:
        raise KernelError("save", "not a sealed Stay Away! save")
    iterations = get32(buf, 4)
    if not 1 <= iterations <= 1000000:
        raise KernelError("save", "not a sealed Stay Away! save (iterations %d)" % iterations)
    salt = bytes(buf[8:8 + SALT])
    if sealer is None or sealer.salt != salt or sealer.iterations != iterations:
        sealer = Sealer(passphrase, salt, iterations)
    n = length - TAG
    want = hmac_of(sealer.mac, buf, n)
    diff = 0
    for i in range(TAG):
        diff |= want[i] ^ buf[n + i]
    if diff:
        raise KernelError("save", "wrong passphrase, or the save was changed")
    body = memoryview(buf)[HEAD:n]
    _xor_into(buf, HEAD, body, sealer.enc, bytes(buf[8 + SALT:HEAD]))
    return body
