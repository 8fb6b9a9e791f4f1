"""Arkham Horror (1987) in the shared front end: the adapter (frontend/adapter.py) over a kernel game.

    game = ArkhamGame(rules, kernel_game, settings)       # settings.options["dice"]: device or table
    session = frontend.session.Session(game, settings, persist)

Cooperative with nothing private: every seat sees one screen and one log (in words: "> seat 1
(Silas Moore): pick Silas Moore", never the action's code). Dice are rolled by the game's PRNG
(chance, played by the machine), or with `dice: table` typed in by the table: then a roll is a
decision of the seat concerned, the possible rolls as options and "roll here". Decisions with many
options are grouped (a taxi's or a free move's destinations, the investigators to pick, the
outcomes of a roll); choosing the items to fight with is a toggle over the investigator's cards
(every legal combination, the bot's choice to start with). The advised option is the heuristic
bot's.
"""

from __future__ import annotations

from array import array

from ..frontend.adapter import GameAdapter
from ..frontend.gamelog import MultiLog, Record
from ..frontend.model import Combo
from ..frontend.shapes import Leaf, menu_of, toggle_of
from ..frontend import savefile
from ..kernel.errors import KernelError
from ..kernel.arkham.game import text, playlog, defs as D
from ..kernel.arkham.game.bots import HeuristicBot, RandomBot
from ..kernel.arkham.game.rules import Rules
from ..kernel.surface import CHANCE
from .render import render

GAME = "arkham"
GROUPS = {D.K_TAXI: "take a taxi ($1)...", D.K_DEST: "ride to...", D.K_PICK: "pick an investigator...",
          D.K_DISCARD: "give up a card...", D.K_OUTCOME: "type the roll...", D.K_FIGHT: "fight...",
          D.K_BIND: "cast Bind Monster...", D.K_RETURN: "come back through a gate...", D.K_ORIENT: "turn the monster..."}


class ArkhamGame(GameAdapter):
    """Arkham Horror for the front end (see the module docstring)."""

    name = GAME
    title = "Arkham Horror"
    hides_information = False
    command = "eldritch arkham play"

    def __init__(self, rules, game, settings, log=None):
        self.rules = rules
        self.state = game
        self.settings = settings
        self.players = game.players
        self.table_dice = settings.options.get("dice") == "table"
        self.bot = HeuristicBot(rules.board) if settings.kind == "heuristic" else RandomBot(game.seed * 7919 + 1)
        self.adviser = HeuristicBot(rules.board)
        self.buf = array("i", [0] * rules.max_actions)
        self.log = log if log is not None else self._fresh_log()

    def _fresh_log(self):
        if self.state.actions():
            return replayed_log(self.rules, self.state, self.settings)
        head = playlog.header(self.state, self.settings.kind)
        head[0] = "# eldritch arkham log v2"
        return MultiLog(head)

    # ----- the kernel ---------------------------------------------------------------------------

    def seat_name(self, seat):
        return text.seat_name(self.state, seat)

    def acting_seat(self):
        g = self.state
        p = g.current_player()
        if p == CHANCE:
            return g.seat if self.table_dice else None
        return p if p >= 0 else None

    def is_terminal(self):
        return self.state.is_terminal()

    def legal(self):
        g = self.state
        if g.current_player() == CHANCE:
            if self.table_dice:
                return [D.K_RESOLVE] + [a for a, _ in g.chance_outcomes()]
            return [D.K_RESOLVE]
        n = g.legal_actions(self.buf)
        return [self.buf[i] for i in range(n)]

    def bot_action(self, seat):
        g = self.state
        if g.current_player() == CHANCE:
            return D.K_RESOLVE
        n = g.legal_actions(self.buf)
        return self.bot.choose(g, self.buf, n)

    def play(self, action, by):
        rec = step_record(self.state, action, by)
        self.log.add(rec)
        if self.state.is_terminal():
            self.log.result = result_line(self.state)
        return rec

    def turn_key(self):
        return self.state.round

    # ----- the screen and the decision ------------------------------------------------------------

    def screen(self, viewer):
        return render(self.state, self.acting_seat())

    def advised(self, legal):
        g = self.state
        if g.current_player() == CHANCE:
            return D.K_RESOLVE
        if len(legal) == 1:
            return legal[0]
        buf = array("i", legal)
        return self.adviser.choose(g, buf, len(legal))

    def shape(self, seat, legal, hints):
        g = self.state
        advised = self.advised(legal) if hints else None
        leaves = []
        loadouts = []
        for a in legal:
            kind = a & ~D.ARG_MASK
            if kind == D.K_LOADOUT:
                loadouts.append(a)
                continue
            leaf = Leaf(self.action_text(a), a, advised=a == advised)
            if kind == D.K_OUTCOME and g.step != D.CH_COIN:
                outcomes = [x & D.ARG_MASK for x in legal if x & ~D.ARG_MASK == D.K_OUTCOME]
                if len(outcomes) > 7:                  # 2D6: two ranges, a key for the range, one for the roll
                    lo, hi = outcomes[0], outcomes[-1]
                    mid = (lo + hi) // 2
                    first = (a & D.ARG_MASK) <= mid
                    leaf.group = (kind, first)
                    leaf.group_label = "the roll is %d to %d..." % ((lo, mid) if first else (mid + 1, hi))
            elif kind in GROUPS:
                leaf.group = (kind,)
                leaf.group_label = GROUPS[kind]
            leaves.append(leaf)
        if len(loadouts) > 1:
            leaves.insert(0, Leaf("choose the items to use...", None, advised=advised in loadouts,
                                  then=self._loadout_toggle(loadouts, advised)))
        elif loadouts:
            leaves.insert(0, Leaf(self.action_text(loadouts[0]), loadouts[0], advised=loadouts[0] == advised))
        who = text.seat_name(g, seat) if seat is not None else "the table"
        step = "type in the %s" % D.STEP_NAMES.get(g.step, "roll") if g.current_player() == CHANCE else \
            D.STEP_NAMES.get(g.step, "decide")
        return menu_of("%s: %s" % (who, step), leaves, group_always=g.current_player() == CHANCE)

    def _loadout_toggle(self, loadouts, advised):
        g = self.state
        seat = g.check_seat if g.purpose == D.PU_COUNTER else g.seat
        bits = sorted({k for a in loadouts for k in range(8) if (a & D.ARG_MASK) >> k & 1})
        items = []
        for k in bits:
            if (1 << k) == D.BOUND_BIT:
                items.append(("the bound monster", "warn"))
            else:
                items.append((text.card_name(g, g.poss[seat * D.MAX_POSS + k]), ""))
        combos = []
        for a in loadouts:
            mask = a & D.ARG_MASK
            chosen = frozenset(i for i, k in enumerate(bits) if mask >> k & 1)
            combos.append(Combo(chosen, a, self.action_text(a), advised=a == advised))
        return toggle_of("the items to use (toggle, then Enter)", items, combos, "fight")

    def action_text(self, a) -> str:
        g = self.state
        if g.current_player() == CHANCE:
            if a == D.K_RESOLVE:
                return "roll it here"
            return "the roll shows %d" % (a & D.ARG_MASK) if g.step != D.CH_COIN else text.action_text(g, a)
        return text.action_text(g, a)

    def hint(self, seat):
        a = self.advised(self.legal())
        return "The heuristic bot would: %s." % self.action_text(a)

    # ----- saves --------------------------------------------------------------------------------

    def save_blob(self, settings):
        doc = settings.as_json()
        doc["options"] = dict(settings.options)
        return savefile.dump(GAME, doc, self.state.serialize())


def step_record(g, action, by) -> Record:
    p = g.current_player()
    if p == CHANCE:
        who = "the dice"
        words = "roll" if action == D.K_RESOLVE else "the table's roll: %d" % (action & D.ARG_MASK)
        if action != D.K_RESOLVE and g.step == D.CH_COIN:
            words = text.action_text(g, action)
    else:
        who = text.seat_name(g, p)
        words = text.action_text(g, action)
    g.apply(action)
    lines = ["> %s: %s" % (who, words)] + ["  " + e for e in text.events(g)]
    return Record(seat=p if p >= 0 else None, who=who, by=by, action=action, public=lines)


def result_line(g) -> str:
    out = []
    playlog.end_lines(g, out)
    line = out[-1][len("result "):] if out and out[-1].startswith("result ") else (out[-1] if out else "over")
    honoured = [text.seat_name(g, h) for h in g.honoured()]
    if honoured:
        line += "; Honoured Citizen: %s" % ", ".join(honoured)
    return line


def replayed_log(rules, game, settings) -> MultiLog:
    fresh = rules.new_game(game.seed, game.players)
    adapter = ArkhamGame(rules, fresh, settings)
    for a in game.actions():
        p = fresh.current_player()
        adapter.play(a, "bot" if p < 0 or p in settings.bots else "player")
    return adapter.log


def load(blob: bytes, rules_for):
    """(rules, game, settings) of a save: a host save (its house rules, board and dice), or a bare
    kernel save (the old --save) with the command line's rules (`rules_for(options)` makes Rules)."""
    from ..kernel.arkham.game import save as gamesave
    if savefile.is_host_save(blob, GAME):
        doc, kernel_blob = savefile.parse(blob, GAME)
    else:
        doc, kernel_blob = {}, blob
    options = doc.get("options", {})
    if not isinstance(options, dict):
        raise KernelError("save", "the save's options are not a table")
    rules = rules_for(options)
    game = gamesave.deserialize(rules, kernel_blob, verify=True)
    settings = savefile.Settings.from_json(doc, game.players)
    settings.options = options
    if settings.kind not in ("heuristic", "random"):
        raise KernelError("save", "bot kind must be heuristic or random")
    return rules, game, settings


def new_rules(options) -> Rules:
    return Rules({"board": options.get("board"), "house": options.get("house", ""),
                  "round_limit": options.get("rounds", -1), "doom": options.get("doom", 0)})

