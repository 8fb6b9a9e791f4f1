"""The whole Elder Sign game as a kernel game (kernel/surface.py): Rules makes and loads games.

    rules = Rules({"ancient_one": "Yig", "cards": ["my_cards.tsv"]})
    state = rules.new_game(seed=7, players=4)       # a machine.Game
    state = rules.deserialize(blob)

Options (all optional): "ancient_one" (a name or "random", default Yog-Sothoth), "cards" (extra card
files, data/GAME.md), "sets" (adventure sets, default Core, Other Worlds and Generic), "data" (a
folder of the seven card tables replacing the shipped ones), "library" (False: no adventure of the
card library, every one from the data's adventure_rules) and "house" (house rules by name, a list or
a comma-separated string of HOUSE_RULES: `giveup_skips_terror`). Rules loads the card data once (it
allocates); every game it makes shares it.
"""

from ...errors import KernelError
from ...checks import check_options
from .data import GameData, DEFAULT_SETS
from .machine import Game, MAX_GAME_ACTIONS, MAX_PLAYERS, HOUSE_RULES
from . import save

OPTIONS = ("ancient_one", "cards", "sets", "data", "library", "house")


def house_bits(names):
    """The house rules' bits of a list of names or a comma-separated string (empty: none)."""
    if isinstance(names, str):
        names = [n.strip() for n in names.split(",") if n.strip()]
    if not isinstance(names, (list, tuple)):
        raise KernelError("option", "house rules are a list of names, not %r" % (names,))
    bits = 0
    for name in names:
        if not isinstance(name, str) or name not in HOUSE_RULES:
            raise KernelError("option", "no house rule %r (the house rules: %s)" % (name, ", ".join(HOUSE_RULES)))
        bits |= 1 << HOUSE_RULES.index(name)
    return bits


class Rules:
    """Elder Sign for 1 to 8 players over the shipped card data (and the user's card files)."""

    name = "eldersign"
    min_players = 1
    max_players = MAX_PLAYERS
    max_actions = MAX_GAME_ACTIONS

    def __init__(self, options=None):
        options = check_options(options) or {}
        for key in options:
            if key not in OPTIONS:
                raise KernelError("option", "unknown option '%s' (the options: %s)" % (key, ", ".join(OPTIONS)))
        cards = options.get("cards", ())
        if isinstance(cards, str):
            cards = (cards,)
        sets = options.get("sets", DEFAULT_SETS)
        self.data = GameData(folder=options.get("data"), extra=cards, sets=tuple(sets),
                             library=bool(options.get("library", True)))
        self.ancient_one = self.data.ancient_one(options.get("ancient_one", "Yog-Sothoth"))
        self.house = house_bits(options.get("house", ()))

    def new_game(self, seed, players=1):
        return Game(self.data, players=players, seed=seed, ancient_one=self.ancient_one, house=self.house)

    def deserialize(self, blob):
        return save.deserialize(blob, self.data)
