"""The C core's deepest C stack on the board, bounded from the compiler's own figures.

The board's build of the core (csrc/es_core.c and es_solve.c with -DES_COMPACT, as
micropython/escore/ compiles them) is compiled here for the Pico's Cortex-M0+ (and the QEMU board's
Cortex-M3) with `-fstack-usage -fcallgraph-info=su`: gcc writes every function's frame and every
call. A call graph without recursion has a deepest path; the core has six recursions, each with a
bound that the core's limits give (checked at its API boundary, so no question can go deeper):

  - the solve (get_values and the solve it calls for an unsolved context, which asks get_values for
    each successor): one level per open context, and at most dmax + sigma + 1 contexts are open at
    once (es_solve.c's sizing: every move lowers the pool dice but a held-dice-only completion, and
    held dice are at most sigma), dmax <= ES_MAX_GREEN + 2 and sigma <= ES_MAX_HELD; and the entry
    points' own re-entry (FRAME_SLACK more);
  - pn_split and split_rec, a face set's split among the dice: one level per face of the set, at
    most ES_NFACES + 1;
  - sl_slice (with sl_utables), a slice of a context with spells or clues: each level is a spell
    child (a spell used to hold a die) or the clue level below, so at most 2 ES_MAX_USES + 1;
  - roll_single, one roll's value with spells left: each level uses a spell, at most
    ES_MAX_USES + 1;
  - gen_green, the green multisets: one level per face class, at most ES_NFACES + 1.

A recursion's cost is its bound times its heaviest simple cycle path (every frame on a path through
its functions, the most a level can take), which over-counts the levels that take a lighter path:
an upper bound, not an estimate, and a loose one: every level taking its heaviest path at the
deepest nesting any limits allow gives tens of KB, where the heaviest question the menu offers
measures under 5 KB of core stack on the QEMU board (tests/test_board_native.py paints the stack:
that is the check that it fits the Pico's 8 KB; this tool gives the frames and the recursions, and
which functions sit on a level of the nesting). A function that the graph shows recursive and this table does not
name fails the run (a new recursion needs its bound here). Calls out of the core (libgcc's 64-bit
helpers, memset, memcpy) are given EXTERNAL_BYTES each.

    python tools/stackdepth.py               # the bound for each entry point, Cortex-M0+ and M3
    python tools/stackdepth.py --json
"""

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CSRC = REPO / "csrc"
SOURCES = ("es_core.c", "es_solve.c")
CPUS = ("cortex-m0plus", "cortex-m3")
EXTERNAL_BYTES = 64          # libgcc's __aeabi_* helpers and the C library's memset/memcpy: leaf routines


def _limits():
    text = (CSRC / "eldersign.h").read_text()
    value = {k: int(re.search(r"#define %s (\d+)" % k, text).group(1))
             for k in ("ES_MAX_GREEN", "ES_MAX_HELD", "ES_MAX_USES", "ES_NFACES")}
    solve = (CSRC / "es_solve.c").read_text()
    compact = solve[solve.index("#ifdef ES_COMPACT"):]
    value["FRAME_SLACK"] = int(re.search(r"#define FRAME_SLACK (\d+)", compact).group(1))
    return value


def recursion_bounds():
    """{function: levels} for each recursion the core has (the module docstring says why)."""
    v = _limits()
    nesting = (v["ES_MAX_GREEN"] + 2) + v["ES_MAX_HELD"] + 1 + v["FRAME_SLACK"]
    return {"get_values": nesting, "pn_split": v["ES_NFACES"] + 1,
            "split_rec": v["ES_NFACES"] + 1, "sl_slice": 2 * v["ES_MAX_USES"] + 1,
            "roll_single": v["ES_MAX_USES"] + 1, "gen_green": v["ES_NFACES"] + 1}


def compile_graph(cpu, workdir):
    """({function: frame bytes}, {function: set of callees}) of the board's build for cpu."""
    frames, calls = {}, {}
    for src in SOURCES:
        obj = Path(workdir) / (src[:-2] + ".o")
        subprocess.run(["arm-none-eabi-gcc", "-mcpu=" + cpu, "-mthumb", "-Os", "-std=c99", "-ffreestanding",
                        "-DES_COMPACT", "-I" + str(CSRC), "-fstack-usage", "-fcallgraph-info=su", "-c",
                        str(CSRC / src), "-o", str(obj)], check=True, capture_output=True, text=True)
        text = obj.with_suffix(".ci").read_text()
        for title, label in re.findall(r'node: \{ title: "([^"]+)" label: "([^"]+)"', text):
            name = title.split(":")[-1]
            m = re.search(r"\\n(\d+) bytes \((\w+)", label)
            if m is None:
                frames.setdefault(name, None)          # outside the core
                continue
            if m.group(2) != "static":
                raise SystemExit("%s: a %s stack frame (alloca or a variable array)" % (name, m.group(2)))
            frames[name] = int(m.group(1))
        for a, b in re.findall(r'edge: \{ sourcename: "([^"]+)" targetname: "([^"]+)"', text):
            calls.setdefault(a.split(":")[-1], set()).add(b.split(":")[-1])
    return frames, calls


def _sccs(nodes, calls):
    """Tarjan's strongly connected components: {node: component id}, [members]."""
    index, low, on, stack, comp, members = {}, {}, set(), [], {}, []
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in calls.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp[w] = len(members)
                group.append(w)
                if w == v:
                    break
            members.append(group)

    for v in nodes:
        if v not in index:
            visit(v)
    return comp, members


def _heaviest_path(group, calls, frames):
    """The heaviest simple path inside a recursive component (frames summed): one level's most."""
    inside = set(group)
    best = 0

    def walk(v, seen, total):
        nonlocal best
        best = max(best, total)
        for w in calls.get(v, ()):
            if w in inside and w not in seen:
                walk(w, seen | {w}, total + frames[w])

    for v in group:
        walk(v, {v}, frames[v])
    return best


def bound(frames, calls):
    """{function: its deepest stack in bytes, callees included} for every function of the core."""
    bounds = recursion_bounds()
    nodes = [f for f in frames if frames[f] is not None]
    comp, members = _sccs(nodes, {f: {g for g in calls.get(f, ()) if frames.get(g) is not None}
                                  for f in nodes})
    cost = {}
    for i, group in enumerate(members):
        recursive = len(group) > 1 or group[0] in calls.get(group[0], ())
        if not recursive:
            cost[i] = frames[group[0]]
            continue
        named = [f for f in group if f in bounds]
        if len(named) != 1:
            raise SystemExit("a recursion without a bound in tools/stackdepth.py: %s" % sorted(group))
        cost[i] = bounds[named[0]] * _heaviest_path(group, calls, frames)
    deepest = {}

    def depth(i):
        if i in deepest:
            return deepest[i]
        below = 0
        for f in members[i]:
            for g in calls.get(f, ()):
                if frames.get(g) is None:
                    below = max(below, EXTERNAL_BYTES)
                elif comp[g] != i:
                    below = max(below, depth(comp[g]))
        deepest[i] = cost[i] + below
        return deepest[i]

    return {f: depth(comp[f]) for f in nodes}


def entry_points(cpu):
    """{ess_*/esc_* entry point: its deepest stack in bytes} on cpu."""
    with tempfile.TemporaryDirectory() as tmp:
        frames, calls = compile_graph(cpu, tmp)
    deep = bound(frames, calls)
    return {f: deep[f] for f in sorted(deep) if f.startswith(("ess_", "esc_", "es_"))}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="example: python tools/stackdepth.py --json")
    parser.add_argument("--json", action="store_true", help="the figures as JSON")
    args = parser.parse_args(argv)
    out = {cpu: entry_points(cpu) for cpu in CPUS}
    if args.json:
        print(json.dumps({"bounds": recursion_bounds(), "entry_points": out}, indent=1))
        return 0
    print("recursion bounds (levels): %s" % recursion_bounds())
    for cpu, table in out.items():
        worst = max(table.values())
        print("%s: deepest entry point %s, %d bytes" % (cpu, max(table, key=table.get), worst))
        for f, b in table.items():
            print("  %-28s %6d" % (f, b))
    return 0


if __name__ == "__main__":
    sys.exit(main())
