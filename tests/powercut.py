"""The power-cut simulator for the board's saves (micropython/store.py), on CPython and MicroPython.

A simulated filesystem writes one byte per step; a cut at step k stops the write after k steps (what
was written stays, nothing after it), and the device "reboots": it loads its save and goes on from
there. Each random sequence runs a game's saves and clears with several cuts, two of them often a
few steps apart (a cut during the first save, right after a clear, during the save that follows a
recovery). After every cut the loaded save must be the last one that completed or the one in
progress; anything else is a loss (nothing, or an older save, where a save completed) or a
resurrection (a save after a completed clear, or one older than the last load showed).

    run(kind, sequences, seed) -> (sequences, cuts, losses, resurrections)
    run(kind, sequences, seed, seq0=0xFFFFFFFD)   each sequence starts from a "cleared" record numbered
                                                  seq0, so its saves cross the 2^32 wrap

kind "adventure": real Adventure saves (adventure.deserialize replays and checks each one);
kind "companion": compsave records of a growing entry log (compsave.decode checks each one).
"""

import store
import compsave
from kernel import prng
from kernel.eldersign.situation import Situation
from kernel.eldersign.adventure import Adventure, deserialize, MAX_ACTIONS
from array import array


class PowerCut(Exception):
    pass


class FakeFile:
    def __init__(self, fs, name, writing):
        self.fs = fs
        self.name = name
        self.pos = 0
        self.writing = writing

    def read(self, n=-1):
        data = self.fs.files[self.name]
        end = len(data) if n < 0 else min(len(data), self.pos + n)
        out = bytes(data[self.pos:end])
        self.pos = end
        return out

    def readinto(self, buf):
        data = self.read(len(buf))
        buf[:len(data)] = data
        return len(data)

    def write(self, data):
        buf = self.fs.files[self.name]
        for i in range(len(data)):
            self.fs.step()
            buf.append(data[i])
        return len(data)

    def flush(self):
        pass

    def close(self):
        pass


class FakeFS:
    """Files as bytearrays; every byte written, every truncation and every removal is one step."""

    def __init__(self):
        self.files = {}
        self.steps = 0
        self.cut_at = -1

    def step(self):
        if self.steps == self.cut_at:
            self.cut_at = -1
            raise PowerCut()
        self.steps += 1

    def open(self, name, mode):
        if "w" in mode:
            self.step()
            self.files[name] = bytearray()
            return FakeFile(self, name, True)
        if name not in self.files:
            raise OSError(2)
        return FakeFile(self, name, False)

    def remove(self, name):
        self.step()
        del self.files[name]

    def exists(self, name):
        return name in self.files


def adventure_states(count):
    """Save blobs of one adventure played from its start (each a different state)."""
    out = []
    buf = array("i", [0] * MAX_ACTIONS)
    seed = 1
    while len(out) < count:
        adv = Adventure("I4 L/P | P T | L L", Situation(green=6, yellow=True, focus=2), seed)
        out.append(adv.serialize())
        while not adv.is_terminal() and len(out) < count:
            n = adv.legal_actions(buf)
            adv.apply(buf[(seed * 7 + len(out)) % n])
            out.append(adv.serialize())
        seed += 1
    return out


def companion_states(count):
    """compsave records of a log that grows by one entry per save."""
    out = []
    entries = bytearray()
    for i in range(count):
        out.append(compsave.encode(4, 1, entries, (i * 7919) & 0xFFFF))
        entries.extend(bytes((1 + i % 7, i & 255, 128, i % 4)))
    return out


def _identify(states, loaded, kind):
    if loaded is None:
        return -1
    blob = loaded.serialize() if kind == "adventure" else \
        compsave.encode(loaded[0], loaded[1], loaded[2], loaded[3])
    return states.index(blob)


def cleared_record(seq):
    """The bytes of a store record "cleared" with sequence number seq (store.py's layout)."""
    head = bytearray(store.HEAD)
    head[0] = 0x45
    head[1] = 0x53
    head[2] = store.VERSION
    head[3] = store.CLEARED
    for k in range(4):
        head[4 + k] = (seq >> (24 - 8 * k)) & 255
    s = [1, 0]
    store._sums(head, store.HEAD, s)
    return head + bytes(((s[0] >> 8) & 255, s[0] & 255, (s[1] >> 8) & 255, s[1] & 255))


def run(kind, sequences, seed, seq0=None):
    states = adventure_states(40) if kind == "adventure" else companion_states(40)
    check = deserialize if kind == "adventure" else compsave.decode
    rng = prng.new_state(seed)
    path = "/save/" + kind + ".sav"
    cuts = 0
    losses = 0
    resurrections = 0
    for _ in range(sequences):
        fs = FakeFS()
        if seq0 is not None:
            fs.files[path + ".a"] = cleared_record(seq0)
        committed = -1            # the state the save holds for sure (-1: none, or cleared)
        nxt = 0                   # the next state the game will save
        ops = 6 + prng.die(rng, 10)
        pending_cuts = 1 + prng.die(rng, 4)
        done_ops = 0
        while done_ops < ops:
            clear = prng.die(rng, 6) == 0
            target = -1 if clear else nxt
            if pending_cuts and prng.die(rng, 2) == 0:
                # a cut at any step of this operation (its blob's bytes and a few file steps), or
                # one of its very first steps
                span = 4 if prng.die(rng, 4) == 0 else len(states[nxt]) + 40
                fs.cut_at = fs.steps + prng.die(rng, span)
            try:
                if clear:
                    store.clear(path, fs)
                else:
                    store.save(path, states[nxt], fs)
                fs.cut_at = -1
                committed = target
                if not clear:
                    nxt = (nxt + 1) % len(states)
                done_ops += 1
            except PowerCut:
                cuts += 1
                pending_cuts -= 1
                got = _identify(states, store.load(path, check, fs), kind)
                if got != committed and got != target:
                    if got == -1:
                        losses += 1       # nothing, where a save had completed
                    else:
                        resurrections += 1    # an older save, or a save after a clear
                committed = got           # what the device resumes from; the game goes on
                if got >= 0:
                    nxt = (got + 1) % len(states)
        got = _identify(states, store.load(path, check, fs), kind)
        if got != committed:
            if got == -1:
                losses += 1
            else:
                resurrections += 1
    return sequences, cuts, losses, resurrections
