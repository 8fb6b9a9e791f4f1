"""Minimal reproduction: one byte that is not UTF-8 typed into any Textual app on Linux ends it.

    python repro.py            # runs the app below in a pseudo-terminal, types 0xFF, reports
    python repro.py --fixed    # the same with the fix proposed upstream (errors="replace")

Textual's LinuxDriver decodes the terminal's bytes with a strict incremental UTF-8 decoder
(`getincrementaldecoder("utf-8")()` in drivers/linux_driver.py, run_input_thread); 0xFF raises
UnicodeDecodeError in the input thread, `_run_input_thread` calls App.panic, and the app exits with
the traceback. Reported upstream as Textualize/textual#6456 (open as of Textual 8.2.8). Exit status
of this script: 1 when the app died (the bug), 0 when it survived the byte and quit on "q".
"""

import os
import pty
import select
import sys
import time

FIX = r'''
import codecs
from textual.drivers import linux_driver
linux_driver.getincrementaldecoder = lambda enc: (lambda: codecs.getincrementaldecoder(enc)(errors="replace"))
'''

APP = r'''
from textual.app import App
from textual.widgets import Label

class Tiny(App):
    BINDINGS = [("q", "quit", "quit")]

    def compose(self):
        yield Label("ready")

Tiny().run()
'''


def read_for(fd, seconds, out=b"", until=None):
    deadline = time.time() + seconds
    while time.time() < deadline and not (until and until in out):
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
    return out


def main():
    pid, fd = pty.fork()
    if pid == 0:
        code = (FIX if "--fixed" in sys.argv else "") + APP
        os.execvpe(sys.executable, [sys.executable, "-c", code], dict(os.environ, TERM="xterm-256color"))
    out = read_for(fd, 30, until=b"ready")   # the first screen
    out = read_for(fd, 0.5, out)
    os.write(fd, b"\xff")                    # one byte that is not UTF-8 (a Latin-1 'ÿ', a stray paste)
    out = read_for(fd, 5, out, until=b"UnicodeDecodeError")
    done, status = os.waitpid(pid, os.WNOHANG)
    if b"UnicodeDecodeError" in out or done:
        print("the app panicked on 0xFF%s and %s" % (
            " with UnicodeDecodeError" if b"UnicodeDecodeError" in out else "",
            "exited" if done else "no longer reads its keys"))
        if not done:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
        return 1
    os.write(fd, b"q")
    read_for(fd, 10)
    os.waitpid(pid, 0)
    print("the app survived 0xFF and quit on q")
    return 0


if __name__ == "__main__":
    sys.exit(main())
