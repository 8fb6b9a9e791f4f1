"""Out of memory is one line: the Python fallback under an address-space limit (ulimit -v) must not
die with a chained MemoryError traceback (the one-line error cannot be built while the solve's memo
is still held, and generators closed on the way out print "Exception ignored"), so the memo is
dropped first and the command exits 2 with one line, as the C backend does."""

import json
import os
import subprocess
import sys

import pytest

# The child imports the CLI and answers a tiny question of the same command first (so that every
# module the command imports is loaded), then limits its address space to what it has plus
# HEADROOM and asks the real question: the pure-Python solver answers these in a few MB (the whole
# process fits in `ulimit -v 20000`), so a fixed limit such as `ulimit -v 120000` no longer runs it out.
HEADROOM = 1 << 18
WARM_UP = {"odds": ["odds", "L L", "--green", "1"], "advise": ["advise", "L L", "--roll", "L L"],
           "table": ["table", "--query", "curator", "--dice", "1G"]}
CHILD = """
import contextlib, io, json, resource, sys
from eldritch import cli
with contextlib.redirect_stdout(io.StringIO()):
    assert cli.main(json.loads(sys.argv[1])) == 0
for line in open("/proc/self/status"):
    if line.startswith("VmSize:"):
        limit = int(line.split()[1]) * 1024 + %d
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
sys.exit(cli.main(sys.argv[2:]))
""" % HEADROOM


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="needs Linux's /proc to size the limit")
@pytest.mark.parametrize("argv", [
    ["odds", "L L L | L I3 | T P", "--green", "8", "--yellow", "--red", "--focus", "1", "--clues", "2"],
    ["advise", "L L L | L I3 | T P", "--roll", "L L L I3 T P P P y:L r:L", "--focus", "1", "--clues", "2"],
    ["table", "--query", "curator", "--clues", "2", "--focus", "1", "--dice", "8G+Y+R"],
], ids=["odds", "advise", "table"])
def test_the_python_fallback_out_of_memory_is_one_line(argv):
    env = dict(os.environ, ELDRITCH_BACKEND="python")
    proc = subprocess.run([sys.executable, "-c", CHILD, json.dumps(WARM_UP[argv[0]])] + argv + ["--max-seconds", "1h", "--max-memory", "10G"],
                          capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 2 and proc.stdout == "", proc.stderr[-3000:]
    assert proc.stderr.count("\n") == 1, proc.stderr[-3000:]
    assert proc.stderr.startswith(("eldritch: memory: out of memory", "eldritch: out of memory")), proc.stderr
