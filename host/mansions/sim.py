"""Mansions of Madness for `eldritch simulate --game mansions` (its runner, named by the game registry): settings, bots, one
seeded game.

Seat 0 is the keeper, seats 1.. the investigators (--players counts every seat: 2 to 5). A game's
"win" is the investigators' win (so the Wilson interval and the chart read as the investigators'
chance); the metrics count the keeper's wins, the games nobody won, the rounds, the investigators
killed or driven out, whether the objective was revealed and the steps. Game i of a run with seed S
is the game of seed S + i; the bot of seat k is made with that seed (kernel/mansions/game/playlog.py
bot_game, the same games as `eldritch mansions play --bots`). Options: --mansions-options takes the
rules' choices as NAME=VALUE (kernel/mansions/game/choices.py: the first edition's rules by default),
--mansions-story a story by name or folder.
"""

from __future__ import annotations

from array import array

from eldritch.kernel.errors import KernelError
from eldritch.kernel.surface import CHANCE
from eldritch.kernel.mansions.game import consts as K
from eldritch.kernel.mansions.game import state as S
from eldritch.kernel.mansions.game.bots import make_bot, bot_choice
from eldritch.kernel.mansions.game.choices import OPTION_VALUES
from eldritch.kernel.mansions.game.rules import Rules
from eldritch.analysis.simgames import Setting

BOTS = {
    "random": "a uniformly random legal action",
    "heuristic": "reads its view: explores, fights, evades; the keeper spends threat (kernel/mansions/game/bots.py)",
    "search": "determinized rollouts of the heuristic to the end, from what its seat knows (kernel/mansions/game/search.py)",
}
ENDS = {K.WIN_KEEPER: "keeper", K.WIN_INVESTIGATORS: "investigators", K.WIN_NOBODY: "nobody"}
MAX_STEPS = 20000


def _options(text: str) -> tuple:
    out = []
    for item in (x.strip() for x in text.split(",")):
        if not item:
            continue
        name, eq, value = item.partition("=")
        name = name.strip()
        if name not in OPTION_VALUES or not eq:
            raise KernelError("option", "--mansions-options: '%s' is not NAME=VALUE with NAME one of %s"
                              % (item[:40], ", ".join(OPTION_VALUES)))
        values = OPTION_VALUES[name]
        typed = int(value) if isinstance(values[0], int) and value.strip().lstrip("-").isdigit() else value.strip()
        if typed not in values:
            raise KernelError("option", "--mansions-options: %s takes %s, not '%s'"
                              % (name, " or ".join(str(v) for v in values), value.strip()[:20]))
        out.append((name, typed))
    return tuple(out)


class MansionsRunner:
    name = "mansions"
    title = "Mansions of Madness"
    bots = BOTS
    default_bot = "heuristic"
    metrics = ("keeper_wins", "nobody_wins", "rounds", "killed", "revealed", "steps")
    tally_label = "end"

    def add_arguments(self, p) -> None:
        p.add_argument("--mansions-options", default="", metavar="NAME=VALUE,...",
                       help="Mansions: the rules' choices, e.g. evade=leaving,natural_rolls=clamped "
                            "(default: the first edition's rules)")
        p.add_argument("--mansions-story", default="demo", metavar="STORY",
                       help="Mansions: the story, by name or folder (default demo)")

    def settings(self, args) -> list[Setting]:
        opts = _options(getattr(args, "mansions_options", "") or "")
        story = getattr(args, "mansions_story", "demo") or "demo"
        if story != "demo":
            opts = opts + (("story", story),)
        Rules(dict(opts))                  # a bad story or option fails here, in one line
        names = [x.strip() for x in (args.bots or self.default_bot).split(",") if x.strip()]
        if not names:
            raise KernelError("option", "--bots: %r names no bot (the bots: %s)" % (args.bots[:40], ", ".join(BOTS)))
        for n in names:
            if n not in BOTS:
                raise KernelError("option", "--bots: no bot '%s' (the bots: %s)" % (n, ", ".join(BOTS)))
        out = []
        for players in args.players:
            if not 2 <= players <= 5:
                raise KernelError("option", "--players: Mansions of Madness is for 2 to 5 players (the keeper "
                                            "and 1 to 4 investigators), not %d" % players)
            seats = tuple(names[k] if k < len(names) else names[-1] for k in range(players))
            out.append(Setting(self.name, players, seats, opts))
        return out

    def prepare(self, setting: Setting, backend=None) -> Rules:
        return Rules({k: v for k, v in setting.options})

    def play(self, setting: Setting, seed: int, rules: Rules) -> dict:
        st = rules.new_game(seed, setting.players)
        bots = [make_bot(setting.bots[s], rules.story, s, seed) for s in range(setting.players)]
        buf = array("i", [0] * K.MAX_ACTIONS)
        steps = 0
        while not st.is_terminal():
            who = st.current_player()
            n = st.legal_actions(buf)
            st.apply(buf[0] if who == CHANCE else bot_choice(bots[who], st, who, buf, n))
            steps += 1
            if steps > MAX_STEPS:
                raise KernelError("state", "seed %d: no end after %d steps" % (seed, MAX_STEPS))
        w = st.g[S.G_WINNER]
        return {"win": 1 if w == K.WIN_INVESTIGATORS else 0,
                "metrics": {"keeper_wins": 1 if w == K.WIN_KEEPER else 0, "nobody_wins": 1 if w == K.WIN_NOBODY else 0,
                            "rounds": st.g[S.G_ROUND], "killed": st.g[S.G_KILLED],
                            "revealed": 1 if st.g[S.G_REVEALED] else 0, "steps": steps},
                "tallies": {ENDS.get(w, "?"): [1, 1]}}

    def group(self, setting: Setting) -> tuple[str, int]:
        story = dict(setting.options).get("story", "demo")
        return "Mansions (%s)" % story.rstrip("/").rsplit("/", 1)[-1], setting.players


RUNNER = MansionsRunner()
