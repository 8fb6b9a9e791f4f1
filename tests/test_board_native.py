"""The board's third backend: the C core as the firmware's `escore` module (micropython/escore/,
kernel/eldersign/nativesolver.py), `==` the host's C core.

- On the host: nativesolver.pack_card gives the es_card the core's own esc_compile makes (the board
  packs the kernel Solver's set-up instead of compiling the card in C), and the board's build of
  the core (the compact layout with the portable arithmetic, host/backend/_core_build.py --board) answers
  a corpus `==` the host's fast build.
- On the QEMU firmware (`make firmware`, skipped with its reason when this machine cannot build
  it): a parity corpus that covers every kind of question (ordered and unordered cards, task costs
  with sanity and stamina, each terror effect, focus, spells, clues, spells with clues, roll values
  and a clue reroll's keep values) answered by NativeSolver on the board, every answer from C (no
  question fell back to the pure-Python solver), `==` the host's C core; and the menu's advice read
  from the C memo (NativeSolvedCard) `==` SolvedCard flattened from the pure-Python solver's, at each
  decision of whole adventures (in a boot of its own: it holds both solvers at once); and Lights
  Out with a clue through the board CLI: the host's exact value within 2.7 G instructions, and the
  C stack at its deepest (painted) within the Pico's 8 KB.
- On the host, the board's build of the core `==` the fast build on spells and clues, and a solve
  stopped every few thousand pairs (as the board runs one) resuming where it stopped.
"""

import json
import os
import re
import sys

import pytest

from conftest import REPO
from eldritch.backend import available

if "c" not in available():
    if os.environ.get("ELDRITCH_REQUIRE_C") == "1":
        raise RuntimeError("ELDRITCH_REQUIRE_C=1 but the C core is not built")
    pytest.skip("C core not built", allow_module_level=True)

from eldritch.backend import cbackend  # noqa: E402
from eldritch.backend.cbackend import CSolver, ffi  # noqa: E402
from eldritch.kernel.eldersign import library  # noqa: E402
from eldritch.kernel.eldersign.nativesolver import pack_card  # noqa: E402
from eldritch.kernel.eldersign.notation import format_card  # noqa: E402
from eldritch.kernel.eldersign.situation import terror_code  # noqa: E402
from eldritch.kernel.eldersign.solver import Solver  # noqa: E402

sys.path.insert(0, str(REPO / "tools"))
import qemuboard  # noqa: E402

pytestmark = pytest.mark.xdist_group("qemu")       # the QEMU tests' worker
ADVENTURES = library.load()


def _corpus():
    """(name, notation, terror, sanity, stamina, contexts): small pools (the board's workspace for
    each fits its heap), every kind of question."""
    ordered = [a for a in ADVENTURES if a.card().ordered][:3]
    plain = [a for a in ADVENTURES if not a.card().ordered][::60][:4]
    terror = [a for a in ADVENTURES if a.terror != "none"][:2]
    costs = [a for a in ADVENTURES if any(t.sanity or t.stamina for t in a.card().tasks)][:2]
    out = []
    ctxs = [(4, 0, 0, (), 0, 0, 0), (3, 1, 0, (), 1, 0, 0), (2, 1, 0, (), 0, 1, 0), (3, 0, 0, (), 0, 0, 1),
            (2, 0, 1, (), 0, 0, 1), (2, 0, 0, (), 0, 1, 1)]
    for a in ordered + plain + terror:
        out.append((a.name, format_card(a.card()), terror_code(a.terror), 0, 0, ctxs))
    for a in costs:
        out.append((a.name + " (sanity 3, stamina 3)", format_card(a.card()), terror_code(a.terror), 3, 3,
                    ctxs[:3]))
    for name in ("none", "fail", "discard"):
        out.append(("T T P | L I4, terror " + name, "T T P | L I4", terror_code(name), 0, 0, ctxs[:3]))
    return out


CORPUS = _corpus()
# the advice compared: (notation, terror, Situation's first six values: pool, focus, spells, clues)
ADVICE = [("I3 > P P > L L", 0, (4, True, False, 1, 0, 0)), ("L L L | L I3", 0, (4, False, True, 2, 0, 0)),
          ("T T P | L I4", 2, (3, True, True, 1, 0, 0)), ("I4 | T T", 1, (4, False, False, 1, 0, 0))]
# roll questions: (notation, ctx, green faces by face, yellow face, red face)
ROLLS = [("I3 > P P > L L", (3, 0, 0, (), 0, 0, 1), [0, 1, 1, 0, 0, 1, 0, 0], -1, -1),
         ("L L L | L I3", (3, 0, 0, (), 0, 0, 1), [0, 0, 1, 0, 2, 0, 0, 0], -1, -1),
         ("I4 | T T", (3, 1, 0, (), 0, 1, 0), [0, 0, 0, 0, 0, 0, 3, 0], 1, -1)]


# ----- the board's build of the core on the host --------------------------------------------------


@pytest.fixture(scope="module")
def board_core(tmp_path_factory):
    """The board's build of the core (host/backend/_core_build.py --board: the compact layout with the
    portable arithmetic, the same source files micropython/escore/ compiles): ELDRITCH_BOARD_CORE_DIR
    when given (make portable builds it in build/board-core), else built here (about 10 s)."""
    import glob
    import importlib.util
    path = os.environ.get("ELDRITCH_BOARD_CORE_DIR")
    if not path:
        sys.path.insert(0, str(REPO / "host" / "backend"))
        try:
            import _core_build
        finally:
            sys.path.pop(0)
        path = str(tmp_path_factory.mktemp("board-core"))
        _core_build.build_portable(path, board=True)
    found = sorted(glob.glob(os.path.join(path, "_core*.so")))
    assert found, "no _core module in %s" % path
    spec = importlib.util.spec_from_file_location("_core", found[0])
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.lib.es_compact() == 1 and mod.lib.es_portable128() == 1
    mod.ffi.def_extern(name="es_py_progress", onerror=lambda exception, value, traceback: 1)(
        cbackend.es_py_progress)
    return mod


def _with_core(monkeypatch, mod):
    """cbackend's CSolver on another build of the core (its ffi and lib, a pool of its own)."""
    monkeypatch.setattr(cbackend, "ffi", mod.ffi)
    monkeypatch.setattr(cbackend, "lib", mod.lib)
    monkeypatch.setattr(cbackend, "_POOL", cbackend.WorkspacePool())


BOARD_QUESTIONS = [("I3 > P P > L L", 0, (6, 1, 1, (), 1, 0, 1)), ("L L L | L I3", 0, (5, 1, 0, (), 1, 1, 1)),
                   ("T T P | L I4", 2, (4, 1, 1, (), 1, 1, 1)), ("I4 | T T", 1, (5, 0, 1, (), 2, 0, 2))]


def test_the_boards_core_equals_the_fast_core(board_core, monkeypatch):
    """The compact layout (spells and clues solved slice by slice, a state at a time) gives the fast
    build's integers: values, roll values and keep values at spells and clues."""
    from eldritch.kernel.eldersign.notation import parse_card

    def answers(notation, terror, ctx):
        s = CSolver(parse_card(notation), terror)
        out = [s.values(ctx)]
        gf = [0] * 8
        gf[s.classes[0][0][0]] = 2
        gf[s.classes[0][-1][0]] += ctx[0] - 2
        yf = s.classes[1][-1][0] if ctx[1] else -1
        rf = s.classes[2][0][0] if ctx[2] else -1
        out.append(s.roll_values(ctx, gf, yf, rf))
        out.append(s.keep_all(ctx, gf, yf, rf)._flat)
        return out
    fast = [answers(*q) for q in BOARD_QUESTIONS]
    _with_core(monkeypatch, board_core)
    assert [answers(*q) for q in BOARD_QUESTIONS] == fast


def test_a_stopped_solve_resumes_where_it_stopped(board_core, monkeypatch):
    """The board stops a long solve every few thousand pairs (its progress and B between calls) and
    calls again: the answer is the same, and the first passes of the contexts that were open resume
    where they stopped (pass rows are counted once: the work is within a few percent of a solve
    never stopped; redone from their start, Lights Out's took a third more)."""
    from eldritch.kernel.eldersign.notation import parse_card
    _with_core(monkeypatch, board_core)
    monkeypatch.setattr(cbackend, "REPORT_EVERY", 3000)
    for notation, terror, ctx in BOARD_QUESTIONS[:2]:
        whole = CSolver(parse_card(notation), terror)
        want = whole.values(ctx)
        s = CSolver(parse_card(notation), terror)
        calls = [0]
        kept = [0]

        def kept_now():
            w = cbackend.ffi.new("es_work *")
            assert cbackend.lib.ess_work(s._wsp, w) == 0
            return w.contexts + w.saved

        def stop(pairs):
            # the board's rule (micropython/escore/escore.c): stop once something is kept since the
            # call began, so that every call gets further
            calls[0] += 1
            if calls[0] % 2 == 0 and kept_now() > kept[0]:
                raise KeyboardInterrupt
        s.progress = stop
        stops = 0
        while True:
            try:
                if s._wsp is not None:
                    kept[0] = kept_now()
                got = s.values(ctx)
                break
            except KeyboardInterrupt:
                stops += 1
        assert got == want and stops >= 5, (notation, stops)
        assert s.pairs <= whole.pairs * 21 // 20, (notation, s.pairs, whole.pairs)


def test_the_packed_card_is_the_cores_compiled_card():
    """The board packs the kernel Solver's set-up; the host's C core compiles the same card itself
    (esc_compile): the same es_card, field by field."""
    for a in ADVENTURES[::7]:
        code = terror_code(a.terror)
        py = Solver(a.card(), code, 2, 3, lean=True)
        c = CSolver(a.card(), code, 2, 3)
        blob = pack_card(py)
        card = ffi.new("es_card *")
        ints = memoryview(blob)[:67 * 4].cast("i")
        assert list(ints[:4]) == [c._card.ntasks, c._card.nstates, c._card.empty_state, c._card.terror]
        assert list(ints[4:7]) == list(c._card.nclasses)
        want_faces = [c._card.class_face[k][j] if j < c._card.nclasses[k] else 0 for k in range(3) for j in range(8)]
        want_weights = [c._card.class_weight[k][j] if j < c._card.nclasses[k] else 0 for k in range(3) for j in range(8)]
        assert list(ints[7:31]) == want_faces and list(ints[31:55]) == want_weights
        assert list(ints[55:61]) == list(c._card.nallowed) and list(ints[61:67]) == list(c._card.nfacesets)
        allowed = blob[67 * 4:67 * 4 + 768]
        for t in range(6):
            for k in range(c._card.nallowed[t]):
                assert allowed[(t * 64 + k) * 2:(t * 64 + k) * 2 + 2] == bytes(c._card.allowed[t][k])
        assert blob[67 * 4 + 768:] == bytes(ffi.buffer(c._fs_buf, c.nfacesets * 8)), a.name
        del card


# ----- on the QEMU firmware --------------------------------------------------------------------

BOARD_SCRIPT = r"""
import json, gc
from kernel.eldersign import nativesolver
from kernel.eldersign.notation import parse_card
print("NATIVE", json.dumps({"escore": nativesolver.escore is not None,
                            "portable": nativesolver.escore.portable() if nativesolver.escore else -1}))
for notation, ctx, gf, yf, rf in %(rolls)s:
    s = nativesolver.board_solver(parse_card(notation))
    ctx = tuple(ctx[:3]) + (tuple(ctx[3]),) + tuple(ctx[4:])
    rv = list(s.roll_values(ctx, gf, yf, rf))
    kv = None
    if ctx[6]:
        at = s.keep_values_at(ctx, gf, yf, rf, s.full_state)
        kv = sorted([[list(k[0]), k[1], k[2], at[k]] for k in at])
    print("ROLL", json.dumps([notation, rv, kv, s.fallbacks]))
    s = None
    gc.collect()
for name, notation, terror, sanity, stamina, ctxs in %(corpus)s:
    for c in ctxs:
        # a solver a question, as the board CLI makes one (its workspace sized for that question);
        # each answer printed at once (kept values would scatter long ints between workspaces)
        gc.collect()
        s = nativesolver.board_solver(parse_card(notation), terror, sanity, stamina)
        v = s.values(tuple(c[:3]) + (tuple(c[3]),) + tuple(c[4:]))
        print("ANSWER", json.dumps([name, c, list(v), s.fallbacks, type(s).__name__]))
        s = v = None
"""

# the board's advice from the C memo (NativeSolvedCard) against SolvedCard flattened from the
# pure-Python solver's memo, decision by decision of whole adventures played by their best option:
# in a boot of its own (it holds both solvers at once, and the corpus leaves the heap fragmented).
# The C core's workspace is one block taken first, as the menu takes one (of the size these cards
# need: the pure-Python solver's memo takes the rest of the heap); workspaces made card by card
# would depend on where the previous card's objects left holes.
ADVICE_SCRIPT = r"""
import json, gc
gc.collect()
block = bytearray(48 * 1024)
from kernel.eldersign import nativesolver
from kernel.eldersign.notation import parse_card
from kernel.eldersign.adventure import Adventure, Workspace, MAX_ACTIONS, ACT_ROLL, P_DECIDE, P_ROLL
from kernel.eldersign.oddstable import SolvedCard
from kernel.eldersign.solver import Solver, situation_value
from kernel.eldersign.situation import Situation
from array import array
acts = array("i", range(MAX_ACTIONS))
work = Workspace()
h1 = array("i", [0, 0])
h2 = array("i", [0, 0])
for notation, terror, sit in %(advice)s:
    sit = Situation(sit[0], sit[1], sit[2], sit[3], sit[4], sit[5], terror)
    card = parse_card(notation)
    nat = nativesolver.board_solver(card, terror, 0, 0, block)
    situation_value(nat, sit)
    py = Solver(card, terror, lean=True)
    situation_value(py, sit)
    a = nat.solved_card()
    b = SolvedCard(py)
    same = 0
    differ = []
    for seed in range(6):
        adv = Adventure(notation, sit, seed + 1, work)
        steps = 0
        while not adv.is_terminal() and steps < 60:
            steps += 1
            if adv.phase() == P_ROLL:
                adv.apply(ACT_ROLL)
                continue
            n = adv.legal_actions(acts)
            i = a.best(adv, acts, n, h1)
            j = b.best(adv, acts, n, h2)
            if i == j and h1[0] == h2[0] and h1[1] == h2[1]:
                same += 1
            else:
                differ.append([seed, steps, i, j])
            if j < 0:
                break
            adv.apply(acts[j])
    print("ADVICE", json.dumps([notation, type(a).__name__, nat.fallbacks, same, differ[:3]]))
    a = b = nat = py = None
    gc.collect()
"""


# the menu's block (micropython/app.py BLOCK_MOST, BLOCK_KEEP) and cards with the largest Python
# set-ups (their minimal face sets): each is set up beside the app's block; and beside a block that
# leaves TIGHT bytes, where it is not, it is set up first and the block taken again
# (nativesolver.solver_beside_block)
BESIDE_CARDS = ["Lost Explorer", "Corner Gift Shop", "The Pillar of Secrets", "The Darkest Night"]
BESIDE_CTX = (6, 1, 1, (), 1, 0, 0)
TIGHT = 6 * 1024
BESIDE_SCRIPT = r"""
import json, gc
from kernel.eldersign import nativesolver
from kernel.eldersign.notation import parse_card
class Menu:                     # holds the block as the app does (its only reference)
    block = None
menu = Menu()
for notation, terror in %(cards)s:
    make = lambda b: nativesolver.board_solver(parse_card(notation), terror, 0, 0, b)
    menu.block = None
    gc.collect()
    menu.block = nativesolver.take_block(%(most)d, %(keep)d)
    try:
        make(menu.block)
        fits = True
    except MemoryError:
        fits = False
    menu.block = None
    gc.collect()
    menu.block = nativesolver.take_block(%(most)d, %(tight)d)
    first = len(menu.block)
    s = nativesolver.solver_beside_block(make, menu, %(most)d, %(keep)d)
    v = s.values(%(ctx)r)
    print("BESIDE", json.dumps([notation, fits, first, len(menu.block), s.fallbacks, v]))
    s = v = None
"""


def _app_block():
    """(BLOCK_MOST, BLOCK_KEEP) of the board's app, read from its source (it is the board's module)."""
    app = (REPO / "micropython" / "app.py").read_text()
    return tuple(eval(re.search(r"^%s = (.+)$" % name, app, re.M).group(1)) for name in ("BLOCK_MOST", "BLOCK_KEEP"))


def _beside_cards():
    by_name = {a.name: a for a in library.load()}
    return [(by_name[n].notation, terror_code(by_name[n].terror)) for n in BESIDE_CARDS]


@pytest.fixture(scope="module")
def firmware():
    path, why = qemuboard.build()
    if path is None:
        pytest.skip(why)
    return path


@pytest.fixture(scope="module")
def board_answers(firmware, tmp_path_factory):
    board = qemuboard.QemuBoard(flash=tmp_path_factory.mktemp("native") / "flash.img", fresh=True)
    board.start()
    try:
        corpus = [list(e) for e in CORPUS]
        rolls = [list(r) for r in ROLLS]
        out = board.run(BOARD_SCRIPT % {"corpus": json.dumps(corpus), "rolls": json.dumps(rolls)},
                        soft_reset=True, timeout=1200).decode()
        out += board.run(ADVICE_SCRIPT % {"advice": repr(ADVICE)}, soft_reset=True, timeout=1200).decode()
        most, keep = _app_block()
        out += board.run(BESIDE_SCRIPT % {"cards": repr(_beside_cards()), "most": most, "keep": keep,
                                          "tight": TIGHT, "ctx": BESIDE_CTX}, soft_reset=True, timeout=1200).decode()
    finally:
        board.stop()
    lines = {"ANSWER": [], "ROLL": [], "NATIVE": [], "ADVICE": [], "BESIDE": []}
    for line in out.splitlines():
        kind, _, rest = line.partition(" ")
        if kind in lines:
            lines[kind].append(json.loads(rest))
    return lines


def test_the_native_advice_equals_the_flattened_pythons_on_the_firmware(board_answers):
    """The menu's advice from a solved card (its best option and value at each decision) read from the
    C core's memo is SolvedCard's flattened from the pure-Python solver's, decision by decision."""
    got = board_answers["ADVICE"]
    assert len(got) == len(ADVICE)
    for (notation, kind, fallbacks, same, differ) in got:
        assert kind == "NativeSolvedCard" and fallbacks == 0, notation
        assert differ == [] and same >= 10, (notation, same, differ)


def test_the_largest_set_ups_fit_beside_the_menus_block(board_answers):
    """The menu takes the C core's block when a card is chosen and leaves BLOCK_KEEP beside it; the
    cards with the largest Python set-ups (minimal face sets, the packed card) are set up there."""
    got = board_answers["BESIDE"]
    assert [(n, fits) for n, fits, *_ in got] == [(n, True) for n, _ in _beside_cards()]


def test_a_card_with_no_room_beside_the_block_is_set_up_first(board_answers):
    """Beside a block that leaves too little heap, the set-up runs with the block let go, and the
    block is taken again from what is left (smaller): the answer comes from C in it, `==` the host's
    C core."""
    got = board_answers["BESIDE"]
    assert len(got) == len(BESIDE_CARDS)
    for (notation, terror), (bnotation, fits, first, size, fallbacks, vals) in zip(_beside_cards(), got):
        assert bnotation == notation and fallbacks == 0, notation
        assert size < first, (notation, first, size)
        assert vals == CSolver(_card(notation), terror).values(BESIDE_CTX), notation


def test_the_firmware_has_the_native_module(board_answers):
    assert board_answers["NATIVE"] == [{"escore": True, "portable": 1}]


def test_the_parity_corpus_on_the_firmware_equals_the_hosts_c_core(board_answers):
    got = board_answers["ANSWER"]
    want = [(name, notation, terror, sanity, stamina, ctx)
            for name, notation, terror, sanity, stamina, ctxs in CORPUS for ctx in ctxs]
    assert len(got) == len(want)
    native = set()
    for (name, notation, terror, sanity, stamina, ctx), (bname, bctx, vals, fallbacks, kind) in zip(want, got):
        assert bname == name and kind == "NativeSolver"
        c = CSolver(_card(notation), terror, sanity, stamina)
        assert vals == c.values(ctx), (name, ctx)
        if not fallbacks:
            native.add((ctx[4] > 0, ctx[5] > 0, ctx[6] > 0, ctx[1] + ctx[2] > 0, terror, sanity > 0))
    # C answered every question (none fell back to the pure-Python solver for want of a
    # workspace): focus, spells, clues, spells with clues, yellow or red dice, each terror effect
    # and the costs' limits
    assert [g[:2] for g in got if g[3]] == []
    assert {k[:3] for k in native} >= {(True, False, False), (False, True, False), (False, False, True),
                                       (False, True, True)}
    assert {k[3] for k in native} == {True, False} and {k[4] for k in native} == {0, 1, 2}
    assert True in {k[5] for k in native}


def test_roll_and_keep_values_on_the_firmware_equal_the_hosts(board_answers):
    got = board_answers["ROLL"]
    assert len(got) == len(ROLLS)
    for (notation, ctx, gf, yf, rf), (bnot, rv, kv, fallbacks) in zip(ROLLS, got):
        assert bnot == notation and fallbacks == 0, notation
        c = CSolver(_card(notation))
        assert rv == c.roll_values(ctx, gf, yf, rf)
        if ctx[6]:
            table = c.keep_all(ctx, gf, yf, rf)
            want = {}
            for kept, yk, rk, value in kv:
                want[(tuple(kept), yk, rk)] = table.value(kept, yk, rk)[c.full_state]
            assert {(tuple(k), yk, rk): v for k, yk, rk, v in kv} == want
            assert len(kv) > 1


def _card(notation):
    from eldritch.kernel.eldersign.notation import parse_card
    return parse_card(notation)


# ----- Lights Out with a clue on the firmware: the value, the instructions, the C stack -----------

PICO_C_STACK = 8192                 # the rp2 port's C stack (PICO_STACK_SIZE)
APP_ROOM = 1024                     # left for the menu's Python calls above the board CLI's
LIGHTS_OUT = ["odds", "I3 > P P > L L", "--green", "6", "--yellow", "--red", "--clues", "1", "--json"]
LIGHTS_SCRIPT = r"""
import escore, time, json, cli
from kernel.eldersign import nativesolver
deep = []
class Painted:
    # escore with its stack painted before each call and measured after (65,536 bytes below the
    # top: the QEMU board has megabytes of RAM below its 10 KB stack, the Pico does not)
    def __getattr__(self, name):
        return getattr(escore, name)
    def values(self, *args):
        at = escore.stack_paint(65536)
        r = escore.values(*args)
        deep.append((at, escore.stack_peak(65536)))
        return r
nativesolver.escore = Painted()
t = time.ticks_us()
rc = cli.main(%r)
d = time.ticks_diff(time.ticks_us(), t)
print("LIGHTS", json.dumps([rc, d, len(deep), max(a for a, _ in deep), max(p for _, p in deep),
                            max(p - a for a, p in deep)]))
"""


@pytest.fixture(scope="module")
def lights_out(firmware, tmp_path_factory):
    board = qemuboard.QemuBoard(flash=tmp_path_factory.mktemp("lights") / "flash.img", fresh=True)
    board.start()
    try:
        out = board.run(LIGHTS_SCRIPT % (LIGHTS_OUT,), soft_reset=True, timeout=1200).decode()
    finally:
        board.stop()
    answer = json.loads([ln for ln in out.splitlines() if ln.startswith("{")][-1])
    figures = json.loads([ln for ln in out.splitlines() if ln.startswith("LIGHTS ")][-1][7:])
    return answer, figures


def test_lights_out_with_a_clue_on_the_firmware_is_the_hosts_within_the_instructions(lights_out):
    """The board CLI's Lights Out at 6 green, yellow, red, focus 1 and a clue: the host's exact value,
    from C, in at most 2.7 G Cortex-M3 instructions (-icount shift=0: a board microsecond is a
    thousand instructions)."""
    answer, (rc, kinstr, calls, _, _, _) = lights_out
    assert rc == 0 and calls > 0
    c = CSolver(_card("I3 > P P > L L"))
    want = c.values((6, 1, 1, (), 1, 0, 1))[c.full_state]
    num, den = (int(p) for p in answer["exact"].split("/"))
    assert num * (1 << 48) == want * den
    assert kinstr <= 2_700_000


def test_the_deepest_c_stack_fits_the_picos(lights_out):
    """The C stack at its deepest during the heaviest question the menu offers (painted on the
    QEMU board): the board CLI's Python calls and the core's nesting, with room for the menu's
    deeper calls, within the Pico's 8 KB."""
    _, (_, _, _, at_call, peak, core) = lights_out
    assert 0 < at_call < core
    assert peak + APP_ROOM <= PICO_C_STACK, (at_call, core, peak)


def test_every_recursion_of_the_core_has_a_bound():
    """tools/stackdepth.py compiles the board's build for the Pico with gcc's call graph: every
    recursive function of the core is one whose depth the limits bound (a new recursion fails here
    until its bound is written down), and no frame is dynamic (alloca or a variable array)."""
    import shutil
    if shutil.which("arm-none-eabi-gcc") is None:
        pytest.skip("arm-none-eabi-gcc not installed (make fw-tools)")
    import stackdepth
    table = stackdepth.entry_points("cortex-m0plus")
    assert table["ess_values"] > 0 and table["ess_init"] > 0
