"""Sealing a save with the table's passphrase on the host: encrypted, authenticated, numbered.

    seal = Seal.new("the table's words")          # a new table: random salt and table id
    box = seal.seal(plaintext, context=b"...")     # the next save of this table (its number + 1)
    text, seal = Seal.open(box, "the table's words", context=b"...")   # SaveError if wrong or changed
    table, number = peek(box)                       # who and which, before any key work

What the seal protects against (README.md, "Saves", says the same for players):
  - an outsider who reads the file: without the passphrase it is noise (no hand, role, seed or
    objective shows), and guessing is slow: scrypt (memory-hard, 32 MiB and ~0.1 s per guess);
  - a changed byte, a file cut short or spliced from two saves: the tag (HMAC-SHA256) is checked
    before anything is decrypted, and it covers the header and the game's name (`context`);
  - a rollback by swapping in an older save: every save carries the table's id and its number,
    authenticated; tablecount.py remembers the newest number seen per table.
  It does NOT protect against a player who knows the passphrase and can run the program: they can
  open the save and read every hand. It is a lock against outsiders and later tampering, not a
  referee who keeps secrets from the people who hold the key.

Box layout: b"ESEAL", version 1, log2(scrypt N), scrypt r, scrypt p, salt (16), table id (16),
save number (4), nonce (16), ciphertext, tag (32). The header's cost fields are bounded before any
work (MIN_LOG2N..MAX_LOG2N, r 1..MAX_R, p 1), so a crafted header cannot make a load take minutes.
Keys: scrypt(passphrase, salt) gives 64 bytes: the cipher's key and the MAC's key. The cipher is the
kernel's (kernel/stayaway/game/crypt.py: SHA-256 in counter mode, the board's too); the MAC is the
standard library's hmac. Only the standard library and the kernel: no new dependency.
"""

from __future__ import annotations

import hashlib
import hmac
import os

from eldritch.saves.atomic import SaveError
from eldritch.kernel.stayaway.game import crypt as kcrypt

MAGIC = b"ESEAL"
VERSION = 1
SALT = 16
TABLE = 16
NONCE = 16
TAG = 32
HEAD = len(MAGIC) + 4 + SALT + TABLE + 4 + NONCE
LOG2N = 15               # scrypt N = 32768, r = 8: 32 MiB and about 0.1 s per derivation on a PC
R = 8
MIN_LOG2N = 10
MAX_LOG2N = 17           # 128 MiB at r = 8: the most a crafted header can ask for
MAX_R = 8
MAX_NUMBER = (1 << 32) - 1


def derive(passphrase: str, salt: bytes, log2n: int = LOG2N, r: int = R) -> tuple[bytes, bytes]:
    """(cipher key, MAC key) of a passphrase and salt."""
    data = passphrase.encode("utf-8") if isinstance(passphrase, str) else bytes(passphrase)
    if not data:
        raise SaveError("the passphrase is empty")
    key = hashlib.scrypt(data, salt=salt, n=1 << log2n, r=r, p=1, maxmem=256 << 20, dklen=64)
    return key[:32], key[32:]


def peek(box: bytes) -> tuple[bytes, int]:
    """(table id, save number) of a sealed box, checked for shape only (not yet authentic)."""
    _header(box)
    at = len(MAGIC) + 4 + SALT
    return bytes(box[at:at + TABLE]), int.from_bytes(box[at + TABLE:at + TABLE + 4], "big")


def _header(box: bytes) -> tuple[int, int, bytes]:
    """(log2n, r, salt) of a box, every field bounded before use; SaveError when it is not a box."""
    if len(box) < HEAD + TAG or box[:len(MAGIC)] != MAGIC:
        raise SaveError("not a sealed Eldritch save")
    k = len(MAGIC)
    version, log2n, r, p = box[k], box[k + 1], box[k + 2], box[k + 3]
    if version != VERSION:
        raise SaveError("a sealed save of format version %d; this version reads %d" % (version, VERSION))
    if not (MIN_LOG2N <= log2n <= MAX_LOG2N and 1 <= r <= MAX_R and p == 1):
        raise SaveError("a sealed save whose key cost is out of range (N 2^%d, r %d, p %d): refused unread"
                        % (log2n, r, p))
    return log2n, r, bytes(box[k + 4:k + 4 + SALT])


class Seal:
    """The keys of one table's sealed saves (derived once), its id and the number of its last save."""

    def __init__(self, passphrase: str, salt: bytes, table: bytes, number: int = 0,
                 log2n: int = LOG2N, r: int = R):
        self.salt = bytes(salt)
        self.table = bytes(table)
        self.number = number
        self.log2n = log2n
        self.r = r
        self.enc, self.mac = derive(passphrase, self.salt, log2n, r)

    @classmethod
    def new(cls, passphrase: str, log2n: int = LOG2N) -> "Seal":
        """The seal of a new table: a random salt and table id; its first save is number 1."""
        return cls(passphrase, os.urandom(SALT), os.urandom(TABLE), 0, log2n)

    def seal(self, plaintext: bytes, context: bytes = b"", number: int | None = None) -> bytes:
        """The next save of this table sealed (its number is self.number + 1, or `number`)."""
        self.number = self.number + 1 if number is None else number
        if not 0 < self.number <= MAX_NUMBER:
            raise SaveError("this table has made too many saves to number them")
        head = bytearray(MAGIC)
        head.extend((VERSION, self.log2n, self.r, 1))
        head.extend(self.salt)
        head.extend(self.table)
        head.extend(self.number.to_bytes(4, "big"))
        nonce = os.urandom(NONCE)
        head.extend(nonce)
        n = len(plaintext)
        out = bytearray(head)
        out.extend(bytes(n))
        kcrypt.keystream_xor(out, HEAD, memoryview(plaintext), self.enc, nonce)
        out.extend(self._tag(context, out))
        return bytes(out)

    def _tag(self, context: bytes, body) -> bytes:
        mac = hmac.new(self.mac, digestmod=hashlib.sha256)
        mac.update(len(context).to_bytes(2, "big") + context)
        mac.update(body)
        return mac.digest()

    @classmethod
    def open(cls, box: bytes, passphrase: str, context: bytes = b"",
             known: "Seal | None" = None) -> tuple[bytes, "Seal"]:
        """(plaintext, the table's Seal, ready for its next save) of a sealed box. A wrong passphrase
        and a changed byte are the same one-line SaveError: the tag cannot tell them apart, and
        saying which would help a guesser. `known`: a Seal already derived for this salt (no second
        derivation)."""
        log2n, r, salt = _header(box)
        table, number = peek(box)
        if known is not None and known.salt == salt and known.log2n == log2n and known.r == r:
            seal = cls.__new__(cls)
            seal.salt, seal.log2n, seal.r, seal.enc, seal.mac = salt, log2n, r, known.enc, known.mac
        else:
            seal = cls(passphrase, salt, table, number, log2n, r)
        seal.table = table
        seal.number = number
        n = len(box) - TAG
        if not hmac.compare_digest(seal._tag(context, memoryview(box)[:n]), bytes(box[n:])):
            raise SaveError("wrong passphrase, or the save was changed")
        out = bytearray(n - HEAD)
        kcrypt.keystream_xor(out, 0, memoryview(box)[HEAD:n], seal.enc, bytes(box[HEAD - NONCE:HEAD]))
        return bytes(out), seal
