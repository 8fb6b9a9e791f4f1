"""Every library card at the menu's first situations on the QEMU firmware with the C core: board
time in instructions (`-icount shift=0`: the board's microseconds are thousands of instructions),
RP2040 milliseconds by the time model (kernel/eldersign/boardcost.py: 125 MHz, fitted cycles per
Cortex-M3 instruction), the solver that answered (C, or the pure-Python fallback) and the C stack's
deepest use (escore.stack_paint / stack_peak: bytes from the top, the script's Python calls and the
core's).

The workspace is taken as the menu takes it: one block (nativesolver.take_block with the app's
BLOCK_MOST and BLOCK_KEEP) from the heap when a card is chosen, and a solver for the card in that
block (a card whose set-up finds no room beside the block is set up first and the block taken
again, nativesolver.solver_beside_block).

    python benchmarks/native_library.py              # the table of benchmarks/README.md (minutes)
    python benchmarks/native_library.py --every 10   # every 10th card
"""

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))
sys.path.insert(0, str(REPO))
import qemuboard  # noqa: E402

SITUATIONS = [("6G f1", (6, 0, 0, (), 1, 0, 0)), ("6G+Y+R f1", (6, 1, 1, (), 1, 0, 0))]
BUDGET_MS = 2000
CHUNK = 20                     # cards a boot's script

SCRIPT = r"""
import gc, time, json, escore
from kernel.eldersign import nativesolver
from kernel.eldersign.notation import parse_card
cards = %(cards)s
class Menu:                     # holds the block as the app does (its only reference)
    block = None
menu = Menu()
for name, notation, terror in cards:
    menu.block = None           # the menu lets the block go and takes one when a card is chosen
    gc.collect()
    menu.block = nativesolver.take_block(%(most)d, %(keep)d)
    row = [name, notation]
    for label, ctx in %(sits)s:
        ctx = tuple(ctx[:3]) + (tuple(ctx[3]),) + tuple(ctx[4:])
        gc.collect()
        try:
            s = nativesolver.solver_beside_block(
                lambda b: nativesolver.board_solver(parse_card(notation), terror, 0, 0, b), menu, %(most)d, %(keep)d)
            at = escore.stack_paint()
            t = time.ticks_us()
            v = s.values(ctx)
            d = time.ticks_diff(time.ticks_us(), t)
            row += [d, s.fallbacks, at, escore.stack_peak(), v[s.full_state]]
        except MemoryError:     # no heap for the set-up even with the block let go
            row += [None, None, None, None, None]
        s = v = None
    print("BLOCK", len(menu.block) if menu.block is not None else 0)
    print("ROW", json.dumps(row))
"""


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--every", type=int, default=1, help="every Nth library card (default: all)")
    args = parser.parse_args(argv)
    from kernel.eldersign import boardcost
    sys.path.insert(0, str(REPO / "micropython"))
    path, why = qemuboard.build()
    if path is None:
        sys.exit(why)
    import re
    app = (REPO / "micropython" / "app.py").read_text()
    most = eval(re.search(r"^BLOCK_MOST = (.+)$", app, re.M).group(1))
    keep = eval(re.search(r"^BLOCK_KEEP = (.+)$", app, re.M).group(1))
    from eldritch.kernel.eldersign import library
    from eldritch.kernel.eldersign.situation import terror_code
    cards = [(a.name, a.notation, terror_code(a.terror)) for a in library.load()[::args.every]]
    board = qemuboard.QemuBoard(flash=REPO / "build" / "firmware" / "native_library.img", fresh=True)
    board.start()
    out = ""
    try:
        for i in range(0, len(cards), CHUNK):     # a fresh heap a chunk, its block taken first
            out += board.run(SCRIPT % {"most": most, "keep": keep, "cards": repr(cards[i:i + CHUNK]),
                                       "sits": json.dumps([[n, list(c)] for n, c in SITUATIONS])},
                             soft_reset=True, timeout=3600).decode()
            print("%d of %d cards" % (min(i + CHUNK, len(cards)), len(cards)), file=sys.stderr)
    finally:
        board.stop()
    rows = [json.loads(line[4:]) for line in out.splitlines() if line.startswith("ROW ")]
    block = [line for line in out.splitlines() if line.startswith("BLOCK ")]
    if not rows:
        sys.exit(out[-2000:])
    sizes = [int(b.split()[1]) for b in block]
    print("workspace block: %d to %d bytes (smaller where a card was set up first)" % (min(sizes), max(sizes)))
    print("| card | " + " | ".join("%s: M instructions, ms, solver, C stack" % n for n, _ in SITUATIONS) + " |")
    print("|---|" + "---|" * len(SITUATIONS))
    worst, over, nomem, stack = [0] * len(SITUATIONS), [0] * len(SITUATIONS), [0] * len(SITUATIONS), 0
    for row in rows:
        cells = []
        for k in range(len(SITUATIONS)):
            us, fallbacks, at, peak, _ = row[2 + 5 * k:7 + 5 * k]
            if us is None:
                nomem[k] += 1
                cells.append("out of heap")
                continue
            ms = boardcost.rp2040_ms(us)
            worst[k] = max(worst[k], ms)
            over[k] += ms > BUDGET_MS
            stack = max(stack, peak)
            cells.append("%.1f, %d, %s, %d" % (us / 1000, ms, "Python" if fallbacks else "C", peak))
        print("| %s | %s |" % (row[0].replace("|", "\\|"), " | ".join(cells)))
    for k, (name, _) in enumerate(SITUATIONS):
        print("%s: %d cards, slowest %d ms, %d over %d ms, %d out of heap" %
              (name, len(rows), worst[k], over[k], BUDGET_MS, nomem[k]))
    print("C stack: deepest %d bytes from the top" % stack)


if __name__ == "__main__":
    main()
