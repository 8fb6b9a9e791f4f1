"""The kernel under the MicroPython unix port: every module imports, and the notation, matching,
solver and advice examples print exactly what CPython prints for the same script."""

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
MICROPYTHON = Path(sys.executable).parent / "micropython"

SCRIPT = r'''
import sys
sys.path.insert(0, %(repo)r)
import kernel, kernel.errors, kernel.binio, kernel.tsv, kernel.prng, kernel.eldersign
import kernel.eldersign.dice, kernel.eldersign.card, kernel.eldersign.notation
import kernel.eldersign.matching, kernel.eldersign.fixed, kernel.eldersign.solver
import kernel.eldersign.advice, kernel.eldersign.library, kernel.eldersign.answers, kernel.eldersign.situation
import kernel.eldersign.adventure, kernel.eldersign.oddstable, kernel.eldersign.game.machine
from kernel.errors import KernelError
from kernel.eldersign.notation import parse_card, format_card, parse_roll, format_roll
from kernel.eldersign.matching import match
from kernel.eldersign.solver import Solver
from kernel.eldersign.situation import Situation
from kernel.eldersign.advice import advise
from kernel.eldersign.fixed import percent_text, exact_text

for text in ("L L L | L I3", "  i3 >p p > l  l", "T/P l/p/t S1 H2 C", "I37", "L | P > T", "L X"):
    try:
        print(format_card(parse_card(text)))
    except KernelError as e:
        print("error", e)
print(format_roll(parse_roll("r:W I3 y:I4 I1 l P t")))
card = parse_card("I3 | L/P T | I8 P")
for t, ways in match(card, parse_roll("I3 I1 I2 L P T y:I4 r:W")):
    print(t, [format_roll(w.roll_used) for w in ways])
s = Solver(parse_card("P P > L L"))
print([percent_text(s.value(g, y, r, 1)) for g, y, r in ((5, 0, 0), (6, 0, 0), (6, 1, 1))])
s = Solver(parse_card("I4 | T T"), 2)
print(exact_text(s.value(5, 1, 0, 1, 1, 0)))
s = Solver(parse_card("I3 > L"))
for o in advise(s, parse_roll("I3 L T"), Situation(focus=1, clues=1, terror=s.terror))[:6]:
    print(o.kind, o.text, o.value)
'''


@pytest.mark.skipif(not MICROPYTHON.exists(), reason="the micropython executable is installed by make test")
def test_same_output_under_micropython_and_cpython(tmp_path):
    script = tmp_path / "kernel_examples.py"
    script.write_text(SCRIPT % {"repo": str(REPO)})
    mp = subprocess.run([str(MICROPYTHON), str(script)], capture_output=True, text=True, timeout=600)
    cp = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=600)
    assert mp.returncode == 0, mp.stderr
    assert cp.returncode == 0, cp.stderr
    assert mp.stdout == cp.stdout
    # the published focus-1 values of P P > L L at 5G, 6G and 6G+Y+R
    assert "['3.772202', '14.146246', '65.468503']" in mp.stdout


@pytest.mark.skipif(not MICROPYTHON.exists(), reason="the micropython executable is installed by make test")
def test_every_kernel_module_imports_under_micropython(tmp_path):
    """Every module below kernel/ (every game's, new ones included) imports on the unix port."""
    names = sorted(".".join(p.relative_to(REPO).with_suffix("").parts)
                   for p in (REPO / "kernel").rglob("*.py"))
    names = [n[:-len(".__init__")] if n.endswith(".__init__") else n for n in names]
    script = tmp_path / "imports.py"
    script.write_text("import sys\nsys.path.insert(0, %r)\n%s\nprint('ok', %d)\n" % (
        str(REPO), "\n".join("import " + n for n in names), len(names)))
    mp = subprocess.run([str(MICROPYTHON), str(script)], capture_output=True, text=True, timeout=600)
    assert mp.returncode == 0, mp.stderr
    assert mp.stdout.split() == ["ok", str(len(names))]
