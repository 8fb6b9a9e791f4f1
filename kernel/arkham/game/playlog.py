"""A seeded game with bots in every seat, and its text log: the same lines on every runtime.

    lines, game = bot_game(rules, seed, players, bot="heuristic")   # the log, one string per line
    lines, game = replay_log(rules, lines)                           # the same lines from its actions
    actions = log_actions(lines)

The log (`eldritch arkham play --bots all --log-format transcript`, tests/golden_games/arkham): a
header (format, seed, players, bot), the setup's events, then for each action "> CODE text" and its
events indented by two spaces, then the result. Every game's playlog module has these functions
(tests/test_golden.py plays golden games through them). They allocate: host, tests and the board's
command line use them, never a per-step path.
"""

from array import array

from ...errors import KernelError
from .bots import RandomBot, HeuristicBot
from .defs import RESULT_NAMES
from .text import action_text, events
from . import save, state

HEADER = "# eldritch arkham log v1"
# the bots whose choice allocates nothing (the golden games run it under heap_lock)
ALLOCATION_FREE_BOTS = ("heuristic", "random")


BOTS = ("heuristic", "random", "planner", "search")


def make_bot(rules, bot, seed):
    """A bot by name (BOTS) for the game of `seed`: the heuristic, the random bot, the search bot's
    policy alone (planner) or the search bot (search.py)."""
    if bot == "heuristic":
        return HeuristicBot(rules.board)
    if bot == "random":
        return RandomBot(seed * 7919 + 1)
    if bot == "planner":
        from .planner import PlannerBot
        return PlannerBot(rules.board)
    if bot == "search":
        from .search import SearchBot
        return SearchBot(rules.board, seed)
    raise KernelError("option", "bot must be one of %s, not %r" % (", ".join(BOTS), bot))


def chooser(rules, seed, players, bots="heuristic"):
    """The bots of a bot game as one function choose(game, buf, n) -> action (buf holds the n legal
    actions): one bot of one kind plays every seat."""
    if not isinstance(bots, str) or "," in bots:
        raise KernelError("option", "Arkham's bots are of one kind for every seat, not %r" % (bots,))
    return make_bot(rules, bots, seed).choose


def header(game, bot):
    return [HEADER, "seed %d" % game.seed, "players %d" % game.players, "bot %s" % bot]


def step_lines(game, a, out):
    """Apply a and append its log lines."""
    out.append("> %d %s" % (a, action_text(game, a)))
    game.apply(a)
    for e in events(game):
        out.append("  " + e)


def end_lines(game, out):
    if game.is_terminal():
        out.append("result %s after %d rounds (doom %d, open gates %d)" % (
            RESULT_NAMES[game.result], game.round, game.doom, state.open_gates(game)))
    else:
        out.append("stopped in round %d" % game.round)


def bot_game(rules, seed, players, bot="heuristic", max_steps=100000):
    """The full log of a game with the bot in every seat."""
    game = rules.new_game(seed, players)
    choose = chooser(rules, seed, players, bot)
    buf = array("i", [0] * rules.max_actions)
    out = header(game, bot)
    steps = 0
    while not game.is_terminal() and steps < max_steps:
        n = game.legal_actions(buf)
        step_lines(game, choose(game, buf, n), out)
        steps += 1
    end_lines(game, out)
    return out, game


def log_actions(lines):
    return [int(line.split(" ")[1]) for line in lines if line.startswith("> ")]


def replay_log(rules, lines):
    """(the log rebuilt by replaying its actions, the game): equal to the input for a sound log."""
    seed = players = None
    bot = "?"
    for line in lines[:4]:
        if line.startswith("seed "):
            seed = int(line[5:])
        elif line.startswith("players "):
            players = int(line[8:])
        elif line.startswith("bot "):
            bot = line[4:]
    if seed is None or players is None:
        raise KernelError("log", "not an eldritch arkham log (no seed or players line)")
    game = rules.new_game(seed, players)
    out = header(game, bot)
    for a in log_actions(lines):
        step_lines(game, a, out)
    end_lines(game, out)
    return out, game


def state_bytes(game):
    """Every field of the game's state as bytes: what a save's round trip must give back."""
    return save.state_bytes(game)
