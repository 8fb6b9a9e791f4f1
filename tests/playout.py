"""Seeded random playouts of any kernel game, in the MicroPython subset (run unchanged by CPython and
by the unix port, so the conformance test can compare their transcripts with ==).

    python tests/playout.py MODULE OPTIONS SEED PLAYERS STEPS [--lock]

MODULE is the game's entry module under `kernel` (e.g. "eldersign.game.rules"), OPTIONS a Python
literal (a dict or None). Actions are drawn with the kernel's PRNG seeded from SEED: at a chance
node, half the time the state's own resolving action, half the time an outcome drawn by its exact
weight (so both ways of resolving chance are exercised). Each step prints the seat to act, the action
and its text, then Fletcher-16 digests of every seat's view and of the save. With --lock (MicroPython
only) legal_actions and apply run under micropython.heap_lock(); an allocation aborts the run.
"""

import sys

try:
    from eldritch import kernel as _kernel_pkg  # noqa: F401  (CPython: the installed package)
    _PREFIX = "eldritch.kernel"
except ImportError:
    _PREFIX = "kernel"                            # MicroPython: the repository root on sys.path


def _import(name):
    mod = __import__(name)
    for part in name.split(".")[1:]:
        mod = getattr(mod, part)
    return mod


def load(module):
    """(the game's entry module, prng, binio, surface) under this runtime's package name."""
    return (_import(_PREFIX + "." + module), _import(_PREFIX + ".prng"), _import(_PREFIX + ".binio"),
            _import(_PREFIX + ".surface"))


def draw_weighted(prng, rng, outcomes):
    """An outcome action drawn by its integer weight with the kernel PRNG (big weights allowed)."""
    total = 0
    for _, w in outcomes:
        total += w
    # a uniform integer below total from 15-bit draws (rejection keeps it exact)
    bits = 0
    span = 1
    while span < total:
        span <<= 15
        bits += 1
    limit = span - span % total
    while True:
        r = 0
        for _ in range(bits):
            r = (r << 15) | prng.next15(rng)
        if r < limit:
            break
    r %= total
    for a, w in outcomes:
        if r < w:
            return a
        r -= w
    return outcomes[-1][0]


def playout(module, options, seed, players, steps, lock=False, out=None):
    """Play one seeded random game; return its transcript lines (also printed when out is None)."""
    game, prng, binio, surface = load(module)
    rules = game.Rules(options)
    state = rules.new_game(seed, players)
    rng = prng.new_state(seed * 7919 + players)
    from array import array
    buf = array("i", [0] * rules.max_actions)
    lines = []
    if lock:
        import micropython
    for step in range(steps):
        if state.is_terminal():
            break
        who = state.current_player()
        if lock:
            micropython.heap_lock()
            try:
                n = state.legal_actions(buf)
            finally:
                micropython.heap_unlock()
        else:
            n = state.legal_actions(buf)
        if who == surface.CHANCE and prng.die(rng, 2) == 1:
            action = draw_weighted(prng, rng, state.chance_outcomes())
        else:
            action = buf[prng.die(rng, n)]
        text = state.action_text(action)
        if lock:
            micropython.heap_lock()
            try:
                state.apply(action)
            finally:
                micropython.heap_unlock()
        else:
            state.apply(action)
        digests = []
        for p in range(state.players):
            v = state.view(p)
            digests.append("%04x" % binio.fletcher16(v, len(v)))
        blob = state.serialize()
        line = "%d %d %d %s | %s s%04x" % (step, who, action, text, " ".join(digests),
                                           binio.fletcher16(blob, len(blob)))
        lines.append(line)
        if out is None:
            print(line)
    end = "end %s %s" % ("terminal" if state.is_terminal() else "cut", list(state.returns())
                         if state.is_terminal() else [])
    lines.append(end)
    if out is None:
        print(end)
    return lines


if __name__ == "__main__":
    args = sys.argv[1:]
    lock = "--lock" in args
    args = [a for a in args if a != "--lock"]
    playout(args[0], eval(args[1]), int(args[2]), int(args[3]), int(args[4]), lock)
