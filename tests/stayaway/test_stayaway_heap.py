"""The kernel's per-step paths allocate nothing on the MicroPython unix port: long seeded games (The Thing
seldom declares, so every card, Panic! card and phase comes up) with every legal_actions, apply and the
board's view (write_view into a fixed buffer) under micropython.heap_lock(), across the options. Every
module of kernel/stayaway imports under the port."""

import sys
from pathlib import Path

from eldritch.kernel.stayaway.game import defs as D

REPO = Path(__file__).resolve().parents[2]

SCRIPT = r'''
import micropython, gc
from array import array
import kernel.stayaway
%(imports)s
from kernel import prng
from kernel.stayaway.game.rules import Rules
from kernel.stayaway.game.views import write_view, V_EVENTS
from kernel.stayaway.game import defs as D
from kernel.stayaway.game.core import ev_first, ev_at
OPTIONS = (None, {"house_quarantine": True, "neighbour_only": True}, {"vengeful": True, "infected": 14},
           {"thing_in_pile": True}, {"quick_start": True, "flame_in_pile": True})
phases = set()
codes = set()
plays = set()
steps = 0
for g in range(%(games)d):
    rules = Rules(OPTIONS[g %% len(OPTIONS)])
    n = 4 + (g * 5) %% 9
    s = rules.new_game(1000 + g, n)
    buf = array("i", bytes(4 * D.MAX_ACTIONS))
    view = bytearray(V_EVENTS + 4 * 60)
    rng = prng.new_state(g)
    while not s.is_terminal() and s.nlog < 900:
        phases.add(s.phase)
        gc.collect()
        micropython.heap_lock()
        try:
            k = s.legal_actions(buf)
            i = prng.die(rng, k)
            if buf[i] == D.A_DECLARE and k > 1 and s.nlog < 700:
                i = (i + 1) %% k
            a = buf[i]
            s.apply(a)
            write_view(s, s.active, view, 60)
        finally:
            micropython.heap_unlock()
        if a // D.ACT_KIND == 2:
            plays.add((a %% D.ACT_KIND) >> 5)
        steps += 1
    for e in range(ev_first(s), s.nev):
        codes.add(s.ev[ev_at(s, e)] & 0x7F)
print("steps", steps)
print("phases", sorted(phases))
print("codes", sorted(codes))
print("plays", sorted(plays))
'''


def test_steps_allocate_nothing_and_every_phase_comes_up(run_micropython):
    mods = sorted(p.stem for p in (REPO / "kernel" / "stayaway" / "game").glob("*.py") if p.stem != "__init__")
    imports = "\n".join("import kernel.stayaway.game.%s" % m for m in mods)
    lines = run_micropython(SCRIPT % {"imports": imports, "games": 30})
    out = {ln.split(" ", 1)[0]: ln.split(" ", 1)[1] for ln in lines if " " in ln}
    assert int(out["steps"]) > 5000
    assert eval(out["phases"]) == list(range(D.PH_OVER))          # every decision phase
    codes = set(eval(out["codes"]))
    want = {c & 0x7F for c in (D.E_TURN, D.E_DRAW, D.E_PANIC, D.E_BURY, D.E_DISCARD, D.E_PLAY, D.E_DEFEND,
                               D.E_ELIMINATED, D.E_SHOW, D.E_OFFER, D.E_GIVE, D.E_NO_EXCHANGE, D.E_SWAP,
                               D.E_DIRECTION, D.E_QUARANTINE, D.E_QUARANTINE_END, D.E_DOOR, D.E_DOOR_END,
                               D.E_INFECT, D.E_NO_REVEAL, D.E_DECLARE, D.E_END, D.E_RESHUFFLE, D.E_KEEP,
                               D.E_TAKE, D.E_ROLE, D.E_TO_PILE, D.E_BECOME_THING)}
    assert want <= codes, sorted(want - codes)
    plays = set(eval(out["plays"]))
    playable = {t for t in range(D.NTYPES) if D.CARD_KIND[t] in (D.K_ACTION, D.K_OBSTACLE)}
    assert plays == playable
