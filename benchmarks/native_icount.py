"""Board time of the third backend: instructions of a question on the QEMU firmware (`make
firmware`, `-icount shift=0`: the board's microseconds are thousands of instructions) answered by
the C core (`escore`, kernel/eldersign/nativesolver.py) and by the pure-Python solver, measured in
the same boot, one solver a question from a collected heap; with the workspace each took.

    python benchmarks/native_icount.py        # prints the table of benchmarks/README.md
"""

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))
import qemuboard  # noqa: E402

QUESTIONS = [("I3 > P P > L L", (4, 0, 0, (), 0, 0, 0)), ("I3 > P P > L L", (6, 0, 0, (), 1, 0, 0)),
             ("I3 > P P > L L", (3, 0, 0, (), 0, 0, 1)), ("L L L | L I3", (5, 0, 0, (), 0, 0, 0)),
             ("L L L | L I3", (4, 1, 0, (), 1, 0, 0)), ("T T P | L I4", (3, 1, 0, (), 0, 1, 0)),
             ("I4 L | P T", (3, 0, 1, (), 0, 0, 1))]

SCRIPT = r"""
import gc, time, json
from kernel.eldersign import nativesolver
from kernel.eldersign.solver import Solver
from kernel.eldersign.notation import parse_card
from array import array
for nota, ctx in %s:
    ctx = tuple(ctx[:3]) + (tuple(ctx[3]),) + tuple(ctx[4:])
    row = [nota, ctx]
    for kind in ("native", "python"):
        gc.collect()
        card = parse_card(nota)
        if kind == "native":
            s = nativesolver.board_solver(card)
            lim = nativesolver.limits_of(ctx[0], ctx[1], ctx[2], 0, ctx[4], ctx[5], ctx[6])
            need = nativesolver.escore.size(s._card, bytes(array("i", lim + [1])))
            if need > 150000:       # no heap for it: the Python solver's answer would be timed twice
                row += [None, None, need, None]
                continue
        else:
            s = Solver(card, lean=True)
        t = time.ticks_us()
        v = s.values(ctx)
        d = time.ticks_diff(time.ticks_us(), t)
        row += [v[s.full_state], getattr(s, "fallbacks", None), getattr(s, "workspace_bytes", None), d]
        s = v = None
    print("ROW", json.dumps(row))
"""


def main():
    path, why = qemuboard.build()
    if path is None:
        sys.exit(why)
    board = qemuboard.QemuBoard(flash=REPO / "build" / "firmware" / "native_icount.img", fresh=True)
    board.start()
    try:
        out = board.run(SCRIPT % json.dumps([[n, list(c)] for n, c in QUESTIONS]), soft_reset=True,
                        timeout=3600).decode()
    finally:
        board.stop()
    print("| card | pool, uses | C core: M instructions | workspace | pure Python: M instructions | ratio |")
    print("|---|---|---|---|---|---|")
    for line in out.splitlines():
        if not line.startswith("ROW "):
            continue
        nota, ctx, cv, cfb, cws, cus, pv, _, _, pus = json.loads(line[4:])
        g, y, r, _, f, s, c = ctx
        nota = nota.replace("|", "\\|")       # a pipe in a table cell
        pool = "%dG%s%s f%d s%d c%d" % (g, "+Y" if y else "", "+R" if r else "", f, s, c)
        if cus is None or cfb:
            print("| `%s` | %s | no workspace (%s) | - | %.1f | - |" % (nota, pool, "%d KB" % (cws // 1024) if cws
                                                                          else "heap", pus / 1000))
            continue
        assert cv == pv, (nota, ctx)
        print("| `%s` | %s | %.2f | %.1f KB | %.1f | %.1fx |" % (nota, pool, cus / 1000, cws / 1024, pus / 1000,
                                                              pus / cus))


if __name__ == "__main__":
    main()
