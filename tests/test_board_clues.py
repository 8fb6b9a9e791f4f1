"""Clues on the board: the board CLI answers clue (and spell) questions with the host's
exact integers, odds and advice on a clue reroll alike, and the board app plays with clues.

The four questions of the issue run on the MicroPython unix port (a roomy heap: its objects are
twice the board's) and, when the QEMU firmware of `make firmware` is built, on the 32-bit firmware
at the Pico's heap; each answer is compared == with the C core's (the host's answers.py on a CSolver
writes the same JSON). The smallest of them also runs at the Pico's 190 KB on the unix port: a fit
there is a fit on the board.
"""

import json
import subprocess
import sys

import pytest

from conftest import REPO, MICROPYTHON

from eldritch.kernel.eldersign import answers
from eldritch.kernel.eldersign.situation import Situation

try:
    from eldritch.backend.cbackend import CSolver
except ImportError:                         # pragma: no cover - the lead's CI builds the C core
    CSolver = None

pytestmark = [pytest.mark.skipif(not MICROPYTHON.exists(), reason="the micropython executable is "
                                 "installed by make test"),
              pytest.mark.skipif(CSolver is None, reason="the C core is not built: nothing to compare with")]

# The board CLI's limits, lifted as its own refusal suggests ("allow it with --max-seconds ...
# --max-memory ..."): kernel/eldersign/budget.py estimates a question at the unix port's speed and in
# CPython's bytes, well above what the lean solver needs on the board (the firmware's tests lift
# them the same way, tools/boardtime.py LIMITS); the answers do not depend on them.
LIMITS = ["--max-seconds", "1h", "--max-memory", "64M"]

# the four clue questions the board must answer (the CLI's defaults: focus 1, no spells or clues)
ODDS = [
    ["odds", "L L L | L I3", "--green", "6", "--clues", "1"],
    ["odds", "I3 > P P > L L", "--green", "6", "--yellow", "--red", "--clues", "1"],
    ["odds", "T T P | L I4", "--green", "6", "--yellow", "--spells", "1"],
    ["odds", "I4 L | P T", "--green", "5", "--red", "--focus", "2", "--clues", "2"],
]
# advice on a first roll of each (every reroll a clue allows is an option, with its value)
ADVISE = [
    ["advise", "L L L | L I3", "--roll", "L L I1 I2 P T", "--clues", "1", "--json"],
    ["advise", "I3 > P P > L L", "--roll", "I1 I2 P L T T y:I4 r:W", "--clues", "1", "--json"],
    ["advise", "T T P | L I4", "--roll", "T T P L I1 I2 y:I4", "--spells", "1", "--json"],
    ["advise", "I4 L | P T", "--roll", "I3 L P T I1 r:I4", "--focus", "2", "--clues", "2", "--json"],
]


def _opts(argv):
    """The board CLI's options as a dict (its own parser)."""
    sys.path.insert(0, str(REPO / "micropython"))
    try:
        import cli
    finally:
        sys.path.pop(0)
    return cli, cli.parse_args(argv)


def host_answer(argv):
    """What the board CLI must print, from the C core (same JSON writer, backend "micropython")."""
    cli, opts = _opts(argv)
    card, terror, adventure = cli.card_from(opts)

    if argv[0] == "odds":
        sit = cli.situation_from(opts, terror)
        solver = CSolver(card, sit.terror, sit.sanity, sit.stamina)
        return answers.odds_command(card, sit, solver, "micropython", adventure, True)
    sit = cli.situation_from(opts, terror, False)
    solver = CSolver(card, sit.terror, sit.sanity, sit.stamina)
    return answers.advise_command(card, sit, opts["--roll"], opts["--held"], opts["--done"], solver, "micropython",
                                  0, True)


def board_answers(commands, heap):
    """The board CLI's output for each command, one MicroPython process (unix port)."""
    script = "import sys\nsys.path.insert(0, %r)\nimport cli\n" % str(REPO / "micropython")
    for argv in commands:
        script += "print('<<<')\ncli.main(%r)\n" % (argv + LIMITS,)
    proc = subprocess.run([str(MICROPYTHON), "-X", "heapsize=%s" % heap, "-c", script], capture_output=True,
                          text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr
    return [part.strip() for part in proc.stdout.split("<<<\n")[1:]]


@pytest.mark.slow
def test_four_questions_and_their_advice_equal_the_c_core():
    commands = [q + ["--json"] for q in ODDS] + ADVISE
    got = board_answers(commands, "8M")
    for argv, text in zip(commands, got):
        assert text == host_answer(argv), argv
    # the advice lists the clue rerolls (which dice to reroll) with their values
    advice = json.loads(got[len(ODDS) + 1])
    rerolls = [o for o in advice["options"] if o["kind"] == "reroll"]
    assert len(rerolls) > 100 and all(o["action"].startswith("reroll ") for o in rerolls)


def test_a_clue_question_fits_the_pico_heap_on_the_unix_port():
    """The Curator with a clue at 6 green dice in 224 KB of the 64-bit port's heap, the CLI's and
    the kernel's code compiled from source included (the firmware has them frozen, and its objects
    are half the size): the board's 190 KB holds it (test_firmware_answers_at_the_pico_heap runs it
    there)."""
    got = board_answers([ODDS[0] + ["--json"]], "224K")
    assert got[0] == host_answer(ODDS[0] + ["--json"])


def test_board_app_plays_with_a_clue(run_micropython, tmp_path):
    """The Curator with one clue: the play screen lists every reroll a clue allows, with which dice,
    and a reroll's value is the host's keep value for that roll; no flattened card is made for it."""
    lines = run_micropython("""
sys.path.insert(0, %(mp)r)
import sim
from kernel.eldersign.notation import format_roll
W = sim.WORDS
b = sim.Board(%(mp)r + "/data", %(dir)r + "/adv.sav", 7)
for w in "a a a down down down down down right a a a a".split():    # the last A: solve (asked first)
    b.press(W[w])
app = b.app
print("roll", format_roll(app.adv.roll_counts))
print("uses", app.adv.uses())
for code, value in app.options:
    print("opt", value, app.adv.action_text(code))
print("flattened", app.solved is not None)
""" % {"mp": str(REPO / "micropython"), "dir": str(tmp_path)})
    roll = [x for x in lines if x.startswith("roll ")][0][5:]
    assert [x for x in lines if x.startswith("uses ")][0] == "uses (1, 0, 1)"
    # with a clue left the flattened card answers nothing (advice.advise does): it is not made, so
    # that the clue's advice has its heap (Lights Out's first roll on the firmware needs it)
    assert "flattened False" in lines
    shown = {}
    for line in lines:
        if line.startswith("opt "):
            _, value, text = line.split(" ", 2)
            shown[text] = int(value)
    assert any(text.startswith("reroll ") and text.endswith(" with a clue") for text in shown)
    from eldritch.kernel.eldersign.advice import advise
    from eldritch.kernel.eldersign.notation import parse_card, parse_roll
    host = advise(CSolver(parse_card("L L L | L I3")), parse_roll(roll), Situation(focus=1, clues=1))
    want = {o.text: o.value for o in host if o.kind == "reroll"}
    assert {text: value for text, value in shown.items() if text in want} == want


# ----- on the 32-bit firmware (`make firmware`), when it is built --------------------------------------

def _qemu_board():
    tools = REPO / "tools" / "qemuboard.py"
    if not tools.exists():
        pytest.skip("no tools/qemuboard.py: the firmware (make firmware) is not in this tree")
    sys.path.insert(0, str(REPO / "tools"))
    try:
        import qemuboard
    finally:
        sys.path.pop(0)
    if not qemuboard.FIRMWARE.exists():
        pytest.skip("the QEMU firmware is not built (make firmware)")
    return qemuboard


# The Curator's odds and advice take about a second each under QEMU; the other questions take
# minutes (up to 126 G instructions: benchmarks/README.md, "Clues on the board"), and the firmware's
# own tests (tests/test_firmware.py, the questions) run those.
@pytest.mark.firmware
@pytest.mark.parametrize("argv", [ODDS[0] + ["--json"], ADVISE[0]], ids=lambda a: a[0] + ":" + a[1])
def test_firmware_answers_at_the_pico_heap(argv):
    """The board CLI on the QEMU firmware (32-bit objects, the Pico's 190 KB heap, the kernel frozen)
    prints the host's exact answer."""
    qemuboard = _qemu_board()
    board = qemuboard.QemuBoard()
    board.start()
    try:
        out = board.run("import cli\ncli.main(%r)" % (argv + LIMITS,), soft_reset=True, timeout=3600).decode()
    finally:
        board.stop()
    assert out.strip().splitlines()[-1] == host_answer(argv)
