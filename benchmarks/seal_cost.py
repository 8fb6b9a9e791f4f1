"""The cost of the handheld's seal derivation (kernel/stayaway/game/crypt.py, version 2).

    .venv/bin/python benchmarks/seal_cost.py                      # the unix port and CPython: ms
    .venv/bin/python benchmarks/seal_cost.py --qemu build/.../firmware.elf
        # the 32-bit firmware under QEMU with -icount shift=0: one instruction per virtual ns, so
        # the microseconds printed are thousands of Cortex-M3 instructions

The script run on each runtime is self-contained (the derivations copied out of crypt.py), so it runs
on any firmware whatever it freezes. It times the version-1 derivation (20,000 SHA-256 rounds) and
version 2's Balloon-SHA256 at the board's settings (2^9 blocks, 3 rounds) and at 1 round.
"""

import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def script() -> str:
    src = (REPO / "kernel" / "stayaway" / "game" / "crypt.py").read_text()
    body = src[src.index("def _bytes(passphrase):"):src.index("def derive2(")]
    return ("import hashlib, time\nBLOCK = 32\nDELTA = 3\nLOG2_SPACE = 9\nTIME = 3\n"
            "class KernelError(Exception):\n    pass\n"
            "def _sha(data):\n    return hashlib.sha256(data).digest()\n" + body +
            "def now():\n    return time.ticks_us() if hasattr(time, 'ticks_us') else int(time.perf_counter() * 1e6)\n"
            "salt = b'0123456789abcdef'\n"
            "for label, f in (('v1 20000 rounds', lambda: derive(b'1234', salt, 20000)),\n"
            "                 ('v2 balloon 2^9 x 3', lambda: balloon(b'12345678', salt, 9, 3)),\n"
            "                 ('v2 balloon 2^9 x 1', lambda: balloon(b'12345678', salt, 9, 1))):\n"
            "    t0 = now(); f(); t1 = now()\n"
            "    print(label, t1 - t0)\n")


def qemu(elf: str, path: str) -> str:
    qemu = subprocess.Popen(["qemu-system-arm", "-machine", "mps2-an385", "-nographic", "-monitor", "null",
                             "-semihosting", "-serial", "pty", "-icount", "shift=0", "-kernel", elf],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        line = qemu.stdout.readline()
        pty = re.search(r"(/dev/pts/\d+)", line).group(1)
        mpremote = str(Path(sys.executable).parent / "mpremote")
        return subprocess.run([mpremote, "connect", pty, "run", path], capture_output=True, text=True,
                              timeout=600).stdout
    finally:
        qemu.kill()
        qemu.wait()


def main(argv) -> int:
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "seal_cost.py")
        Path(path).write_text(script())
        if "--qemu" in argv:
            out = qemu(argv[argv.index("--qemu") + 1], path)
            for line in out.splitlines():
                label, us = line.rsplit(" ", 1)
                print("%-20s %6.0f million Cortex-M3 instructions" % (label, int(us) / 1000))
            return 0
        for name, exe in (("micropython", str(Path(sys.executable).parent / "micropython")),
                          ("cpython", sys.executable)):
            start = time.perf_counter()
            out = subprocess.run([exe, path], capture_output=True, text=True, timeout=600).stdout
            for line in out.splitlines():
                label, us = line.rsplit(" ", 1)
                print("%-12s %-20s %6.1f ms" % (name, label, int(us) / 1000))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
