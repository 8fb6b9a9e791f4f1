"""Saves sealed with the table's secret on the handheld: a save holds every hand and role, so without
the secret it must read as noise, and a changed byte must be refused.

Only hashlib.sha256 is needed (CPython and MicroPython both have it). Version 2 (b"SAE2", what the
board writes):
  - key:    B = Balloon-SHA256(PIN, salt, space, time) (Boneh, Corrigan-Gibbs, Schechter 2016: a
            memory-hard derivation built from a plain hash: `space` blocks of 32 bytes kept in a
            buffer the caller lends, every block mixed with itself, its neighbour and 3 others per
            round); k = sha256("SAE2" + B + device key), so the save opens only on the device that
            holds that key; enc = sha256("enc" + k), mac = sha256("mac" + k)
  - cipher: the blob XOR a keystream of sha256(enc + nonce + block number) blocks (counter mode)
  - tag:    HMAC-SHA256(mac, everything before the tag), checked before anything is decrypted
Layout: b"SAE2", log2(space) (1), time (1), flags (1: bit 0 a device key is mixed in), 0 (1),
salt (16), nonce (8), ciphertext, tag (32). The cost fields are bounded before any work
(MIN_LOG2_SPACE..MAX_LOG2_SPACE, 1..MAX_TIME), so a crafted header cannot make a load take minutes.

Version 1 (b"SAE1", the older sealed saves): k = iterated SHA-256 of (salt, passphrase), no device
key. Still read (the host opens old sealed CLI saves with it), its iteration count bounded to what it
was written with (ITERATIONS) before any work; never written by the board any more.

    dk = new_device_key()                                   # once per device, kept in its store
    sealer = Sealer(b"12345678", device_key=dk, scratch=buf)   # a random salt; derives the keys once
    box = sealer.seal(state.serialize())                    # a fresh nonce per seal
    blob = unseal(box, b"12345678", device_key=dk)          # KernelError("save", ...) if wrong or changed

What the seal protects against (the threat model, micropython/README.md says it for players):
  - a save file copied off the device (a backup, a flash dump of the save alone): it cannot be opened
    anywhere else, whatever the PIN, without the device key (256 random bits that never leave the
    device's store);
  - someone holding the device who does not know the PIN: each guess costs the derivation (seconds
    on the board), and the PIN has 8 digits (10^8 guesses: years at the table);
  - a changed or spliced save: the tag.
  It does NOT protect against a player who knows the PIN (every player at the table does: anyone can
  resume the game), nor against someone who reads the device's whole flash (device key and save
  together, e.g. over USB with mpremote): then only the derivation's cost per PIN guess remains.

A wrong PIN and a damaged file are the same error: the tag cannot tell them apart, and saying which
would help a guesser.
"""

import hashlib

from ...binio import get32
from ...errors import KernelError

MAGIC = b"SAE2"
MAGIC1 = b"SAE1"
ITERATIONS = 20000          # version 1's key stretching (what its saves were written with: the bound)
SALT = 16
NONCE = 8
TAG = 32
HEAD = 4 + 4 + SALT + NONCE
BLOCK = 32
LOG2_SPACE = 9              # 512 blocks: 16 KB of the caller's buffer
TIME = 3                    # rounds: 512 + 3 * 512 * 7 = 11,264 SHA-256 per derivation
MIN_LOG2_SPACE = 4
MAX_LOG2_SPACE = 10         # 32 KB
MAX_TIME = 4
DELTA = 3                   # Balloon's pseudorandom neighbours per block and round
DEVICE_KEY = 32
F_DEVICE = 1


def _random(n):
    import os
    try:
        return bytes(os.urandom(n))
    except (AttributeError, NotImplementedError):          # a port without urandom
        import time
        return hashlib.sha256(b"%d" % time.time()).digest()[:n]


def new_device_key():
    """A device's own secret: 32 random bytes, made once and kept in its store."""
    return _random(DEVICE_KEY)


def _sha(data):
    return hashlib.sha256(data).digest()


def _bytes(passphrase):
    if isinstance(passphrase, str):
        passphrase = passphrase.encode("utf-8")
    if not isinstance(passphrase, (bytes, bytearray)) or not passphrase:
        raise KernelError("passphrase", "the passphrase must be a non-empty text")
    return bytes(passphrase)


def balloon(passphrase, salt, log2_space=LOG2_SPACE, rounds=TIME, scratch=None, progress=None):
    """Balloon-SHA256 of passphrase and salt (32 bytes): 2^log2_space blocks of 32 bytes in scratch
    (a bytearray lent by the caller, at least that long; made here when None). progress(done, total),
    when given, is called every 64 blocks of each round (the board shows it; an exception it raises
    cancels the derivation)."""
    p = _bytes(passphrase)
    n = 1 << log2_space
    size = n * BLOCK
    if scratch is None:
        scratch = bytearray(size)
    if len(scratch) < size:
        raise KernelError("passphrase", "the derivation needs %d bytes of scratch" % size)
    buf = scratch          # slices copy 32 bytes; no memoryview of the lent buffer outlives the call
    ctr = bytearray(8)
    cnt = 0

    def put_cnt(c):
        for k in range(8):
            ctr[k] = (c >> (8 * k)) & 255 if k < 4 else 0

    put_cnt(cnt)
    h = hashlib.sha256(ctr)
    h.update(p)
    h.update(salt)
    buf[0:BLOCK] = h.digest()
    cnt += 1
    for m in range(1, n):
        put_cnt(cnt)
        h = hashlib.sha256(ctr)
        h.update(buf[(m - 1) * BLOCK:m * BLOCK])
        buf[m * BLOCK:(m + 1) * BLOCK] = h.digest()
        cnt += 1
    idx = bytearray(12)
    mask = n - 1
    for t in range(rounds):
        for m in range(n):
            if progress is not None and not m & 63:
                progress(t * n + m, rounds * n)
            at = m * BLOCK
            prev = ((m - 1) & mask) * BLOCK
            put_cnt(cnt)
            h = hashlib.sha256(ctr)
            h.update(buf[prev:prev + BLOCK])
            h.update(buf[at:at + BLOCK])
            buf[at:at + BLOCK] = h.digest()
            cnt += 1
            for i in range(DELTA):
                idx[0] = t
                idx[4] = m & 255
                idx[5] = m >> 8
                idx[8] = i
                put_cnt(cnt)
                h = hashlib.sha256(ctr)
                h.update(salt)
                h.update(idx)
                d = h.digest()
                cnt += 1
                other = ((d[1] << 8) | d[0]) & mask          # n is at most 2^16: two bytes suffice
                put_cnt(cnt)
                h = hashlib.sha256(ctr)
                h.update(buf[at:at + BLOCK])
                h.update(buf[other * BLOCK:(other + 1) * BLOCK])
                buf[at:at + BLOCK] = h.digest()
                cnt += 1
    return bytes(buf[(n - 1) * BLOCK:n * BLOCK])


def derive(passphrase, salt, iterations):
    """Version 1's (encryption key, MAC key) for this passphrase and salt."""
    p = _bytes(passphrase)
    k = _sha(salt + p)
    for _ in range(iterations):
        k = _sha(k + salt + p)
    return _sha(b"enc" + k), _sha(b"mac" + k)


def derive2(passphrase, salt, log2_space, rounds, device_key=None, scratch=None, progress=None):
    """Version 2's (encryption key, MAC key): Balloon, then the device key mixed in."""
    b = balloon(passphrase, salt, log2_space, rounds, scratch, progress)
    h = hashlib.sha256(MAGIC)
    h.update(b)
    if device_key is not None:
        h.update(device_key)
    k = h.digest()
    return _sha(b"enc" + k), _sha(b"mac" + k)


def hmac(key, msg):
    """HMAC-SHA256 (RFC 2104) from hashlib.sha256 alone (MicroPython has no hmac module)."""
    return hmac_of(key, msg, len(msg))


def keystream_xor(out, k, data, enc, nonce):
    """out[k:k + len(data)] = data XOR the keystream of key enc and nonce (in place: no copy; out may
    be the buffer data views)."""
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


_xor_into = keystream_xor


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


def _check_cost(log2_space, rounds):
    if not (MIN_LOG2_SPACE <= log2_space <= MAX_LOG2_SPACE and 1 <= rounds <= MAX_TIME):
        raise KernelError("save", "not a sealed Stay Away! save (key cost 2^%d x %d out of range)"
                          % (log2_space, rounds))


class Sealer:
    """Keys derived once (a new random salt unless one is given); seal() per save. Version 2 unless
    `iterations` is given (version 1: only for reading old saves and for tests of them)."""

    def __init__(self, passphrase, salt=None, iterations=None, device_key=None, scratch=None,
                 log2_space=LOG2_SPACE, rounds=TIME, progress=None):
        if salt is None:
            salt = _random(SALT)
        if len(salt) != SALT:
            raise KernelError("passphrase", "the salt must be %d bytes" % SALT)
        self.salt = bytes(salt)
        self.device = device_key is not None
        if iterations is not None:
            if not 1 <= iterations <= ITERATIONS:
                raise KernelError("passphrase", "bad iteration count %d" % iterations)
            self.version = 1
            self.iterations = iterations
            self.enc, self.mac = derive(passphrase, self.salt, iterations)
        else:
            _check_cost(log2_space, rounds)
            if device_key is not None and len(device_key) != DEVICE_KEY:
                raise KernelError("passphrase", "the device key must be %d bytes" % DEVICE_KEY)
            self.version = 2
            self.iterations = 0
            self.log2_space = log2_space
            self.rounds = rounds
            self.enc, self.mac = derive2(passphrase, self.salt, log2_space, rounds, device_key, scratch,
                                         progress)
        self.count = 0

    def matches(self, buf):
        """True when the sealed save in buf was made with this sealer's salt and cost (no new derivation)."""
        if self.version == 1:
            return bytes(buf[:4]) == MAGIC1 and get32(buf, 4) == self.iterations and bytes(buf[8:8 + SALT]) == self.salt
        return (bytes(buf[:4]) == MAGIC and buf[4] == self.log2_space and buf[5] == self.rounds
                and (buf[6] & F_DEVICE == (F_DEVICE if self.device else 0)) and bytes(buf[8:8 + SALT]) == self.salt)

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
        if self.version == 1:
            out[0:4] = MAGIC1
            out[4] = (self.iterations >> 24) & 255
            out[5] = (self.iterations >> 16) & 255
            out[6] = (self.iterations >> 8) & 255
            out[7] = self.iterations & 255
        else:
            out[0:4] = MAGIC
            out[4] = self.log2_space
            out[5] = self.rounds
            out[6] = F_DEVICE if self.device else 0
            out[7] = 0
        out[8:8 + SALT] = self.salt
        out[8 + SALT:HEAD] = nonce
        keystream_xor(out, HEAD, memoryview(out)[HEAD:HEAD + n], self.enc, bytes(nonce))
        out[HEAD + n:HEAD + n + TAG] = hmac_of(self.mac, out, HEAD + n)
        return out


def seal(blob, passphrase, salt=None, nonce=None, iterations=None, device_key=None, scratch=None,
         log2_space=LOG2_SPACE, rounds=TIME):
    return bytes(Sealer(passphrase, salt, iterations, device_key, scratch, log2_space, rounds).seal(blob, nonce))


def header(box):
    """(version, cost, salt) of a sealed save, its cost bounded; KernelError when it is not one.
    cost: version 1's iteration count, or version 2's (log2 space, time, device key mixed in)."""
    b = bytes(box[:HEAD])
    if len(box) < HEAD + TAG or b[:4] not in (MAGIC, MAGIC1):
        raise KernelError("save", "not a sealed Stay Away! save")
    if b[:4] == MAGIC1:
        iterations = get32(b, 4)
        if not 1 <= iterations <= ITERATIONS:
            raise KernelError("save", "not a sealed Stay Away! save (iterations %d)" % iterations)
        return 1, iterations, b[8:8 + SALT]
    _check_cost(b[4], b[5])
    if b[6] & ~F_DEVICE or b[7]:
        raise KernelError("save", "not a sealed Stay Away! save (unknown flags)")
    return 2, (b[4], b[5], b[6] & F_DEVICE == F_DEVICE), b[8:8 + SALT]


def unseal(box, passphrase, sealer=None, device_key=None, scratch=None):
    """The blob inside a sealed save; KernelError("save", ...) for a wrong passphrase or a changed byte."""
    buf = bytearray(box)
    return bytes(unseal_in_place(buf, len(buf), passphrase, sealer, device_key, scratch))


def sealer_for(buf, passphrase, device_key=None, scratch=None, progress=None):
    """The Sealer that opens the sealed save in buf (its header checked and bounded first)."""
    version, cost, salt = header(buf)
    if version == 1:
        return Sealer(passphrase, salt, cost)
    log2_space, rounds, device = cost
    if device and device_key is None:
        raise KernelError("save", "this save was sealed on a device: it opens only there")
    return Sealer(passphrase, salt, None, device_key if device else None, scratch, log2_space, rounds,
                  progress)


def unseal_in_place(buf, length, passphrase, sealer=None, device_key=None, scratch=None):
    """Check and decrypt the sealed save in buf[:length] where it lies; a memoryview of the blob.
    The header's cost is bounded before any work and the tag is checked before anything is
    decrypted, so a wrong passphrase leaves buf as it was."""
    if length < HEAD + TAG:
        raise KernelError("save", "not a sealed Stay Away! save")
    header(memoryview(buf)[:length])
    if sealer is None or not sealer.matches(buf):
        sealer = sealer_for(memoryview(buf)[:length], passphrase, device_key, scratch)
    n = length - TAG
    want = hmac_of(sealer.mac, buf, n)
    diff = 0
    for i in range(TAG):
        diff |= want[i] ^ buf[n + i]
    if diff:
        raise KernelError("save", "wrong passphrase, or the save was changed")
    body = memoryview(buf)[HEAD:n]
    keystream_xor(buf, HEAD, body, sealer.enc, bytes(buf[8 + SALT:HEAD]))
    return body
