"""A seeded Mansions of Madness game played by bots, as a transcript: the same lines on every runtime.

    lines, st = bot_game(rules, seed, players, kinds)   # kinds: a bot kind, or one per seat
    lines, st = replay_log(rules, lines)                 # the same lines rebuilt from the actions
    actions = log_actions(lines)

The transcript (`eldritch mansions play --bots all --log-format transcript`,
tests/golden_games/mansions) is the referee's (full) log: a header (story, seed, players, bots,
choices), then per action `> ACTION SEAT TEXT` (seat -1: the d10's chance node) and its events
indented, then `result ...`. Each bot reads only its own view. Every game's playlog module has
these functions (tests/test_golden.py plays golden games through them); they allocate, so they serve the
host, tests and simulations, never a per-step path.
"""

from array import array

from ...errors import KernelError
from ...checks import seat_kinds
from ...surface import CHANCE
from . import save, text
from .bots import make_bot, bot_choice
from .choices import FLAG_ORDER
from .consts import MAX_ACTIONS, WIN_KEEPER, WIN_INVESTIGATORS, WIN_NOBODY
from .state import G_WINNER, G_ROUND

HEADER = "# eldritch mansions log v1"


def header(rules, seed, players, kinds):
    o = rules.options
    return [HEADER, "story %s" % rules.story.name, "seed %d" % seed, "players %d" % players,
            "bots %s" % ",".join(kinds),
            "choices " + " ".join("%s=%s" % (k, o[k]) for k in FLAG_ORDER)]


def result_line(st):
    w = st.g[G_WINNER]
    what = {WIN_KEEPER: "the keeper wins", WIN_INVESTIGATORS: "the investigators win",
            WIN_NOBODY: "everyone loses"}.get(w, "unfinished")
    return "result %s after %d rounds %s" % (what, st.g[G_ROUND], list(st.returns()))


def chooser(rules, seed, players, kinds):
    """The bots of a bot game as one function choose(st, buf, n) -> action (buf holds the n legal
    actions): chance's d10 rolled by the state's own PRNG, each seat's bot choosing from its view."""
    bots = [make_bot(k, rules.story, s, seed) for s, k in enumerate(seat_kinds(kinds, players))]

    def choose(st, buf, n):
        who = st.current_player()
        if who == CHANCE:
            return buf[0]
        return bot_choice(bots[who], st, who, buf, n)
    return choose


def step_lines(st, a, out):
    """Apply a and append its lines."""
    out.append("> %d %d %s" % (a, st.current_player(), st.action_text(a)))
    st.apply(a)
    for e in text.events(st):
        out.append("  " + e)


def play(st, choose, out, max_steps=20000):
    """Play to the end (choose: chooser's function); out.append each log line."""
    buf = array("i", [0] * MAX_ACTIONS)
    steps = 0
    while not st.is_terminal() and steps < max_steps:
        n = st.legal_actions(buf)
        step_lines(st, choose(st, buf, n), out)
        steps += 1
    out.append(result_line(st))
    return steps


def bot_game(rules, seed, players, kinds):
    """(the transcript of a game with bots in every seat, the state)."""
    kinds = seat_kinds(kinds, players)
    st = rules.new_game(seed, players)
    out = header(rules, seed, players, kinds)
    play(st, chooser(rules, seed, players, kinds), out)
    return out, st


def log_actions(lines):
    return [int(line.split(" ")[1]) for line in lines if line.startswith("> ")]


def replay_log(rules, lines):
    """(the transcript rebuilt by replaying its actions from its seed, the state): equal to the input
    for a sound transcript (a line's seat included); rules must be the game's (story, choices)."""
    seed = players = None
    kinds = []
    for line in lines[:6]:
        if line.startswith("seed "):
            seed = int(line[5:])
        elif line.startswith("players "):
            players = int(line[8:])
        elif line.startswith("bots "):
            kinds = line[5:].split(",")
    if seed is None or players is None:
        raise KernelError("log", "not an eldritch mansions log (no seed or players line)")
    st = rules.new_game(seed, players)
    out = header(rules, seed, players, kinds)
    for a in log_actions(lines):
        step_lines(st, a, out)
    out.append(result_line(st))
    return out, st


def state_bytes(st):
    """Every field of the state as bytes: what a save's round trip must give back."""
    return save.state_bytes(st)
