"""Arkham Horror (1987) for `eldritch simulate --game arkham` and `eldritch sweep` (its runner, named by the game registry):
settings, bots and one seeded game.

A setting is a board (the demonstration board, or a folder: `--arkham-board`), house rules
(`--arkham-house`), the agreed round limit (`--arkham-rounds`, default the board's), a player count
and a bot per seat. Game i of a run with seed S is the game of seed S + i; with one bot in every seat,
`eldritch arkham play --seed S+i --players P --bots all --bot B` replays it (the same bot object,
kernel/arkham/game/playlog.make_bot). A win is the investigators' (every gate closed or sealed);
the metrics: rounds, gates closed, gates sealed, the doom track, gates open at the end, monster
trophies, investigators lost in time and space, steps; the tallies: how each game ended.
"""

from __future__ import annotations

from array import array

from eldritch.cliargs import whole
from eldritch.kernel.errors import KernelError
from eldritch.kernel.arkham.game import defs as D
from eldritch.kernel.arkham.game.rules import Rules, house_bits
from eldritch.kernel.arkham.game.playlog import make_bot
from eldritch.kernel.surface import CHANCE
from eldritch.analysis.simgames import Setting
from eldritch.kernel.arkham.game import state

MAX_STEPS = 200_000
BOTS = {
    "heuristic": "rules of thumb on the public board (kernel/arkham/game/bots.py)",
    "random": "a uniformly random legal action",
    "planner": "the search bot's policy alone: a team plan (kernel/arkham/game/planner.py)",
    "search": "determinized rollouts of the planner, scored by a fitted chance to win (kernel/arkham/game/search.py)",
}


class ArkhamRunner:
    name = "arkham"
    title = "Arkham Horror (1987)"
    bots = BOTS
    default_bot = "heuristic"
    metrics = ("rounds", "gates_closed", "sealed", "doom", "open_gates", "trophies", "lost", "steps")
    tally_label = "result"

    def add_arguments(self, p) -> None:
        p.add_argument("--arkham-board", default=None, metavar="DIR",
                       help="Arkham: a board folder (default: the demonstration board)")
        p.add_argument("--arkham-house", default="", metavar="NAMES",
                       help="Arkham: house rules, comma-separated (%s)" % ", ".join(D.HOUSE_RULES))
        p.add_argument("--arkham-rounds", type=whole(-1, 999, "--arkham-rounds"), default=-1, metavar="N",
                       help="Arkham: the agreed round limit (0: none; default the board's)")

    def settings(self, args) -> list[Setting]:
        board = getattr(args, "arkham_board", None)
        house = getattr(args, "arkham_house", "") or ""
        rounds = getattr(args, "arkham_rounds", -1)
        house_bits(house)                                  # one line naming an unknown house rule
        if not -1 <= rounds <= 999:
            raise KernelError("option", "--arkham-rounds must be 0 (none) to 999, not %d" % rounds)
        opts = []
        names = ",".join(n.strip() for n in house.split(",") if n.strip())
        if names:
            opts.append(("house", names))
        if board:
            opts.append(("board", board))
        if rounds >= 0:
            opts.append(("round_limit", rounds))
        rules = Rules(self._rules_options(opts))            # the board is checked once, up front
        out = []
        for players in args.players:
            if not rules.min_players <= players <= rules.max_players:
                raise KernelError("option", "--players: this Arkham board is for %d to %d players, not %d" % (
                    rules.min_players, rules.max_players, players))
            for alt in (args.bots or self.default_bot).split("|"):        # 'a|b': one setting each
                names = [x.strip() for x in alt.split(",") if x.strip()]
                for n in names:
                    if n not in BOTS:
                        raise KernelError("option", "--bots: no Arkham bot '%s' (the bots: %s)" % (n, ", ".join(BOTS)))
                if not names:
                    raise KernelError("option", "--bots: an empty bot list in '%s'" % args.bots)
                seats = tuple(names[k] if k < len(names) else names[-1] for k in range(players))
                out.append(Setting(self.name, players, seats, tuple(opts)))
        return out

    @staticmethod
    def _rules_options(opts) -> dict:
        d = dict(opts)
        return {"board": d.get("board"), "house": d.get("house", ""), "round_limit": d.get("round_limit", -1)}

    def prepare(self, setting: Setting, backend=None) -> Rules:
        return Rules(self._rules_options(setting.options))

    def play(self, setting: Setting, seed: int, rules: Rules) -> dict:
        g = play_game(rules, seed, setting.players, setting.bots)
        b = rules.board
        lost = sum(g.used_inv) - g.players
        won = g.result == D.RES_WON
        return {"win": 1 if won else 0,
                "metrics": {"rounds": g.round, "gates_closed": sum(g.gates_closed[s] for s in range(g.players)),
                            "sealed": sum(g.sealed), "doom": g.doom, "open_gates": state.open_gates(g),
                            "trophies": sum(state.trophies(g, s) for s in range(g.players)), "lost": lost,
                            "steps": g.nlog},
                "tallies": {D.RESULT_NAMES[g.result] if g.is_terminal() else "stopped": [1, 1 if won else 0]}}

    def group(self, setting: Setting) -> tuple[str, int]:
        board = setting.option("board")
        return ("Arkham Horror (%s)" % (board or "demo board")), setting.players


def play_game(rules, seed, players, bots):
    """The game of `seed` with bot names per seat (one bot object per name: with one name the game
    of `eldritch arkham play --seed S --bots all --bot NAME`)."""
    g = rules.new_game(seed, players)
    made = {}
    for name in set(bots):
        made[name] = make_bot(rules, name, seed)
    buf = array("i", [0] * rules.max_actions)
    steps = 0
    while not g.is_terminal() and steps < MAX_STEPS:
        n = g.legal_actions(buf)
        p = g.current_player()
        g.apply(D.K_RESOLVE if p == CHANCE else made[bots[p]].choose(g, buf, n))
        steps += 1
    return g


RUNNER = ArkhamRunner()
