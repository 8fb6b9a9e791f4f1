"""Exactness check for C core changes: one sha256 over every value vector of four spells/clues
contexts on the 65 Core + Other Worlds cards (or every 13th card with `five`), and the pairs.
Run it on the build before and after a change; the hashes must be equal (the parity corpus
compares C with the fallback on small questions; this covers the table-scale contexts).

    .venv/bin/python benchmarks/values_hash.py all
"""

import hashlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import suites  # noqa: E402
from eldritch.backend.cbackend import CSolver  # noqa: E402
from eldritch.kernel.eldersign.situation import terror_code  # noqa: E402

CONTEXTS = [(7, 1, 1, (), 1, 1, 1), (6, 1, 1, (), 0, 1, 1), (6, 1, 1, (), 2, 0, 2), (5, 1, 1, (), 1, 2, 1)]


def main():
    which = sys.argv[1] if len(sys.argv) > 1 else "all"
    if which not in ("all", "five"):
        raise SystemExit("usage: values_hash.py all|five")
    cards = suites.CORE_OW if which == "all" else suites.CORE_OW[::13]
    digest = hashlib.sha256()
    pairs = 0
    for ctx in CONTEXTS:
        for adv in cards:
            solver = CSolver(adv.card(), terror_code(adv.terror))
            digest.update(repr(solver.values(ctx)).encode())
            pairs += solver.pairs
    print(digest.hexdigest(), pairs)


if __name__ == "__main__":
    main()
