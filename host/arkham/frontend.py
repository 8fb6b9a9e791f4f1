"""Arkham Horror (1987) in the shared front end: the adapter (frontend/adapter.py) over a kernel game.

    game = ArkhamGame(rules, kernel_game, settings)       # settings.options["dice"]: device or table
    session = frontend.session.Session(game, settings, persist)

Cooperative with nothing private: every seat sees one screen and one log (in words: "> seat 1
(Silas Moore): pick Silas Moore", never the action's code; a roll says what it is against and its
chance before its result: "> the dice: attack roll, D6 + 3 against Ghoul #1's strength 3: ..."). Dice are rolled by the game's PRNG
(chance, played by the machine), or with `dice: table` typed in by the table: then a roll is a
decision of the seat concerned, the possible rolls as options and "roll here", and so is every draw
(the kernel's table mode: the monster, gate or card the table drew, among those left). Decisions:
shapes.py. The advised option is the heuristic bot's.
"""

from __future__ import annotations

from array import array

from eldritch.frontend.adapter import GameAdapter
from eldritch.frontend.gamelog import MultiLog, Record
from eldritch.frontend.settings import Settings
from eldritch.kernel.errors import KernelError
from eldritch.kernel.arkham.game import text, playlog, defs as D
from eldritch.kernel.arkham.game.bots import HeuristicBot, RandomBot
from eldritch.kernel.arkham.game.rules import Rules
from eldritch.kernel.surface import CHANCE
from eldritch.arkham.context import roll_words
from eldritch.arkham.render import render
from eldritch.arkham import shapes

GAME = "arkham"


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
        self.bot = playlog.make_bot(rules, settings.kind, game.seed)
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
            # the table types it in: the investigator whose turn it is (none in the mythos phase)
            return g.seat if self.table_dice and g.seat < g.players else None
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

    def table_bot(self, seat):
        """The heuristic bot keeps nothing between moves; a random or search bot is seeded by the
        state (the same move after a restart)."""
        g = self.state
        if g.current_player() == CHANCE:
            return D.K_RESOLVE
        if self.settings.kind == "heuristic":
            return self.bot_action(seat)
        n = g.legal_actions(self.buf)
        seed = (g.seed * 7919 + 1 + len(g.actions()) * 31) & 0x3FFFFFFF
        if self.settings.kind == "random":
            return RandomBot(seed).choose(g, self.buf, n)
        return playlog.make_bot(self.rules, self.settings.kind, seed).choose(g, self.buf, n)

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
        return shapes.decision(self, seat, legal, self.advised(legal) if hints else None)

    def log_text(self, viewer, fmt="text"):
        if fmt == "transcript":
            return "\n".join(transcript(self.rules, self.state, self.settings.kind)) + "\n"
        return GameAdapter.log_text(self, viewer, fmt)

    def action_text(self, a) -> str:
        g = self.state
        if g.current_player() == CHANCE:
            if a == D.K_RESOLVE:
                return "draw it here" if g.step == D.CH_DRAW else "roll it here"
            if g.step == D.CH_COIN or g.step == D.CH_DRAW:
                return text.action_text(g, a)
            return "the roll shows %d" % (a & D.ARG_MASK)
        return text.action_text(g, a)

    def hint(self, seat):
        a = self.advised(self.legal())
        return "The heuristic bot would: %s." % self.action_text(a)

    # ----- saves --------------------------------------------------------------------------------




def step_record(g, action, by) -> Record:
    p = g.current_player()
    if p == CHANCE:
        who = "the dice"
        about = roll_words(g)
        if action == D.K_RESOLVE:
            words = about or "roll"
        else:
            words = "the table's roll: %d%s" % (action & D.ARG_MASK, " (%s)" % about if about else "")
        if action != D.K_RESOLVE and (g.step == D.CH_COIN or g.step == D.CH_DRAW):
            words = text.action_text(g, action)
    else:
        who = text.seat_name(g, p)
        words = text.action_text(g, action)
    g.apply(action)
    lines = ["> %s: %s" % (who, words)] + ["  " + e for e in text.events(g)]
    return Record(seat=p if p >= 0 else None, who=who, by=by, action=action, public=lines)


def transcript(rules, game, bot) -> list:
    """The kernel's golden-file log of the game (kernel/arkham/game/playlog.py: "> CODE text" and the
    events), rebuilt by replaying its actions from the seed: tests/golden_games/arkham."""
    fresh = rules.new_game(game.seed, game.players)
    out = playlog.header(fresh, bot)
    for a in game.actions():
        playlog.step_lines(fresh, a, out)
    playlog.end_lines(fresh, out)
    return out


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


def load(payload: bytes, settings_doc: dict, rules_for):
    """(rules, game, settings) of a save's kernel payload and settings: the save's board, house rules
    and dice when it holds them, else (a save written before the front end) the command line's
    (`rules_for(options or None)` makes the Rules)."""
    from eldritch.kernel.arkham.game import save as gamesave
    settings = Settings.from_json(settings_doc, 8)
    if settings.kind not in playlog.BOTS:
        raise KernelError("save", "bot kind must be one of %s" % ", ".join(playlog.BOTS))
    rules = rules_for(settings.options if "board" in settings.options else {})
    game = gamesave.deserialize(rules, payload, verify=True)
    settings = Settings.from_json(settings_doc, game.players)
    return rules, game, settings


def new_rules(options) -> Rules:
    return Rules({"board": options.get("board"), "house": options.get("house", ""),
                  "round_limit": options.get("rounds", -1), "doom": options.get("doom", 0),
                  "draws": "table" if options.get("dice") == "table" else "deck"})



# ----- at a table of the server (host/games.py) -------------------------------------------------------------

TABLE_OPTIONS = []          # the demonstration board, its rules; dice rolled by the game


def players_range():
    rules = new_rules({})
    return rules.min_players, rules.max_players


def table_game(seed, players, bots, options, kind="heuristic"):
    rules = new_rules({})
    return ArkhamGame(rules, rules.new_game(seed, players), Settings(bots, kind, options={"dice": "device"}))


def table_load(payload, settings_doc):
    rules, game, settings = load(payload, settings_doc, new_rules)
    settings.options["dice"] = "device"
    return ArkhamGame(rules, game, settings)
