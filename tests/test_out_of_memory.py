"""Out of memory is one line (issue 24.15): the Python fallback under an address-space limit (ulimit -v)
used to die with a chained MemoryError traceback of about 60 lines (the one-line error could not be
built while the solve's memo was still held, and generators closed on the way out printed "Exception
ignored"). Now the memo is dropped first and the command exits 2 with one line, as the C backend does."""

import os
import resource
import subprocess
import sys

import pytest

LIMIT = 120000 * 1024          # ulimit -v 120000


def _limited():
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))


@pytest.mark.parametrize("argv", [
    ["odds", "L L L | L I3 | T P", "--green", "8", "--yellow", "--red", "--focus", "1", "--clues", "2"],
    ["advise", "L L L | L I3 | T P", "--roll", "L L L I3 T P P P y:L r:L", "--focus", "1", "--clues", "2"],
    ["table", "--query", "curator", "--clues", "2", "--focus", "1", "--dice", "8G+Y+R"],
], ids=["odds", "advise", "table"])
def test_the_python_fallback_out_of_memory_is_one_line(argv):
    env = dict(os.environ, ELDRITCH_BACKEND="python")
    proc = subprocess.run([sys.executable, "-m", "eldritch.cli"] + argv + ["--max-seconds", "1h", "--max-memory", "10G"],
                          capture_output=True, text=True, env=env, timeout=300, preexec_fn=_limited)
    assert proc.returncode == 2 and proc.stdout == "", proc.stderr[-3000:]
    assert proc.stderr.count("\n") == 1, proc.stderr[-3000:]
    assert proc.stderr.startswith(("eldritch: memory: out of memory", "eldritch: out of memory")), proc.stderr
