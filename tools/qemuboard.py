"""The QEMU test firmware as a board on a serial port (`make board-qemu`; the firmware tests' fixture).

    python tools/qemuboard.py run        # start the board and print its serial port for mpremote;
                                         # a reset (mpremote's `reset`) restarts it, as a power cycle
    python tools/qemuboard.py run --fresh   # with an empty flash (a new board)

QEMU runs `make firmware`'s firmware.elf on the mps2-an385 machine (a Cortex-M3) with `-icount
shift=0`: one guest instruction is one nanosecond of the virtual clock, so `time.ticks_us()` on the
board counts thousands of instructions, the same on every run. The board's flash is the machine's
16 MB PSRAM kept in a file (build/firmware/flash.img): the firmware's _boot.py mounts its littlefs
there, so the files copied onto the board stay across resets as in a Pico's flash. `machine.reset()`
ends QEMU (the port's reset); `run` starts it again with the same flash. The serial port is a
pseudo-terminal that mpremote drives as a board on USB.

`QemuBoard` is the same board for Python: start(), stop(), restart(), and run(code) through
mpremote's own transport (optionally after a soft reset: a fresh heap, the flash kept).
"""

import atexit
import json
import os
import re
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FIRMWARE = REPO / "build" / "micropython" / "ports" / "qemu" / "build-eldritch" / "firmware.elf"
FLASH = REPO / "build" / "firmware" / "flash.img"
FLASH_BYTES = 16 * 1024 * 1024          # the mps2-an385's PSRAM at 0x21000000
# the littlefs region of the flash image (micropython/qemu/_boot.py: FLASH_ADDR - 0x21000000, FLASH_SIZE)
FS_OFFSET = 0x400000
FS_BYTES = 1024 * 1024


class BoardError(Exception):
    pass


def qemu_command(firmware, flash):
    return ["qemu-system-arm", "-machine", "mps2-an385,memory-backend=flash", "-nographic", "-monitor", "none",
            "-semihosting", "-icount", "shift=0", "-serial", "pty",
            "-object", "memory-backend-file,id=flash,size=%d,mem-path=%s,share=on" % (FLASH_BYTES, flash),
            "-kernel", str(firmware)]


def _die_with_parent():
    """In QEMU's child process: end it when the process that started it ends, however that ends (a
    killed test run leaves no emulator spinning). Linux's prctl(PR_SET_PDEATHSIG); elsewhere nothing."""
    try:
        import ctypes
        import signal
        ctypes.CDLL(None).prctl(1, signal.SIGTERM)
    except (OSError, AttributeError):
        pass


class QemuBoard:
    def __init__(self, firmware=FIRMWARE, flash=FLASH, fresh=False):
        self.firmware = Path(firmware)
        self.flash = Path(flash)
        self.command = qemu_command     # (firmware, flash) -> QEMU's command line
        self.proc = None
        self.port = None
        self.transport = None
        if fresh or not self.flash.exists():
            self.erase()

    def erase(self):
        """An empty flash (the next boot formats its filesystem)."""
        self.flash.parent.mkdir(parents=True, exist_ok=True)
        with open(self.flash, "wb") as f:
            f.truncate(FLASH_BYTES)

    def start(self, timeout=20):
        """Boot the board; its serial port (a pseudo-terminal) in self.port."""
        if not self.firmware.exists():
            raise BoardError("no firmware at %s: make firmware" % self.firmware)
        self.proc = subprocess.Popen(self.command(self.firmware, self.flash), stdin=subprocess.DEVNULL,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, preexec_fn=_die_with_parent)
        atexit.register(self.stop)          # never a QEMU left behind by a failed run
        out = b""
        end = time.time() + timeout
        while time.time() < end:
            ready, _, _ = select.select([self.proc.stdout], [], [], 0.2)
            if ready:
                chunk = os.read(self.proc.stdout.fileno(), 4096)
                if not chunk:
                    break
                out += chunk
                m = re.search(rb"(/dev/pts/\d+)", out)
                if m:
                    self.port = m.group(1).decode()
                    return self.port
        self.stop()
        raise BoardError("QEMU did not start: %s" % out.decode(errors="replace").strip())

    def connect(self):
        """mpremote's serial transport on the board's port (the app interrupted, the raw REPL)."""
        from mpremote.transport_serial import SerialTransport
        if self.transport is None:
            self.transport = SerialTransport(self.port, baudrate=115200)
            self.transport.enter_raw_repl(soft_reset=False)
        return self.transport

    def run(self, code, soft_reset=False, timeout=600):
        """Execute code on the board; its output (bytes). soft_reset: a fresh heap first (the
        flash and the frozen modules stay, as after a reset without main.py)."""
        t = self.connect()
        if soft_reset:
            t.enter_raw_repl(soft_reset=True)
        out, err = t.exec_raw(code, timeout=timeout)
        if err:
            raise BoardError(err.decode(errors="replace").strip() + "\n" + out.decode(errors="replace"))
        return out

    def disconnect(self):
        if self.transport is not None:
            try:
                self.transport.close()
            except OSError:
                pass
            self.transport = None

    def wait_exit(self, timeout=30):
        """Wait for QEMU to end (the board's machine.reset ends it); True when it did."""
        try:
            self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            return False
        self.disconnect()
        return True

    def stop(self):
        self.disconnect()
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.terminate()
                try:
                    self.proc.wait(10)
                except subprocess.TimeoutExpired:
                    self.proc.kill()
                    self.proc.wait()
            self.proc.stdout.close()
            self.proc = None

    def restart(self):
        """A power cycle: QEMU started again on the same flash."""
        self.stop()
        return self.start()

    def save_flash(self, path):
        shutil.copyfile(self.flash, path)

    def load_flash(self, path):
        """The filesystem region of a saved flash image written back (while the board is at its raw
        REPL: the next soft reset mounts it). QEMU maps the image file shared, so it sees the bytes."""
        with open(path, "rb") as src, open(self.flash, "r+b") as dst:
            src.seek(FS_OFFSET)
            dst.seek(FS_OFFSET)
            dst.write(src.read(FS_BYTES))
            dst.flush()


def build():
    """`make firmware` (incremental), under a lock (tests and benchmarks may build at the same time):
    (firmware path, "") when built; (None, the one-line reason) when this machine cannot build it (no
    MicroPython source beside the clone, no toolchain and no apt-get). A build that fails for
    another reason raises BoardError."""
    import fcntl
    lock = REPO / "build" / "firmware.lock"
    lock.parent.mkdir(exist_ok=True)

    def make(target):
        return subprocess.run(["make", "-s", "-C", str(REPO), target], capture_output=True, text=True,
                              timeout=1800)

    with open(lock, "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        tools = make("fw-tools")
        if tools.returncode:
            why = [ln for ln in tools.stderr.splitlines() if "make firmware:" in ln]
            if why:
                return None, why[0]
            raise BoardError("make fw-tools failed:\n" + tools.stderr[-3000:])
        proc = make("firmware")
    if proc.returncode:
        why = [ln for ln in proc.stderr.splitlines() if "make firmware: no MicroPython source" in ln]
        if why:
            return None, why[0]
        raise BoardError("make firmware failed:\n" + proc.stdout[-3000:] + proc.stderr[-3000:])
    return FIRMWARE, ""


class Flashed:
    """A QEMU board flashed as the README says for this firmware (`make flash FROZEN=1 PORT=...`:
    the card data, the tables and main.py onto its littlefs, then a reset, which ends QEMU and is
    followed by a new boot from that flash), ready for the harness (micropython/qemu/harness.py).

    Each harness call starts from the same state: the filesystem as flashed (written back into the
    image, so that no run sees another's saves and littlefs does the same work each time) and a
    soft reset (a fresh heap). So a run's instruction count is the same on every run."""

    def __init__(self, flash=FLASH, make="make"):
        self.board = QemuBoard(flash=flash, fresh=True)
        self.make = make
        self.snapshot = Path(str(flash) + ".flashed")
        self.stage = Path(str(flash) + ".staged")     # what make flash gathered for this board
        self.flash_log = ""
        self.first_boot = b""           # what the board printed of its first frame after the reset

    def flash(self, timeout=600):
        port = self.board.start()
        proc = subprocess.run([self.make, "-s", "-C", str(REPO), "flash", "FROZEN=1", "PORT=" + port,
                               "STAGE=" + str(self.stage)],
                              capture_output=True, text=True, timeout=timeout)
        self.flash_log = proc.stdout + proc.stderr
        if proc.returncode:
            raise BoardError("make flash FROZEN=1 failed:\n" + self.flash_log)
        if not self.board.wait_exit(60):
            raise BoardError("the board did not reset after make flash")
        self.board.stop()
        self.board.start()              # a power cycle: main.py starts the app from the flash
        self.first_boot = self.board.run("import machine, os\nprint(machine.frames(), machine.frame().hex())\n"
                                         "print(sorted(os.listdir('/')))")
        self.board.save_flash(self.snapshot)

    def with_files(self, files, snapshot):
        """The filesystem as flashed plus `files` ({path on the board: bytes}; their folders made),
        kept in the image `snapshot` for call(..., snapshot=...): data an owner copies onto the board
        beside what `make flash` put there. The board is left on the filesystem as flashed."""
        self.board.load_flash(self.snapshot)
        self.board.run("", soft_reset=True)             # mounted afresh from that image
        t = self.board.connect()
        made = set()
        for path in sorted(files):
            parts = path.split("/")[:-1]
            for i in range(1, len(parts) + 1):
                folder = "/".join(parts[:i])
                if folder not in made and not t.fs_exists(folder):
                    t.fs_mkdir(folder)
                made.add(folder)
            t.fs_writefile(path, files[path], chunk_size=1024)
        self.board.save_flash(snapshot)
        self.board.load_flash(self.snapshot)
        self.board.run("", soft_reset=True)
        return snapshot

    def call(self, code, timeout=1800, snapshot=None):
        """Run harness code on a fresh heap and the flashed filesystem (or the image `snapshot`, made
        by with_files); the HARNESS line's fields."""
        self.board.load_flash(snapshot or self.snapshot)
        out = self.board.run("import harness\n" + code, soft_reset=True, timeout=timeout)
        text = out.decode(errors="replace")
        for line in text.splitlines():
            if line.startswith("HARNESS "):
                fields = json.loads(line[8:])
                fields["output"] = text
                return fields
        raise BoardError("no harness report:\n" + text)

    def stop(self):
        self.board.stop()

    def __enter__(self):
        """`with Flashed(...) as board:` flashed and booted, stopped at the end (one boot for many
        checks)."""
        try:
            self.flash()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc):
        self.stop()
        return False

    def remove(self):
        """The board stopped and its files deleted (the flash image, its snapshot, the staging)."""
        self.stop()
        for path in (self.board.flash, self.snapshot):
            if path.exists():
                path.unlink()
        shutil.rmtree(self.stage, ignore_errors=True)


def main(argv):
    if not argv or argv[0] != "run" or any(a not in ("--fresh",) for a in argv[1:]):
        sys.stderr.write("usage: qemuboard.py run [--fresh]\n")
        return 2
    board = QemuBoard(fresh="--fresh" in argv)
    import signal

    def stop(signum, frame):
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, stop)     # as Ctrl-C: QEMU stopped with this process
    try:
        while True:
            port = board.start()
            print("QEMU board on %s (flash: %s). For example:" % (port, board.flash.relative_to(REPO)))
            print("  make flash FROZEN=1 PORT=%s       # the data files and main.py onto it, then a reset" % port)
            print("  .venv/bin/python -m serial.tools.miniterm %s   # the app: w/s/a/d, space A, x B; Ctrl-] quits" % port)
            print("  .venv/bin/mpremote connect %s exec \"import harness; harness.feature('a a a a a play', ['COMPLETED'])\"" % port)
            sys.stdout.flush()
            code = board.proc.wait()
            board.stop()
            print("the board reset (QEMU exit %d): starting it again; Ctrl-C stops it" % code)
    except KeyboardInterrupt:
        board.stop()
        return 0
    except BoardError as exc:
        sys.stderr.write("qemuboard: %s\n" % exc)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
