"""The compact form of an adventure card: tasks of symbols, ordered or not.

A symbol is a pair (kind, value):
  SYM_INV      value n: dice whose investigation values add up to at least n
  SYM_FACE     value: bits of the faces accepted (Lore 1, Peril 2, Terror 4; split symbols set several)
  SYM_SANITY   value n: lose n sanity when the task is completed
  SYM_STAMINA  value n: lose n stamina when the task is completed
  SYM_CLOCK    value 1: advance the clock when the task is completed
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

SYM_INV = const(0)
SYM_FACE = const(1)
SYM_SANITY = const(2)
SYM_STAMINA = const(3)
SYM_CLOCK = const(4)

MAX_TASKS = const(6)
MAX_SYMBOLS = const(8)
MAX_INV = const(36)
MAX_COST = const(9)


class Task:
    """One row of a card: its symbols in written order, and what they ask for."""

    def __init__(self, symbols):
        self.symbols = tuple(symbols)
        inv = []
        faces = []
        sanity = 0
        stamina = 0
        clock = 0
        for kind, value in self.symbols:
            if kind == SYM_INV:
                inv.append(value)
            elif kind == SYM_FACE:
                faces.append(value)
            elif kind == SYM_SANITY:
                sanity += value
            elif kind == SYM_STAMINA:
                stamina += value
            else:
                clock += value
        self.inv = tuple(inv)          # investigation totals, one per Investigation symbol
        self.faces = tuple(faces)      # accepted-face bits, one per Lore/Peril/Terror/split symbol
        self.sanity = sanity
        self.stamina = stamina
        self.clock = clock

    def dice_symbols(self):
        """How many symbols need dice (costs need none)."""
        return len(self.inv) + len(self.faces)

    def __eq__(self, other):
        return isinstance(other, Task) and self.symbols == other.symbols

    def __hash__(self):
        return hash(self.symbols)


class Card:
    """An adventure: its tasks and whether they must be completed top to bottom."""

    def __init__(self, tasks, ordered):
        self.tasks = tuple(tasks)
        self.ordered = bool(ordered)

    def __eq__(self, other):
        return isinstance(other, Card) and self.tasks == other.tasks and self.ordered == other.ordered

    def __hash__(self):
        return hash((self.tasks, self.ordered))

    def __repr__(self):
        return "Card(%r)" % str(self)

    def __str__(self):
        from .notation import format_card
        return format_card(self)
