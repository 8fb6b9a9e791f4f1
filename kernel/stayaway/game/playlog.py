"""A seeded Stay Away! game played by bots, as a transcript: the same lines on every runtime.

    lines, state = bot_game(rules, seed, players, kinds)  # kinds: a bot kind, or one per seat
    lines, state = replay_log(rules, lines)                # the same lines rebuilt from the actions
    actions = log_actions(lines)

The transcript (`eldritch stayaway play --bots all --log-format transcript`,
tests/golden_games/stayaway) holds every secret, so it is written only once the game is over: a
header (format, seed, players, bots), then per action `> ACTION P1 text | SUMS`, the action in the
acting player's words and SUMS the Fletcher-16 of every player's view after it (so a view that
differs between runtimes shows at its step); at the end the result and returns, each player's log
(its Fletcher-16 and length) and the referee's whole log. Every game's playlog module has these
functions (tests/test_golden.py plays golden games through them); they allocate, so they serve the
host and tests, never a per-step path.
"""

from array import array

from ...binio import fletcher16
from ...errors import KernelError
from ...checks import seat_kinds
from .play import make_bots
from .text import player_name

HEADER = "# eldritch stayaway transcript v1"


def header(state, kinds):
    return [HEADER, "seed %d" % state.seed, "players %d" % state.players, "bots %s" % ",".join(kinds)]


def chooser(rules, seed, players, kinds):
    """The bots of a bot game as one function choose(state, buf, n) -> action (buf holds the n legal
    actions): a forced action is taken without asking; else the seat's bot chooses from its view."""
    bots = make_bots(seat_kinds(kinds, players), seed, rules)

    def choose(state, buf, n):
        if n == 1:
            return buf[0]
        p = state.current_player()
        return bots[p].choose(state.view(p), [buf[i] for i in range(n)])
    return choose


def step_lines(state, a, out):
    """Apply a and append its line."""
    p = state.current_player()
    words = state.action_text(a)
    state.apply(a)
    sums = []
    for q in range(state.players):
        v = state.view(q)
        sums.append("%04x" % fletcher16(v, len(v)))
    out.append("> %d %s %s | %s" % (a, player_name(p), words, " ".join(sums)))


def end_lines(state, out):
    """The result, each player's log and the referee's log (once the game is over)."""
    if not state.is_terminal():
        out.append("stopped after %d actions" % state.nlog)
        return
    out.append("result %d returns %s" % (state.result, " ".join([str(r) for r in state.returns()])))
    for q in range(state.players):
        log = state.player_log(q).encode()
        out.append("log %s %04x %d" % (player_name(q), fletcher16(log, len(log)), len(log)))
    for line in state.referee_log().splitlines():
        out.append(line)


def bot_game(rules, seed, players, kinds, max_steps=100000):
    """(the transcript of a game with bots in every seat, the state)."""
    kinds = seat_kinds(kinds, players)
    state = rules.new_game(seed, players)
    choose = chooser(rules, seed, players, kinds)
    buf = array("i", [0] * rules.max_actions)
    out = header(state, kinds)
    steps = 0
    while not state.is_terminal() and steps < max_steps:
        n = state.legal_actions(buf)
        step_lines(state, choose(state, buf, n), out)
        steps += 1
    end_lines(state, out)
    return out, state


def log_actions(lines):
    """The actions of a transcript (its `> ` lines; the referee's log after them has none)."""
    return [int(line.split(" ")[1]) for line in lines if line.startswith("> ")]


def replay_log(rules, lines):
    """(the transcript rebuilt by replaying its actions from its seed, the state): equal to the input
    for a sound transcript; rules must be the game's (its options)."""
    seed = players = None
    kinds = []
    for line in lines[:4]:
        if line.startswith("seed "):
            seed = int(line[5:])
        elif line.startswith("players "):
            players = int(line[8:])
        elif line.startswith("bots "):
            kinds = line[5:].split(",")
    if seed is None or players is None:
        raise KernelError("log", "not an eldritch stayaway transcript (no seed or players line)")
    state = rules.new_game(seed, players)
    out = header(state, kinds)
    for a in log_actions(lines):
        step_lines(state, a, out)
    end_lines(state, out)
    return out, state


def state_bytes(state):
    """Every field of the state as bytes (its save): what a save's round trip must give back."""
    return state.serialize()
