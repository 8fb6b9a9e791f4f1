"""Every example of every `--help` runs.

The examples are read from the help itself: every parser of `eldritch` (every command and
subcommand, all four games, simulate, sweep, table...) is walked and each line of its help that
starts with `eldritch` (or `VAR=value eldritch`) is an example, the command being what precedes a
gap of two spaces (the rest is its explanation). Each is run as a user would run it, by bash (an
example may redirect, as `3<words.txt`), each in a temporary folder of its own (files they write land
there; the autosave folder is there too),
with stdin closed unless said below, and must exit with 0. Play loops with human seats run with
stdin closed and must stop cleanly with 0 (their input ended, as after 'quit').

Nothing is skipped. Where an example would take minutes, the test runs it with smaller sizes, and
where it needs a file, the file is made first; every such change is in SUBSTITUTIONS or PREPARE with
its reason, and a substitution that no longer matches an example fails the test. The two Ray
examples run in their own test (`test_ray_examples_run`): one starts a local cluster itself, the
other needs a cluster's address, so the test starts a head node on a free local port and stops it
by its process group afterwards (about 40 s in all: the only way to run them).
"""

import argparse
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from eldritch import cli

BIN = Path(sys.executable).parent
EXAMPLE = re.compile(r"^\s+((?:[A-Z_]+=\S+\s+)*eldritch\s.*?)(?:\s{2,}\S.*)?$")

# example -> (what runs instead, why)
SUBSTITUTIONS = {
    "eldritch table --set core --spells 1 --clues 1 --dice 5G,6G+Y,7G+Y+R --chart core.png":
        ("eldritch table --set core --query curator --spells 1 --clues 1 --dice 5G,6G+Y,7G+Y+R --chart core.png",
         "one card of Core instead of 47 (spells and clues at 7G+Y+R take about 15 s for the set)"),
    "eldritch simulate --games 100": ("eldritch simulate --games 10", "10 games instead of 100"),
    "eldritch simulate --games 200 --ancient-one all --players 1,2,4 --bots solver --chart win.png":
        ("eldritch simulate --games 1 --ancient-one all --players 1,2,4 --bots solver --chart win.png",
         "one game per setting instead of 200 (the solver bot: hours)"),
    "eldritch simulate --games 50 --players 2 --bots solver,random --json":
        ("eldritch simulate --games 3 --players 2 --bots solver,random --json", "3 games instead of 50"),
    "eldritch simulate --games 100 --bots 'heuristic|solver' --csv":
        ("eldritch simulate --games 2 --bots 'heuristic|solver' --csv", "2 games instead of 100"),
    "eldritch simulate --game arkham --players 2 --bots search --games 100 --seed 1 --json":
        ("eldritch simulate --game arkham --players 2 --bots search --games 2 --seed 1 --json",
         "2 games instead of 100 (the search bot: about a minute for 100)"),
    "eldritch simulate --game mansions --players 3 --bots search,heuristic --games 20":
        ("eldritch simulate --game mansions --players 3 --bots search,heuristic --games 2",
         "2 games instead of 20 (the search keeper: a few seconds a game)"),
    "eldritch sweep simulate --out runs/ao --games 1000 --chunk 100 --ancient-one all --players 1,2,4 --workers 2":
        ("eldritch sweep simulate --out runs/ao --games 4 --chunk 2 --ancient-one all --players 1,2,4 --workers 2",
         "4 games a setting in tasks of 2 instead of 1000 in tasks of 100"),
    "eldritch sweep simulate --out runs/bots --games 400 --bots 'heuristic|solver' --ray local --json":
        ("eldritch sweep simulate --out runs/bots --games 4 --chunk 2 --bots 'heuristic|solver' --ray local --json",
         "4 games in tasks of 2 instead of 400 in tasks of 50"),
    "eldritch sweep atlas --out runs/atlas --sets core,other --focus 0-1 --spells 0-1 --clues 0-1 --workers 2":
        ("eldritch sweep atlas --out runs/atlas --sets other --dice 5G,6G+Y --focus 0-1 --spells 0-1 --clues 0-1 "
         "--workers 2", "Other Worlds at two dice sets instead of Core and Other Worlds at six"),
    "eldritch sweep atlas --out runs/other --sets other --ray 127.0.0.1:6379 --output atlas.csv":
        ("eldritch sweep atlas --out runs/other --sets other --dice 5G --focus 0 --spells 0 --clues 0-1 "
         "--ray 127.0.0.1:{port} --output atlas.csv",
         "the head node the test started, on a free port; one dice set and fewer situations"),
    "eldritch stayaway --load game.sae":
        ("eldritch stayaway --load game.sae --passphrase-fd 0",
         "the passphrase is asked at a terminal and the test has none: it is typed as stdin's first line "
         "with --passphrase-fd 0, the way host/saves/passphrase.py gives scripts"),
    "eldritch stayaway --resume":
        ("eldritch stayaway --resume --passphrase-fd 0", "likewise: the autosave is sealed, its passphrase on stdin"),
    "eldritch serve":
        ("eldritch serve --port {port} --stop-after 1",
         "a server runs until stopped: it stops by itself 1 s after it is ready, on a free port"),
    "eldritch serve --table stayaway:4":
        ("eldritch serve --table stayaway:4 --port {port} --stop-after 1", "likewise"),
    "eldritch serve --table mansions:3:bots=1 --table eldersign:2:bots=2":
        ("eldritch serve --table mansions:3:bots=1 --table eldersign:2:bots=2 --port {port} --stop-after 1",
         "likewise"),
    "eldritch serve --host 0.0.0.0 --port 8080":
        ("eldritch serve --host 0.0.0.0 --port {port} --stop-after 1", "likewise (a free port instead of 8080)"),
    "eldritch serve export 1a2b3c4d game.sae --passphrase-fd 3 3<words.txt":
        ("eldritch serve list > tables.txt && eldritch serve export \"$(sed -n 's/^table \\([0-9a-f]*\\):.*/\\1/p' "
         "tables.txt)\" game2.sae --passphrase-fd 3 3<words.txt",
         "the id of the table the preparing import made (ids are random), into game2.sae"),
    "eldritch stayaway simulate --games 200 --players 4-12":
        ("eldritch stayaway simulate --games 5 --players 4-12", "5 games per player count instead of 200"),
}

# example -> (a command run first in the same folder, its stdin, why). Sealed saves are made with
# --passphrase-fd 3 from words.txt, and in a state folder of their own: the save layer refuses a save
# older than the newest its table has made (the autosave at the end of the preparing game would be)
WORDS = "printf 'table words\\n' > words.txt && "
SEALED = (WORDS + "ELDRITCH_STATE_DIR=prep eldritch stayaway --seed 3 --players 4 --bots 2,3,4 "
          "--passphrase-fd 3 3<words.txt", "save game.sae\n",
          "game.sae: a game sealed with 'save game.sae' at the table, passphrase 'table words' (in words.txt)")
OWNER = ("eldritch template mine && sed -i 's/^# \\(.*\t.*\\)$/\\1/' mine/*.tsv", "",
         "mine/: the template with its invented example rows kept (a folder of one's own cards)")
PREPARE = {
    "eldritch check mine": OWNER,
    "eldritch check mine --json": OWNER,
    "eldritch play --data mine --bots all --seed 3": OWNER,
    "eldritch check --cards extra.tsv":
        ("eldritch template t && sed 's/^# \\(.*\t.*\\)$/\\1/' t/mythos.tsv > extra.tsv", "",
         "extra.tsv: a card file, the template's mythos table with its example row kept"),
    "eldritch play --resume":
        ("eldritch play --seed 3 --players 2 --bots 2 --plain", "",
         "an autosave: a game whose input ended (the game the example resumes)"),
    "eldritch play --load game.sav --plain":
        ("eldritch play --seed 3 --players 2 --bots 2 --plain --save game.sav", "",
         "game.sav: a game saved when its input ended (the save the example loads)"),
    "eldritch stayaway --load game.sae": SEALED,
    "eldritch stayaway --load game.sae --passphrase-fd 3 3<words.txt": SEALED,
    "eldritch serve import stayaway game.sae --passphrase-fd 3 3<words.txt": SEALED,
    "eldritch serve export 1a2b3c4d game.sae --passphrase-fd 3 3<words.txt":
        (SEALED[0] + " && eldritch serve import stayaway game.sae --passphrase-fd 3 3<words.txt", SEALED[1],
         "a table of the server's folder: the sealed game.sae imported"),
    "eldritch stayaway --resume":
        (WORDS + "eldritch stayaway --seed 3 --players 4 --bots 2,3,4 --passphrase-fd 3 3<words.txt", "",
         "a sealed autosave: a game whose input ended (the game the example resumes)"),
    "eldritch mansions check my_story":
        ("eldritch mansions template my_story", "", "my_story: the template story, written first (the folder "
                                                    "the example checks)"),
    "eldritch mansions check my_story --json":
        ("eldritch mansions template my_story", "", "likewise"),
    "eldritch mansions play --load game.sav --passphrase-fd 3 3<words.txt":
        (WORDS + "ELDRITCH_STATE_DIR=prep eldritch mansions play --seed 3 --players 2 --bots keeper "
         "--passphrase-fd 3 3<words.txt", "save game.sav\n",
         "game.sav: a Mansions game sealed with 'save game.sav', its passphrase in words.txt"),
}

# example -> what is typed on its stdin (else stdin is closed)
STDIN = {"eldritch stayaway --load game.sae": "table words\n", "eldritch stayaway --resume": "table words\n"}


def walk(parser, path, out):
    out.append((" ".join(path), parser))
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                walk(sub, path + [name], out)
    return out


def parsers():
    return walk(cli.build_parser(), ["eldritch"], [])


def examples():
    """Every example line of every help, once each, in the order they are first shown."""
    seen = []
    for _, parser in parsers():
        for line in parser.format_help().splitlines():
            m = EXAMPLE.match(line)
            if m and m.group(1).strip() not in seen:
                seen.append(m.group(1).strip())
    return seen


def run(command, folder, stdin=None, timeout=600, extra_env=None):
    """bash runs the command with `eldritch` (each one, after any VAR=value) this venv's."""
    env = dict(os.environ, ELDRITCH_STATE_DIR=str(folder / "state"), XDG_STATE_HOME=str(folder / "xdg"),
               RAY_TMPDIR=str(folder), **(extra_env or {}))
    script = re.sub(r"(^|&& )((?:[A-Z_]+=\S+\s+)*)eldritch ", lambda m: "%s%s%s " % (
        m.group(1), m.group(2), shlex.quote(str(BIN / "eldritch"))), command)
    assert str(BIN) in script, command
    # a session of its own: no controlling terminal, so a passphrase prompt reads stdin like a pipe
    proc = subprocess.run(["bash", "-c", script], cwd=folder, env=env, input=stdin if stdin is not None else "",
                          capture_output=True, text=True, timeout=timeout, start_new_session=True)
    return proc


def check(example, folder, port=None, extra_env=None):
    if example in PREPARE:
        first, stdin, _ = PREPARE[example]
        proc = run(first, folder, stdin)
        assert proc.returncode == 0, "preparing %r: %s" % (example, proc.stderr[-2000:])
    command = SUBSTITUTIONS[example][0] if example in SUBSTITUTIONS else example
    proc = run(command.replace("{port}", str(port)), folder, STDIN.get(example), extra_env=extra_env)
    assert proc.returncode == 0, "%s\n(run as %s) exited %d:\n%s" % (example, command, proc.returncode,
                                                                     proc.stderr[-3000:])


def is_ray(example):
    return "--ray" in example


def test_every_command_and_subcommand_has_examples_and_every_substitution_is_used():
    shown = examples()
    for name, parser in parsers():
        text = parser.format_help()
        assert any(EXAMPLE.match(line) for line in text.splitlines()), "%s --help shows no example" % name
    for example in list(SUBSTITUTIONS) + list(PREPARE) + list(STDIN):
        assert example in shown, "a substitution for an example no help shows any more: %r" % example
    assert len(shown) >= 50


@pytest.mark.slow
def test_help_examples_run(tmp_path):
    failed = []
    for k, example in enumerate(examples()):
        if is_ray(example):
            continue
        folder = tmp_path / ("example%02d" % k)
        folder.mkdir()
        try:
            check(example, folder, port=_free_port())
        except AssertionError as exc:
            failed.append(str(exc))
    assert not failed, "\n\n".join(failed)


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.slow
def test_ray_examples_run():
    ray_examples = [e for e in examples() if is_ray(e)]
    assert len(ray_examples) == 2
    folder = Path(tempfile.mkdtemp(prefix="eray", dir="/tmp"))      # short: Ray's socket paths
    port = _free_port()
    # HOME in the folder: Ray keeps an authentication token in ~/.ray, and a head node that finds one
    # turns token authentication on, which `ray.init(address=...)` clients of Ray 2.59-2.60 do not
    # send (ray-project/ray#64755); this head and these clients share a fresh HOME, auth off
    home = {"HOME": str(folder)}
    head = subprocess.Popen(
        [str(BIN / "ray"), "start", "--head", "--block", "--port", str(port), "--node-ip-address", "127.0.0.1",
         "--num-cpus", "2", "--include-dashboard", "false", "--disable-usage-stats", "--temp-dir", str(folder / "r")],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        env=dict(os.environ, RAY_AUTH_MODE="disabled", **home))
    try:
        deadline = time.time() + 120
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert head.poll() is None and time.time() < deadline, "the Ray head node did not start"
                time.sleep(0.5)
        for example in ray_examples:
            check(example, folder, port, extra_env=home)
    finally:
        os.killpg(head.pid, signal.SIGTERM)
        try:
            head.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(head.pid, signal.SIGKILL)
            head.wait()
        shutil.rmtree(folder, ignore_errors=True)
