"""A seeded Elder Sign game played by the built-in bot, as a transcript: the same lines on every runtime.

    lines, game = bot_game(rules, seed, players)     # the transcript, one string per line
    lines, game = replay_log(rules, lines)           # the same lines rebuilt from the actions
    actions = log_actions(lines)

The transcript (`eldritch play --bots all --log-format transcript`, tests/golden_games/eldersign):
a header (format, seed, players, Ancient One), the setup's events indented by two spaces, then for
each action "> CODE words" and its events, then "result win" or "result loss" once the game is over.
Every game's playlog module has these functions (tests/test_golden.py plays golden games through them);
they allocate, so they serve the host, tests and the board's command line, never a per-step path.
"""

from array import array

from ...errors import KernelError
from . import bot, save, text
from .machine import MAX_GAME_ACTIONS

HEADER = "# eldritch play log v1"
BOTS = ("heuristic",)


def header(game):
    return [HEADER, "seed %d" % game.seed, "players %d" % game.players,
            "ancient_one %s" % text.ancient_one(game)]


def chooser(rules, seed, players, bots="heuristic"):
    """The bots of a bot game as one function choose(game, buf, n) -> action (buf holds the n legal
    actions): the built-in bot plays every seat."""
    for kind in bots.split(",") if isinstance(bots, str) else bots:
        if kind not in BOTS:
            raise KernelError("option", "Elder Sign's kernel bot is heuristic, not %r" % kind)
    return bot.choose


def step_lines(game, action, out):
    """Apply action and append its lines."""
    out.append("> %d %s" % (action, text.action_text(game, action)))
    game.apply(action)
    for e in text.events(game):
        out.append("  " + e)


def end_lines(game, out):
    if game.is_terminal():
        out.append("result %s" % ("win" if game.returns()[0] else "loss"))


def _start(game):
    out = header(game)
    for e in text.setup_events(game):
        out.append("  " + e)
    return out


def bot_game(rules, seed, players, bots="heuristic", max_steps=200000):
    """(the transcript of a game with the bot in every seat, the game)."""
    game = rules.new_game(seed, players)
    choose = chooser(rules, seed, players, bots)
    buf = array("i", [0] * MAX_GAME_ACTIONS)
    out = _start(game)
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
    """(the transcript rebuilt by replaying its actions from its seed, the game): equal to the
    input for a sound transcript; rules must be the game's (its Ancient One, house rules, cards)."""
    seed = players = None
    for line in lines[:4]:
        if line.startswith("seed "):
            seed = int(line[5:])
        elif line.startswith("players "):
            players = int(line[8:])
    if seed is None or players is None:
        raise KernelError("log", "not an eldritch play transcript (no seed or players line)")
    game = rules.new_game(seed, players)
    out = _start(game)
    for a in log_actions(lines):
        step_lines(game, a, out)
    end_lines(game, out)
    return out, game


def state_bytes(game):
    """Every field of the game's state as bytes: what a save's round trip must give back."""
    return save.state_bytes(game)
