"""The conformance test every kernel game passes (in the spirit of OpenSpiel's random simulation test).

A game's test module builds a `GameSpec` and calls the checks:

    SPEC = GameSpec("eldersign.game.rules", {"ancient_one": "Yog-Sothoth"}, players=(1, 2, 4, 8))
    def test_conformance_playouts():  check_playouts(SPEC)
    def test_conformance_three_runtimes(): check_three_runtimes(SPEC)

Over many seeded random playouts (tests/playout.py draws the actions), after every step:
  - every listed legal action is_legal, and apply accepts it;
  - actions not listed are refused with KernelError and leave the state unchanged;
  - at a chance node the outcomes have positive integer weights and every outcome is legal;
  - current_player is a seat, CHANCE or TERMINAL, consistently with is_terminal;
  - serialize -> Rules.deserialize gives back the same save, views, player to act and legal actions;
  - replay of the action log from the seed reaches the same save;
  - view(p) is bytes and does not change when nothing happens (reading a view changes nothing);
  - a terminal state has one integer return per seat.
The same playouts print identical transcripts under CPython with the C and the Python backend and
under the MicroPython unix port, and on the port every step's legal_actions and apply run under
micropython.heap_lock().
"""

import os
import subprocess
import sys
from array import array
from pathlib import Path

from eldritch.kernel.errors import KernelError
from eldritch.kernel import prng
from eldritch.kernel.surface import CHANCE, TERMINAL

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
MICROPYTHON = Path(sys.executable).parent / "micropython"
sys.path.insert(0, str(HERE))
import playout  # noqa: E402  (tests/playout.py, portable)


class GameSpec:
    """What the checks need to know of a game: its entry module under `kernel`, the options its
    Rules takes (a literal: it is passed to MicroPython as text), the player counts to try, how many
    seeded playouts per count and the step cap of each."""

    def __init__(self, module, options=None, players=(1,), seeds=8, steps=400, mp_seeds=2):
        self.module = module
        self.options = options
        self.players = tuple(players)
        self.seeds = seeds
        self.steps = steps
        self.mp_seeds = mp_seeds

    def rules(self):
        game, _, _, _ = playout.load(self.module)
        return game.Rules(self.options)


def _legal_list(state, buf):
    n = state.legal_actions(buf)
    return [buf[i] for i in range(n)]


def _snapshot(state):
    return (state.serialize(), state.current_player(),
            [bytes(state.view(p)) for p in range(state.players)])


def _illegal_probes(legal, rng):
    """Actions that must be refused: nearby codes not in the list, and a few far outside."""
    listed = set(legal)
    probes = [-1, 1 << 30, (1 << 30) - 1]
    for a in legal[:8]:
        for d in (1, 2, 255, 256, 4096):
            probes.append(a + d)
            probes.append(a - d)
    for _ in range(4):
        probes.append(prng.next15(rng) << 12 | prng.next15(rng))
    return [a for a in probes if a not in listed]


def check_step(rules, state, buf, rng):
    """The invariants of one reached state (see the module docstring)."""
    who = state.current_player()
    assert state.is_terminal() == (who == TERMINAL), "current_player and is_terminal disagree"
    assert who in (CHANCE, TERMINAL) or 0 <= who < state.players, "bad current_player %r" % who
    for p in range(state.players):
        assert isinstance(state.view(p), (bytes, bytearray)), "view must be bytes"
    before = _snapshot(state)
    assert _snapshot(state) == before, "reading the state changed it"
    if state.is_terminal():
        ret = list(state.returns())
        assert len(ret) == state.players and all(isinstance(r, int) for r in ret)
        assert _legal_list(state, buf) == []
        return []
    legal = _legal_list(state, buf)
    assert legal, "a live state with no legal action"
    assert len(set(legal)) == len(legal), "an action listed twice"
    for a in legal:
        assert isinstance(a, int) and 0 <= a < (1 << 30), "action out of range: %r" % a
        assert state.is_legal(a), "listed action %d is not is_legal" % a
    if who == CHANCE:
        outcomes = state.chance_outcomes()
        assert outcomes, "a chance node without outcomes"
        for a, w in outcomes:
            assert isinstance(w, int) and w > 0, "chance weight must be a positive int"
            assert state.is_legal(a), "chance outcome %d is not legal" % a
    else:
        assert state.chance_outcomes() == [], "chance outcomes at a player's node"
    refused = []
    for a in _illegal_probes(legal, rng):
        if state.is_legal(a):
            continue          # a legal action the list does not show (a physical roll entered)
        try:
            state.apply(a)
        except KernelError:
            pass
        else:
            raise AssertionError("illegal action %d was applied" % a)
        refused.append(a)
    # one comparison after every probe (a whole game's snapshot is costly); on a difference, the
    # probes are tried again one by one on a fresh copy to name the culprit
    if _snapshot(state) != before:
        probe = rules.deserialize(before[0])
        for a in refused:
            try:
                probe.apply(a)
            except KernelError:
                pass
            assert _snapshot(probe) == before, "refused action %d changed the state" % a
        raise AssertionError("a refused action changed the state")
    # the save round trip, views and legal actions included
    back = rules.deserialize(state.serialize())
    assert _snapshot(back) == before, "serialize/deserialize changed the state"
    assert _legal_list(back, buf) == legal
    return legal


def check_playouts(spec):
    """Seeded random playouts with check_step after every step, replay at the end of each."""
    rules = spec.rules()
    buf = array("i", [0] * rules.max_actions)
    rng = prng.new_state(12345)
    games = 0
    for players in spec.players:
        for seed in range(spec.seeds):
            state = rules.new_game(seed, players)
            choose = prng.new_state(seed * 7919 + players)
            for _ in range(spec.steps):
                legal = check_step(rules, state, buf, rng)
                if not legal:
                    break
                if state.current_player() == CHANCE and prng.die(choose, 2) == 1:
                    action = playout.draw_weighted(prng, choose, state.chance_outcomes())
                else:
                    action = legal[prng.die(choose, len(legal))]
                state.apply(action)
            check_step(rules, state, buf, rng)
            again = rules.new_game(seed, players)
            again.replay(state.actions())
            assert again.serialize() == state.serialize(), "replay from the log differs"
            state.replay(state.actions())
            assert again.serialize() == state.serialize(), "replay in place differs"
            games += 1
    return games


def _run(cmd, env=None):
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=1800, env=env)
    assert proc.returncode == 0, "%s failed:\n%s%s" % (cmd[0], proc.stdout[-2000:], proc.stderr[-4000:])
    return proc.stdout


def check_three_runtimes(spec, lock=True):
    """The same playouts give identical transcripts on CPython (C and Python backends) and on the
    MicroPython unix port, whose run holds every step under heap_lock."""
    script = str(HERE / "playout.py")
    compared = 0
    for players in spec.players:
        for seed in range(spec.mp_seeds):
            args = [spec.module, repr(spec.options), str(seed), str(players), str(spec.steps)]
            outs = []
            for backend in ("c", "python"):
                env = dict(os.environ, ELDRITCH_BACKEND=backend)
                outs.append(_run([sys.executable, script] + args, env))
            if MICROPYTHON.exists():
                code = ("import sys\nsys.path.insert(0, %r)\nsys.path.insert(0, %r)\nimport playout\n"
                        "playout.playout(%r, %r, %d, %d, %d, %r)\n"
                        % (str(REPO), str(HERE), spec.module, spec.options, seed, players, spec.steps,
                           lock))
                mp_args = [str(MICROPYTHON), "-X", "heapsize=64m", "-c", code]
                outs.append(_run(mp_args))
            assert outs[0] == outs[1], "C and Python backends differ"
            if len(outs) == 3:
                assert outs[0] == outs[2], "MicroPython differs from CPython"
            compared += 1
    return compared
