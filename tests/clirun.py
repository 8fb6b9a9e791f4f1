"""Run `eldritch ARGS` in this process, with streams that behave like a real terminal-less process's:
stdout encodes strictly in UTF-8 (so printing a lone surrogate from a bad argument fails as it would),
stderr with backslashreplace (as Python's stderr does), stdin /dev/null unless given.

    code, out, err = run_cli(["sweep", "simulate", ...])

A SystemExit (argparse's exit on --help or a usage error) is returned as its code; any other
exception propagates (a traceback is a failure of the test).
"""

import io
import sys

from eldritch.cli import main


class _Stream(io.TextIOWrapper):
    def isatty(self):
        return False


def run_cli(argv, stdin_text=None):
    out = _Stream(io.BytesIO(), encoding="utf-8", errors="strict", write_through=True)
    err = _Stream(io.BytesIO(), encoding="utf-8", errors="backslashreplace", write_through=True)
    if stdin_text is None:
        stdin = open("/dev/null")
    else:
        stdin = io.StringIO(stdin_text)
    old = sys.stdout, sys.stderr, sys.stdin
    sys.stdout, sys.stderr, sys.stdin = out, err, stdin
    try:
        try:
            code = main(list(argv))
        except SystemExit as exc:
            code = exc.code
    finally:
        sys.stdout, sys.stderr, sys.stdin = old
        if stdin_text is None:
            stdin.close()
    return code, out.buffer.getvalue().decode("utf-8"), err.buffer.getvalue().decode("utf-8")
