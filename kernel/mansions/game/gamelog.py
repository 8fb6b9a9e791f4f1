"""The text log of a seeded bot game, the same on every runtime (golden games compare it with ==):

    lines = bot_game(rules, seed, players, kinds)       # kinds: one "heuristic"/"random" per seat

The log is the referee's (full) log: a header (story, seed, players, bots, choices), then per action
`> ACTION SEAT TEXT` and its events indented, then `result ...`. Each bot reads only its own view.
"""

from array import array

from ...surface import CHANCE
from . import text
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


def play(st, bots, out, max_steps=20000):
    """Play to the end (each bot choosing from its own view); out.append each log line."""
    buf = array("i", [0] * MAX_ACTIONS)
    steps = 0
    while not st.is_terminal() and steps < max_steps:
        who = st.current_player()
        n = st.legal_actions(buf)
        if who == CHANCE:
            a = buf[0]
        else:
            a = bot_choice(bots[who], st, who, buf, n)
        out.append("> %d %d %s" % (a, who, st.action_text(a)))
        st.apply(a)
        for e in text.events(st):
            out.append("  " + e)
        steps += 1
    out.append(result_line(st))
    return steps


def bot_game(rules, seed, players, kinds):
    st = rules.new_game(seed, players)
    bots = [make_bot(kinds[s], rules.story, s, seed) for s in range(players)]
    out = header(rules, seed, players, kinds)
    play(st, bots, out)
    return out, st
