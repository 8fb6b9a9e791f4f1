"""A byte that is not UTF-8 typed into the Textual game. Textual 8.2's input thread
decodes strictly, so 0xFF ended the game with Textual's own UnicodeDecodeError traceback (upstream
Textualize/textual#6456; tools/upstream/textual-invalid-utf8/). The game now runs the drivers with a
replacing decoder: the byte is one ignored key and the game goes on."""

import os
import pty
import select
import signal
import sys
import time

from conftest import REPO
from eldritch.saves import userdirs
from eldritch.frontend.textual_input import tolerate_invalid_utf8


def test_the_drivers_decode_an_invalid_byte_as_a_replacement_character():
    from textual.drivers import linux_driver
    assert "textual.drivers.linux_driver" in tolerate_invalid_utf8()
    assert linux_driver.getincrementaldecoder("utf-8")().decode(b"\xff") == "\ufffd"
    decode = linux_driver.getincrementaldecoder("utf-8")().decode
    assert decode(b"a\xffb\xc3") == "a\ufffdb" and decode(b"\xa9") == "\u00e9"   # split sequences still join
    assert linux_driver.getincrementaldecoder("utf-8")("strict").errors == "strict"


def _read(fd, out, until, seconds):
    deadline = time.time() + seconds
    while time.time() < deadline and not until(out):
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                out += os.read(fd, 65536)
            except OSError:
                break
    return out


def test_a_0xff_byte_typed_into_the_game_does_not_end_it(tmp_path):
    state = tmp_path / "state"
    env = dict(os.environ, ELDRITCH_STATE_DIR=str(state), PYTHONPATH=str(REPO), TERM="xterm-256color",
               COLUMNS="120", LINES="40")
    pid, fd = pty.fork()
    if pid == 0:                                          # the child: the game in a terminal
        os.chdir(str(tmp_path))
        os.execve(sys.executable, [sys.executable, "-m", "eldritch.cli", "play", "--seed", "6", "--players", "2",
                                   "--bots", "2"], env)
    try:
        out = _read(fd, b"", lambda o: b"choose an investigator" in o and (state / userdirs.AUTOSAVE).exists(), 60)
        assert (state / userdirs.AUTOSAVE).exists(), out[-500:]
        os.write(fd, b"\xff")
        out = _read(fd, out, lambda o: False, 2.0)       # time for the input thread to choke, as it did
        done, status = os.waitpid(pid, os.WNOHANG)
        assert done == 0, "the game ended on a 0xFF byte: %r" % out[-800:]
        os.kill(pid, signal.SIGINT)                      # the usual way out still works
        end = time.time() + 30
        while time.time() < end and not done:
            done, status = os.waitpid(pid, os.WNOHANG)
            out = _read(fd, out, lambda o: False, 0.2)
    finally:
        if not done:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        os.close(fd)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 130, out[-800:]
    assert b"UnicodeDecodeError" not in out and b"Traceback" not in out
