"""The handheld's seal (kernel/stayaway/game/crypt.py, version 2): Balloon-SHA256
gives the same keys on CPython and on the MicroPython unix port and matches a straightforward
reference written here; a save sealed with a device key opens only with that key; the header's cost
is bounded before any work; the board refuses a save not sealed on it and falls back to the save
before a damaged newest one; the 8-digit PIN is what the screens ask for."""

import hashlib
import time

import pytest

from eldritch.kernel.errors import KernelError
from eldritch.kernel.stayaway.game import crypt
from eldritch.kernel.stayaway.game.rules import Rules

from conftest import REPO

SALT = bytes(range(16))


def balloon_reference(password, salt, space, rounds, delta=3):
    """Balloon hashing (Boneh, Corrigan-Gibbs, Schechter 2016, algorithm 1) with SHA-256, counters
    as 8-byte little-endian integers, the pseudorandom index from the first two bytes (little-endian)
    of H(cnt, salt, t, m, i) with t, m, i packed as crypt.py packs them."""
    def h(cnt, *parts):
        d = hashlib.sha256(cnt.to_bytes(8, "little"))
        for p in parts:
            d.update(p)
        return d.digest()
    cnt = 0
    buf = [h(cnt, password, salt)]
    cnt += 1
    for m in range(1, space):
        buf.append(h(cnt, buf[m - 1]))
        cnt += 1
    for t in range(rounds):
        for m in range(space):
            buf[m] = h(cnt, buf[(m - 1) % space], buf[m])
            cnt += 1
            for i in range(delta):
                idx = bytes((t, 0, 0, 0, m & 255, m >> 8, 0, 0, i, 0, 0, 0))
                other = int.from_bytes(h(cnt, salt, idx)[:2], "little") % space
                cnt += 1
                buf[m] = h(cnt, buf[m], buf[other])
                cnt += 1
    return buf[-1]


@pytest.mark.parametrize("log2_space,rounds", [(4, 1), (6, 2), (9, 3)])
def test_balloon_equals_the_reference(log2_space, rounds):
    assert crypt.balloon(b"12345678", SALT, log2_space, rounds) == \
        balloon_reference(b"12345678", SALT, 1 << log2_space, rounds)


MP = """
from kernel.stayaway.game import crypt
salt = bytes(range(16))
print(crypt.balloon(b"12345678", salt, 9, 3).hex())
box = crypt.seal(b"the whole state", b"12345678", salt=salt, nonce=bytes(8), device_key=bytes(range(32)))
print(box.hex())
"""


def test_the_seal_is_the_same_on_micropython(run_micropython):
    lines = run_micropython(MP)
    assert lines[0] == crypt.balloon(b"12345678", SALT, 9, 3).hex()
    box = crypt.seal(b"the whole state", b"12345678", salt=SALT, nonce=bytes(8), device_key=bytes(range(32)))
    assert lines[1] == box.hex()


def _state_blob():
    return Rules().new_game(5, 5).serialize()


def test_rule_a_save_sealed_with_a_device_key_opens_only_with_it():
    """A save copied off the device opens nowhere else: the right PIN without the device's key is
    refused like a wrong PIN."""
    blob = _state_blob()
    key = crypt.new_device_key()
    box = crypt.seal(blob, b"12345678", device_key=key)
    assert box[:4] == b"SAE2" and box[6] == crypt.F_DEVICE and blob[:32] not in box
    assert crypt.unseal(box, b"12345678", device_key=key) == blob
    with pytest.raises(KernelError, match="opens only there"):
        crypt.unseal(box, b"12345678")
    with pytest.raises(KernelError, match="wrong passphrase"):
        crypt.unseal(box, b"12345678", device_key=crypt.new_device_key())
    with pytest.raises(KernelError, match="wrong passphrase"):
        crypt.unseal(box, b"12345679", device_key=key)


@pytest.mark.parametrize("at,value", [(4, 30), (4, 3), (5, 0), (5, 200), (6, 2), (7, 1)])
def test_rule_the_header_cost_is_bounded_before_any_work(at, value):
    box = bytearray(crypt.seal(_state_blob(), b"12345678", device_key=bytes(32)))
    box[at] = value
    start = time.process_time()
    with pytest.raises(KernelError, match="not a sealed Stay Away! save"):
        crypt.unseal(bytes(box), b"12345678", device_key=bytes(32))
    assert time.process_time() - start < 0.02


def test_version_1_is_read_with_its_iteration_count_bounded():
    blob = _state_blob()
    old = crypt.seal(blob, "table words", iterations=crypt.ITERATIONS)
    assert old[:4] == b"SAE1" and crypt.unseal(old, "table words") == blob
    bad = bytearray(old)
    bad[4:8] = (1000000).to_bytes(4, "big")
    with pytest.raises(KernelError, match="iterations 1000000"):
        crypt.unseal(bytes(bad), "table words")


BOARD = r"""
import sys
sys.path.insert(0, %(mp)r)
import store
import stayaway_mode as M
import buttons as btn
from kernel.stayaway.game import crypt
from kernel.stayaway.game.rules import Rules
from leds import Leds


class Pin:
    def __init__(self):
        self.level = 0

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = v


def mode():
    return M.StayAwayMode(Leds([Pin(), Pin(), Pin()]), %(path)r, seed=3)


def resume(pin_ups):
    m = mode()
    m.resume()
    m.handle(btn.UP, btn.PRESS) if pin_ups else None
    m.handle(btn.A, btn.PRESS)
    return m


m = mode()
m.new_game()
m.handle(btn.A, btn.PRESS)                  # 5 players
for _ in range(7):
    m.handle(btn.RIGHT, btn.PRESS)
print("pin digits", m.pin_pos + 1)
m.handle(btn.A, btn.PRESS)                  # PIN 00000000: a game starts, sealed
for i in range(4):
    m.handle(btn.B, btn.PRESS)
    m.handle(btn.A, btn.PRESS)
    m.handle(btn.B, btn.RELEASE)
key = store.read(%(key)r)
raw = store.read(%(path)r)
print("device key", len(key), raw[:4] == b"SAE2", raw[6])
before = m.state.serialize()
n = resume(False)
print("resumed", n.state.serialize() == before)
# a copy of the save on a device with another key: refused like a wrong PIN
store.save(%(key)r, bytes(32))
o = resume(False)
print("other device", o.screen == M.M_NOTE, o.state is None)
store.save(%(key)r, key)
# saves sealed without a device key (another tool's), in both slots: refused
store.save(%(path)r, crypt.seal(before, b"00000000"))
store.save(%(path)r, crypt.seal(before, b"00000000"))
p = resume(False)
print("no device key", p.screen == M.M_NOTE, p.state is None)
# the newest record damaged (it passes the store's checksum, the seal refuses it): the one before
good = crypt.seal(before, b"00000000", device_key=key)
store.save(%(path)r, good)
bad = bytearray(good)
bad[40] ^= 1
store.save(%(path)r, bytes(bad))
q = resume(False)
print("fell back", q.state is not None and q.state.serialize() == before)
# an old save (version 1) is named
store.save(%(path)r, crypt.seal(before, b"00000000", iterations=10))
store.save(%(path)r, crypt.seal(before, b"00000000", iterations=10))
r = resume(False)
print("old", r.screen == M.M_NOTE, r.note)
"""


def test_rule_the_board_seals_with_its_own_key_and_8_digits(run_micropython, tmp_path):
    lines = run_micropython(BOARD % {"mp": str(REPO / "micropython"), "path": str(tmp_path / "stayaway.sav"),
                                     "key": str(tmp_path / "device.key")})
    assert lines == ["pin digits 8", "device key 32 True 1", "resumed True", "other device True True",
                     "no device key True True", "fell back True", "old True b'Old save: v1'"], lines
