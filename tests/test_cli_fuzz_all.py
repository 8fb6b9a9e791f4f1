"""CLI fuzz over every command of every game: hypothesis builds command lines
from the argparse parsers themselves (cli.build_parser() and its subparsers, walked at import), so a
new command or flag is fuzzed without editing this file. Every run, in this process, with stdin
/dev/null and streams that encode as a real process's do, must end with exit code 0 or 2, never a
traceback, and within PER_CALL_SECONDS; a failure (exit 2) is one line on stderr.

Values come from hostile pools (unicode digits, huge and negative numbers, empty and long strings,
separators alone, paths that cannot be read or written, bytes that are not UTF-8 as argv carries
them) and from each flag's own choices. Flags whose valid values set how much work a command does
(games, steps, seconds, workers, the atlas grid) draw from WORK pools that keep any valid value
small, and WORK_DEFAULTS start such commands small (a later generated value overrides them): the
fuzz is about what a command refuses, not about running long simulations. A new flag that makes a
command run long is caught by the per-call timeout, and belongs in WORK.

Kept out on purpose: `--ray local` and `auto` (they start or join a real cluster), host names that
need DNS (a resolver's timeout is not the command's), and the Python backend for commands that play
Elder Sign with bots or run the atlas (minutes per call without the C core; their parsing is the
same under both backends), and device files as save, load or log paths (SAVES_PENDING): the save
layer refuses them in one line (its own tests check that), but a regression there, run as root by
this in-process fuzz, would replace /dev/null for the whole machine or read /dev/zero until memory
runs out, so they stay out of a test that runs on shared machines.
"""

import argparse
import getpass
import os
import signal

import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

from clirun import run_cli
from eldritch.cli import build_parser

PER_CALL_SECONDS = 30
EXAMPLES = int(os.environ.get("ELDRITCH_FUZZ_EXAMPLES", "600"))   # about 20 s on two busy cores


class Overtime(BaseException):
    """A call ran past PER_CALL_SECONDS (BaseException: no `except Exception` in the CLI swallows it)."""


# ----- the parsers, walked ----------------------------------------------------------------------------

def _walk(parser, words=(), chain=()):
    """[(words, parsers)] for every command path: parsers[0] is the top level, parsers[i] the parser
    that words[i - 1] selects."""
    chain = chain + (parser,)
    out = [(words, chain)]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                out += _walk(sub, words + (name,), chain)
    return out


def _options(parser):
    return [a for a in parser._actions if not isinstance(a, argparse._SubParsersAction)]


PATHS = _walk(build_parser())
COMMAND_WORDS = sorted({w for words, _ in PATHS for w in words})

# ----- the value pools ----------------------------------------------------------------------------------

NUMBERS = ["0", "1", "2", "3", "8", "-1", "²", "٣", "१", "1" * 40, "", " 1", "1.5", "0x10", "1e3", "+1", "9999999999"]
TEXTS = ["", " ", ",", "|", ",,", "all", "none", "L", "L L > P", "I3 | L/P/T S9 H9 C", "é", "x" * 300, "\t",
         "a\nb", "\udcff", "-", "--", "-x", "=", "curator", "core", "Yig", "heuristic", "random", "1,2", "2,3,4"]
PATHS_HOSTILE = ["", ".", "/proc/x", "/proc/nonexistent/x", "missing/x", "missing.txt", "garbage.bin", "empty.txt",
                 "x" * 300, "\udcff.txt", "sub"]
SAVES_PENDING = ["/dev/null", "/dev/full", "/dev/zero", "/dev/urandom"]     # never used: see the docstring

WORK = {
    "--games": ["1", "2", "0", "-1", "²", "x", "", "1.5", "100000001"],
    "-n": ["1", "2", "0", "²"],
    "--chunk": ["1", "2", "0", "²", "x"],
    "--workers": ["1", "2", "0", "²", "257", "100000"],
    "--retries": ["0", "1", "3", "-1", "²", "101"],
    "--max-steps": ["1", "50", "300", "0", "-5", "²", "x"],
    "--max-seconds": ["1", "0.5", "0", "-1", "²", "x", "", "1e9x", "inf", "nan"],
    "--max-memory": ["1G", "64M", "1K", "0", "²", "-", "10T", "", "1.5X"],
    "--rounds": ["1", "2", "0", "-1", "²"],
    "--ray": ["", " ", ":", "a:b", "127.0.0.1:1", "ray://", "ray://127.0.0.1:1", "host:99999", "ünï:1",
              "x" * 300 + ":1", "[::1]:1", "1.2.3.4", "a b:1"],
    "--out": ["{fresh}", "{fresh}", "{fresh}", "out", "", "/proc/x", "/proc/nonexistent/x", "missing/x", "garbage.bin", "x" * 300],
    "--output": ["atlas.csv", "", "/proc/x.csv", "/proc/nonexistent/x.csv", "missing/x.csv", ".", "sub"],
    "--chart": ["c.png", "", "/proc/x.png", "/proc/nonexistent/c.png", "missing/c.png", "."],
    "--bots": ["", "all", "1", "2", "1,2", ",", "|", "heuristic", "random", "basic", "search",
               "heuristic|random", "heuristic,random", "nobody", "²", "9", "0", "-1", " , "],
    "--sets": ["core", "gates", "nowhere", "²", "x" * 300, ",core", "core,core"],
    "--query": ["curator", "hall", "nothing", "²", "x" * 300],
    "--dice": ["5G", "6G+Y", "²G", "9G", "0G", "5G+Y+Y", "", ",", "5G,5G", "5g+r"],
    "--focus": ["0", "1", "²", "5", "1-0", "a", "", "-1"],
    "--spells": ["0", "²", "9", "x", "0-0"],
    "--clues": ["0", "²", "-", "0-9", "٣"],
    "--players": ["1", "2", "4", "5", "0", "9", "13", "²", "1,1", ",", "-1", "4,5"],
    "--cards-per-task": ["1", "4", "0", "²"],
    "--speed": ["0", "1", "-1", "²", "x"],
    "--stop-after": ["0", "0.1", "-1", "²", "x", "", "nan", "1e99"],
    "--port": ["0", "-1", "65536", "²", "x", ""],
    # no names that need DNS (a resolver's timeout is not the command's)
    "--host": ["127.0.0.1", "::1", "localhost", "0.0.0.0", "1.2.3.4", "256.1.1.1", "", "²", "[::1]", "::x"],
    # never 0-2 nor another open descriptor: this process's own stdin is pytest's (under xdist, the
    # channel to the controller) and reading it would steal or wait
    "--passphrase-fd": ["-1", "999", "4096", "²", "x", ""],
}
# path flags: every flag that names a file or folder (by its help text or its name)
PATH_FLAGS = {"--log", "--load", "--save", "--deck", "--cards", "--board", "--story", "--state-dir", "folder"}

# commands that start small unless the generated line says otherwise (later values override)
WORK_DEFAULTS = {
    ("odds",): ["--max-seconds", "1"],
    ("advise",): ["--max-seconds", "1"],
    ("table",): ["--query", "curator", "--set", "core", "--dice", "5G", "--max-seconds", "1"],
    ("play",): ["--max-steps", "300"],
    ("simulate",): ["--games", "1"],
    ("sweep", "simulate"): ["--games", "2", "--chunk", "1", "--out", "{fresh}"],
    ("sweep", "atlas"): ["--sets", "core", "--focus", "0", "--spells", "0", "--clues", "0", "--dice", "5G",
                         "--out", "{fresh}"],
    ("stayaway",): ["--games", "2", "--max-steps", "3000"],
    ("arkham", "play"): ["--rounds", "3"],
    # the server stops at once, on a free port (a fixed one may be taken by another test's server)
    ("serve",): ["--stop-after", "0", "--port", "0", "--no-qr"],
}
PYTHON_TOO_SLOW = {("play",), ("simulate",), ("sweep", "simulate"), ("sweep", "atlas")}


def _candidates(action):
    for flag in action.option_strings or [action.dest]:
        if flag in WORK:
            return WORK[flag]
    names = set(action.option_strings) | {action.dest}
    if names & PATH_FLAGS:
        return PATHS_HOSTILE
    pool = TEXTS + NUMBERS
    if action.choices:
        pool = [str(c) for c in action.choices] + pool
    if action.default is not None and not isinstance(action.default, (list, bool)) \
            and action.default != argparse.SUPPRESS:
        pool = [str(action.default)] + pool
    return pool


def _accepts(action, text):
    """Whether argparse takes `text` as this action's value (its type converter and its choices)."""
    try:
        value = action.type(text) if callable(action.type) else text
    except (argparse.ArgumentTypeError, TypeError, ValueError):
        return False
    return not action.choices or value in action.choices


def _preferred(action):
    """Values that make sense for the action: its default, its choices, WORK's accepted values."""
    out = []
    if action.default is not None and not isinstance(action.default, (list, bool)) \
            and action.default != argparse.SUPPRESS:
        out.append(str(action.default))
    out += [str(c) for c in action.choices or ()]
    return out


def _values(action):
    """Half the time a value that makes sense, four times in ten another value argparse accepts (the
    command's body then has to refuse it), one time in ten a value argparse refuses (a usage error
    must be one line too)."""
    pool = list(dict.fromkeys(_candidates(action)))
    good = [v for v in pool if _accepts(action, v)]
    bad = [v for v in pool if v not in good]
    sensible = [v for v in dict.fromkeys(_preferred(action) + good[:3]) if v in good]
    groups = [(5, sensible), (4, good), (1, bad)]
    groups = [(w, g) for w, g in groups if g]
    ranked = [g for w, g in groups for _ in range(w)]
    return st.sampled_from(ranked).flatmap(st.sampled_from)


def _piece(action):
    """One occurrence of an action on the command line: [flag] or [flag, value] or [value]."""
    if isinstance(action, (argparse._HelpAction, argparse._VersionAction)):
        return st.just(action.option_strings[-1:])
    if action.nargs == 0:
        return st.just([action.option_strings[-1]])
    value = _values(action)
    if not action.option_strings:
        return value.map(lambda v: [v])
    flag = st.sampled_from(action.option_strings)
    joined = st.booleans()
    return st.tuples(flag, value, joined).map(
        lambda t: [t[0] + "=" + t[1]] if t[2] and t[0].startswith("--") else [t[0], t[1]])


def _required(action):
    return action.required or (not action.option_strings and action.nargs in (None, 1))


def _level(parser, rare_help):
    """The words of one parser's level: its required arguments (nearly always), some of its other
    options, and now and then a junk word."""
    actions = [a for a in _options(parser) if not (rare_help and isinstance(a, (argparse._HelpAction,
                                                                                 argparse._VersionAction)))]
    junk = st.sampled_from(["--bogus", "-x", "--", "extra", "-", "--json", "--plain"]).map(lambda w: [w])
    required = [a for a in actions if _required(a)]
    optional = [a for a in actions if not _required(a)]
    parts = []
    for a in required:                               # left out one time in sixteen
        parts.append(st.integers(0, 15).flatmap(lambda k, a=a: st.just([]) if k == 0 else _piece(a)))
    if optional:
        pieces = st.one_of([_piece(a) for a in optional])
        piece = st.integers(0, 31).flatmap(lambda k: junk if k == 0 else pieces)
    else:
        piece = st.integers(0, 31).flatmap(lambda k: junk if k == 0 else st.just([]))
    parts.append(st.lists(piece, max_size=4).map(lambda ps: [w for p in ps for w in p]))
    # the order of the pieces on the line is drawn too (argparse takes options in any order)
    return st.tuples(*parts).flatmap(lambda groups: st.permutations(list(groups))).map(
        lambda groups: [w for g in groups for w in g])


@st.composite
def command_lines(draw):
    words, chain = draw(st.sampled_from(PATHS))
    rare_help = draw(st.integers(0, 9)) > 0         # --help and --version one time in ten
    argv = []
    for depth, parser in enumerate(chain):
        if depth:
            argv.append(words[depth - 1])
        if depth == len(words):
            argv += WORK_DEFAULTS.get(words, [])
        argv += draw(_level(parser, rare_help))
    if not words and draw(st.booleans()):
        word = draw(st.sampled_from(COMMAND_WORDS + ["nope", "", "²"]))
        argv += [word] + WORK_DEFAULTS.get((word,), [])     # a bare `serve` would serve until stopped
    if any(words[:len(k)] == k for k in PYTHON_TOO_SLOW):
        top = argv.index(words[0])
        argv[:top] = ["c" if w == "python" else "--backend=c" if w == "--backend=python" else w for w in argv[:top]]
    return words, argv


# ----- the run ------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def sandbox(tmp_path_factory):
    """A folder to run in: a garbage file, an empty file, a sub-folder; per-user state kept inside."""
    root = tmp_path_factory.mktemp("fuzz")
    (root / "garbage.bin").write_bytes(os.urandom(512))
    (root / "empty.txt").write_bytes(b"")
    (root / "sub").mkdir()
    return root


_COUNTER = __import__("itertools").count()


def _overtime(signum, frame):
    raise Overtime()


@settings(max_examples=EXAMPLES, deadline=None, derandomize=False,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                 HealthCheck.data_too_large])
@pytest.mark.slow
@given(line=command_lines())
def test_every_command_line_ends_in_0_or_2_with_at_most_one_line(line, sandbox, monkeypatch):
    words, argv = line
    fresh = str(sandbox / "sweeps" / str(next(_COUNTER)))       # a sweep folder of its own
    argv = [w.replace("{fresh}", fresh) for w in argv]
    monkeypatch.chdir(sandbox)
    monkeypatch.setenv("ELDRITCH_STATE_DIR", str(sandbox / "state"))
    monkeypatch.setenv("XDG_STATE_HOME", str(sandbox / "xdg"))
    monkeypatch.delenv("ELDRITCH_BACKEND", raising=False)
    monkeypatch.delenv("RAY_ADDRESS", raising=False)

    def no_terminal(prompt="Password: ", stream=None):      # getpass without a terminal: stdin's line
        line = __import__("sys").stdin.readline()
        if not line:
            raise EOFError
        return line.rstrip("\n")
    monkeypatch.setattr(getpass, "getpass", no_terminal)
    old = signal.signal(signal.SIGALRM, _overtime)
    signal.setitimer(signal.ITIMER_REAL, PER_CALL_SECONDS)
    try:
        code, out, err = run_cli(argv)
    except Overtime:
        pytest.fail("took more than %d s: eldritch %s" % (PER_CALL_SECONDS, " ".join(map(repr, argv))))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    event("%s: exit %s" % (" ".join(words) or "(no command)", code))
    assert code in (0, 2), (argv, code, err[-2000:])
    assert "Traceback" not in err and "Traceback" not in out, (argv, err[-2000:])
    if code == 2:
        lines = [ln for ln in err.splitlines() if ln.strip()]
        assert len(lines) == 1 and lines[0].startswith(("eldritch: ", "eldritch ", "usage: ")), (argv, err[-2000:])
