"""Flashing tested with the real client (issue 12, item 7): mpremote talks to the MicroPython unix
port through a pseudo-terminal (the port's raw REPL answers mpremote's protocol; `resume` skips the
soft reset that would end the unix process), `make flash PORT=...` (what the README tells a user to
run) copies the board's files into a scratch folder standing in for the board's filesystem, and
the board's main.py started there against simulated pins draws the menu as the simulator does."""

import os
import pty
import select
import subprocess
import threading
import tty

from conftest import REPO, MICROPYTHON


def _bridge(a, b, stop):
    """Copy bytes both ways between two pty masters until stop is set."""
    while not stop.is_set():
        ready, _, _ = select.select([a, b], [], [], 0.1)
        for fd in ready:
            try:
                data = os.read(fd, 4096)
            except OSError:
                return
            os.write(b if fd == a else a, data)


def test_make_flash_copies_every_file_and_main_starts(tmp_path):
    board = tmp_path / "board"
    board.mkdir()
    # the "board": the unix port's REPL on one pty; mpremote opens the other; a thread joins them
    port_master, port_slave = pty.openpty()
    user_master, user_slave = pty.openpty()
    tty.setraw(port_slave)              # no newline translation: the raw REPL's bytes as a UART's
    tty.setraw(user_slave)
    repl = subprocess.Popen([str(MICROPYTHON)], stdin=port_slave, stdout=port_slave, stderr=port_slave,
                            cwd=str(board), close_fds=True)
    stop = threading.Event()
    thread = threading.Thread(target=_bridge, args=(port_master, user_master, stop), daemon=True)
    thread.start()
    try:
        flash = subprocess.run(["make", "-s", "flash", "PORT=" + os.ttyname(user_slave)], cwd=str(REPO),
                               capture_output=True, text=True, timeout=300)
    finally:
        stop.set()
        repl.kill()
        repl.wait()
        thread.join()
        for fd in (port_master, port_slave, user_master, user_slave):
            os.close(fd)
    assert flash.returncode == 0, flash.stdout + flash.stderr
    # every file the staging folder holds arrived, byte for byte
    staged = REPO / "build" / "board"
    want = sorted(str(p.relative_to(staged)) for p in staged.rglob("*") if p.is_file())
    got = sorted(str(p.relative_to(board)) for p in board.rglob("*") if p.is_file())
    assert got == want and len(want) > 40
    for name in want:
        assert (board / name).read_bytes() == (staged / name).read_bytes(), name
    assert not any(p.suffix == ".py" and p.name != "main.py" for p in board.rglob("*"))
    # main.py from the copied files, against simulated pins: its first frame is the simulator's menu
    run = subprocess.run([str(MICROPYTHON), "-c", "import sys; sys.path.insert(0, %r); sys.path.insert(0, '.');"
                          " import main" % str(REPO / "tests" / "fakeboard")],
                         cwd=str(board), capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    frame = (board / "first_frame.bin").read_bytes()
    sim = subprocess.run([str(MICROPYTHON), "-c", "import sys; sys.path.insert(0, %r); import sim;"
                          " b = sim.Board(%r, %r); sys.stdout.write(bytes(b.display.buf).hex())"
                          % (str(REPO / "micropython"), str(REPO / "micropython" / "data"),
                             str(tmp_path / "sim.sav"))],
                         capture_output=True, text=True, timeout=60)
    assert frame == b"\x40" + bytes.fromhex(sim.stdout)
    assert frame.count(0) < 1000        # something is drawn


def test_frozen_manifest_names_what_make_flash_stages():
    """micropython/manifest.py (for a custom firmware with frozen modules) and make flash's staging
    are one list: the kernel package and every board module the app imports."""
    import sys
    sys.path.insert(0, str(REPO / "tools"))
    import boardfit
    packages, modules = boardfit.manifest()
    assert packages == ["kernel"]
    board = sorted(p.stem for p in (REPO / "micropython").glob("*.py")
                   if p.stem not in ("main", "sim", "png", "cli", "manifest"))
    assert sorted(modules) == board
    import ast
    tree = ast.parse((REPO / "micropython" / "app.py").read_text())
    registry = [ast.literal_eval(node.value) for node in tree.body
                if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "MODES"][0]
    assert len(registry) >= 3
    for mode in registry:
        assert mode[2] in modules                     # every registered mode is frozen and flashed
