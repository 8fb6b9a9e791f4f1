"""Host side (CPython): build the board's card index and precomputed odds table from the library.

    python tools/gentables.py            # writes micropython/data/cards.tsv and odds.bin

cards.tsv: set, name, notation, terror per line in library order (the board streams it);
odds.bin: oddstable.build_table over DICE_SETS, one record per card and dice set.
"""

import os
import sys
import time

from eldritch.backend import get_backend
from eldritch.kernel.eldersign import library
from eldritch.kernel.eldersign.oddstable import build_table
from eldritch.kernel.eldersign.situation import terror_code

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(os.path.dirname(HERE), "micropython", "data")
# (green, yellow, red, focus, spells, clues): the host CLI table's dice sets at focus 0 (solving
# 7G+Y+R first fills the memo for the smaller pools), the plain 6G and 5G at focus 1 (the most asked
# on the table), then spells and clues (1 or 2 clues: the board cannot solve clue rerolls in its
# heap, so the table is where its menu finds them) on 6G+Y, 6G and 5G at focus 0 and 1
DICE_SETS = [(7, 1, 1, 0, 0, 0), (6, 1, 1, 0, 0, 0), (6, 1, 0, 0, 0, 0), (6, 0, 1, 0, 0, 0), (6, 0, 0, 0, 0, 0),
             (5, 0, 0, 0, 0, 0), (6, 0, 0, 1, 0, 0), (5, 0, 0, 1, 0, 0)] + \
    [(g, y, r, f, s, c) for (g, y, r) in ((6, 1, 0), (6, 0, 0), (5, 0, 0)) for f in (0, 1) for s in (0, 1, 2)
     for c in (0, 1, 2) if (s or c) or (g, y, r, f) == (6, 1, 0, 1)]


def card_lines(adventures):
    return "".join("%s\t%s\t%s\t%s\n" % (a.set, a.name, a.notation, a.terror) for a in adventures)


def card_values(backend, adventure):
    solver = backend.make_solver(adventure.card(), terror_code(adventure.terror))
    return [solver.value(g, y, r, f, s, c) for g, y, r, f, s, c in DICE_SETS]


def main(argv):
    limit = int(argv[1]) if len(argv) > 1 else None
    adventures = library.load()[:limit]
    backend = get_backend(notice=False)
    os.makedirs(DATA, exist_ok=True)
    with open(os.path.join(DATA, "cards.tsv"), "w") as f:
        f.write(card_lines(adventures))
    values = []
    start = time.time()
    for i, a in enumerate(adventures):
        values.append(card_values(backend, a))
        sys.stderr.write("\r%d/%d %.0fs " % (i + 1, len(adventures), time.time() - start))
    with open(os.path.join(DATA, "odds.bin"), "wb") as f:
        f.write(build_table(DICE_SETS, values))
    sys.stderr.write("\n")


if __name__ == "__main__":
    main(sys.argv)
