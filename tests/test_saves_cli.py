"""The save layer as the four games' commands use it, each test a command line a player types, run
as a process: exit 0 or one line and exit 2, never a traceback, never a wait, nothing lost and
nothing foreign replaced.

ELDRITCH_UNDER_TEST may name another `eldritch` executable (main's, to see these tests fail there).
"""

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

ELDRITCH = os.environ.get("ELDRITCH_UNDER_TEST") or str(Path(sys.executable).parent / "eldritch")
PYTHON = str(Path(ELDRITCH).parent / "python")


@pytest.fixture
def env(tmp_path):
    return dict(os.environ, ELDRITCH_STATE_DIR=str(tmp_path / "state"), HOME=str(tmp_path))


def run(args, env, stdin="", timeout=60, cwd=None, pass_fds=()):
    return subprocess.run([ELDRITCH] + args, input=stdin, capture_output=True, text=True, timeout=timeout,
                          env=env, cwd=cwd, pass_fds=pass_fds)


def one_line(proc):
    """Exit 2 with exactly one line on stderr, no traceback."""
    return proc.returncode == 2 and proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr


def words_fd(words="table words"):
    r, w = os.pipe()
    os.write(w, words.encode() + b"\n")
    os.close(w)
    return r


def _load_arkham(path):
    out = subprocess.run([PYTHON, "-c", "import sys\nfrom eldritch import saves\n"
                          "from eldritch.kernel.arkham.game.rules import Rules\n"
                          "g = Rules(None).deserialize(saves.read_save(sys.argv[1], 'arkham').payload)\n"
                          "print(g.nlog)", str(path)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return int(out.stdout)


# ----- a failed save is one line and the game goes on ----------------------------------------------

def test_rule_arkham_a_failed_save_is_one_line_and_the_game_goes_on(tmp_path, env):
    """`printf 'save /dev/null/x\\n1\\nquit\\n' | eldritch arkham play --seed 1 --save ok.sav` exited 2
    and lost the game; now the failed save is one line, the choice is taken, and ok.sav holds it."""
    proc = run(["arkham", "play", "--seed", "1", "--save", "ok.sav"], env, "save /dev/null/x\n1\nquit\n",
               cwd=str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    lines = [ln for ln in proc.stdout.splitlines() if "not saved" in ln]
    assert len(lines) == 1 and "/dev/null/x" in lines[0] and "the game goes on" in lines[0]
    assert _load_arkham(tmp_path / "ok.sav") >= 1


def test_rule_mansions_a_failed_save_is_one_line_and_the_game_goes_on(tmp_path, env):
    r = words_fd()
    proc = run(["mansions", "play", "--seed", "3", "--players", "2", "--bots", "keeper", "--save", "ok.sav",
                "--passphrase-fd", str(r)], env, "save /dev/null/x\n1\nquit\n", cwd=str(tmp_path), pass_fds=(r,))
    os.close(r)
    assert proc.returncode == 0, proc.stderr
    assert sum("not saved" in ln for ln in proc.stdout.splitlines()) == 1
    assert (tmp_path / "ok.sav").read_bytes().startswith(b"ELDRITCH MANSIONS SEALED SAVE v1\n")


@pytest.mark.parametrize("args", [
    ["arkham", "play", "--save", ""], ["arkham", "play", "--load", ""], ["mansions", "play", "--save", ""],
    ["mansions", "play", "--load", ""], ["stayaway", "--load", ""], ["play", "--load", ""],
    ["play", "--save", "", "--bots", "all"],
])
def test_rule_an_empty_file_name_is_refused_not_ignored(args, env):
    """`--load ''` and `arkham --save ''` are refused in one line, not silently ignored."""
    proc = run(args, env)
    assert one_line(proc) and "no file name given" in proc.stderr, proc.stderr


@pytest.mark.parametrize("game", ["arkham", "mansions"])
def test_rule_save_never_replaces_a_users_file_or_a_device(game, tmp_path, env):
    """`arkham play --save /dev/null` must not turn the device into a file, nor `mansions play --save
    thesis.txt` replace the thesis: both are refused up front, in one line."""
    thesis = tmp_path / "thesis.txt"
    thesis.write_text("chapter one")
    link = tmp_path / "link.sav"
    link.symlink_to(thesis)
    for target in (str(thesis), "/dev/null", str(link)):
        proc = run([game, "play", "--seed", "1", "--bots", "all", "--save", target], env)
        assert one_line(proc) and "not replaced" in proc.stderr, proc.stderr
    assert thesis.read_text() == "chapter one" and not os.path.isfile("/dev/null") and link.is_symlink()


def test_arkham_a_failed_end_save_names_the_save_and_keeps_the_game(tmp_path, env):
    """A save that fails at the end (the folder removed during the game) is one line naming --save,
    and the game is in the autosave instead."""
    folder = tmp_path / "gone"
    folder.mkdir()
    script = ("import os, shutil, sys\nfrom eldritch import cli\nfrom eldritch.arkham import cli as ak\n"
              "orig = ak.interactive\n"
              "def interactive(*a, **k):\n    shutil.rmtree(%r)\n    return orig(*a, **k)\n"
              "ak.interactive = interactive\nsys.exit(cli.main(sys.argv[1:]))\n" % str(folder))
    proc = subprocess.run([PYTHON, "-c", script, "arkham", "play", "--seed", "1", "--save",
                           str(folder / "x.sav")], input="1\nquit\n", capture_output=True, text=True,
                          timeout=60, env=env)
    assert one_line(proc) and proc.stderr.startswith("eldritch: --save: cannot write"), proc.stderr
    assert "cannot write the output" not in proc.stderr and "arkham-autosave.sav instead" in proc.stderr
    assert _load_arkham(tmp_path / "state" / "arkham-autosave.sav") >= 1


# ----- unbounded reads and FIFOs --------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["arkham", "play", "--load", "/dev/zero"], ["arkham", "play", "--load", "/dev/urandom"],
    ["arkham", "play", "--load", "/dev/full"], ["stayaway", "--load", "/dev/zero"],
    ["stayaway", "--load", "/dev/urandom"], ["stayaway", "--load", "/dev/full"],
    ["mansions", "play", "--load", "/dev/zero"], ["play", "--load", "/dev/zero"],
])
def test_rule_a_device_is_not_read_to_exhaustion(args, env):
    """`arkham play --load /dev/zero` and `stayaway --load /dev/zero` are refused, not read until memory
    runs out."""
    proc = run(args, env, timeout=20)
    assert one_line(proc) and "not a regular file" in proc.stderr, proc.stderr


@pytest.mark.parametrize("args", [
    ["play", "--load", "{fifo}"], ["play", "--cards", "{fifo}"], ["play", "--seed", "1", "--bots", "all", "--log", "{fifo}"],
    ["arkham", "play", "--load", "{fifo}"], ["arkham", "play", "--seed", "1", "--bots", "all", "--log", "{fifo}"],
    ["mansions", "play", "--load", "{fifo}"], ["stayaway", "--load", "{fifo}"],
    ["stayaway", "--deck", "{fifo}", "--bots", "all"], ["stayaway", "--seed", "2", "--bots", "all", "--log", "{fifo}"],
])
def test_rule_a_fifo_with_no_peer_is_one_line_not_a_hang(args, tmp_path, env):
    """--load, --log, --cards and --deck do not block forever on a FIFO nobody opens."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    proc = run([a.format(fifo=fifo) for a in args], env, timeout=30)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1 and ("regular file" in proc.stderr or "no process is reading" in proc.stderr)


# ----- Elder Sign: bad save lines, autosaves kept apart, a full disk --------------------------------

def test_rule_a_save_line_with_a_nul_byte_is_one_line(env):
    """`printf 'save \\0x\\n' | eldritch play --plain` was a ValueError traceback."""
    proc = run(["play", "--plain", "--seed", "1"], env, "save \0x\nquit\n")
    assert proc.returncode == 0 and "Traceback" not in proc.stderr
    assert "a file name cannot hold a NUL byte" in proc.stdout


@pytest.mark.parametrize("how", ["--load", "--resume"])
def test_rule_a_crafted_deep_save_with_a_valid_sha256_is_one_line(how, tmp_path, env):
    body = b"ELDRITCH PLAY SAVE v1\n" + b"[" * 100000 + b"\n"
    deep = tmp_path / "deep.sav"
    deep.write_bytes(body + b"sha256 " + hashlib.sha256(body).hexdigest().encode() + b"\n")
    state = tmp_path / "state"
    state.mkdir()
    (state / "autosave.sav").write_bytes(deep.read_bytes())
    proc = run(["play", "--load", str(deep)] if how == "--load" else ["play", "--resume"], env)
    assert one_line(proc) and "nested" in proc.stderr, proc.stderr


def test_rule_two_new_games_in_a_row_keep_the_first_unfinished_game(tmp_path, env):
    """Two new games after an unfinished one: each unfinished game keeps a name of its own, so the
    second does not overwrite the first's autosave and lose it."""
    state = tmp_path / "state"
    for seed in ("3", "4", "5"):
        proc = run(["play", "--plain", "--seed", seed], env, "\n\nquit\n")
        assert proc.returncode == 0, proc.stderr
    kept = sorted(n for n in os.listdir(state) if n.startswith("autosave-previous"))
    assert kept == ["autosave-previous-2.sav", "autosave-previous.sav"]
    seeds = set()
    for name in kept:
        out = subprocess.run([PYTHON, "-c", "import sys\nfrom eldritch.eldersign import playsave\n"
                              "print(playsave.load_file(sys.argv[1])[0].seed)", str(state / name)],
                             capture_output=True, text=True, timeout=60)
        seeds.add(out.stdout.strip())
    assert seeds == {"3", "4"}


def _full_folder(tmp_path):
    """A folder on a full filesystem: a 64 KB tmpfs filled up (root can mount one here), or None."""
    mnt = tmp_path / "full"
    mnt.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mnt)],
                                           capture_output=True).returncode != 0:
        return None
    with open(mnt / "filler", "wb") as f:
        try:
            f.write(b"\0" * (1 << 20))
        except OSError:
            pass
    return mnt


def test_rule_a_full_disk_is_never_called_saved(tmp_path, env):
    """On a full disk where every autosave failed, `eldritch play` must not say "the game is saved in
    .../autosave.sav": the stop message says what is true. (A real
    full filesystem, a 64 KB tmpfs; where mounting is not allowed, RLIMIT_FSIZE stands in for it.)"""
    mnt = _full_folder(tmp_path)
    try:
        if mnt is not None:
            env = dict(env, ELDRITCH_STATE_DIR=str(mnt / "state"))
            os.mkdir(mnt / "state")
            proc = run(["play", "--plain", "--seed", "1"], env, "\nquit\n")
        else:
            proc = subprocess.run([PYTHON, "-c", "import resource, signal, sys\n"
                                   "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
                                   "resource.setrlimit(resource.RLIMIT_FSIZE, (16, 16))\n"
                                   "from eldritch import cli\nsys.exit(cli.main(sys.argv[1:]))",
                                   "play", "--plain", "--seed", "1"], input="\nquit\n", capture_output=True,
                                  text=True, timeout=60, env=env)
        assert one_line(proc) and "could NOT be saved" in proc.stderr, proc.stderr     # a script sees it
        assert "the game is saved in" not in proc.stdout
        assert "the game could NOT be saved" in proc.stdout
        state = Path(env["ELDRITCH_STATE_DIR"])
        assert not (state / "autosave.sav").exists()
    finally:
        if mnt is not None:
            subprocess.run(["umount", str(mnt)], capture_output=True)


def _fill(folder):
    """Fill the filesystem of folder (a tmpfs) up to its last byte."""
    with open(os.path.join(folder, "filler-%d" % len(os.listdir(folder))), "wb", buffering=0) as f:
        try:
            while True:
                f.write(b"\0" * 512)
        except OSError:
            pass


# each game's command: a new game that stops at once (its autosave made), and its --resume
FULL_DISK_GAMES = {
    "eldersign": (["play", "--plain", "--seed", "1"], "\nquit\n", ["play", "--plain", "--resume"], "quit\n"),
    "arkham": (["arkham", "play", "--plain", "--seed", "1"], "quit\n", ["arkham", "play", "--plain", "--resume"],
               "quit\n"),
    "stayaway": (["stayaway", "--plain", "--seed", "1", "--players", "4", "--bots", "2,3,4"], "quit\n",
                 ["stayaway", "--plain", "--resume", "--bots", "2,3,4"], "quit\n"),
}


@pytest.mark.parametrize("game", sorted(FULL_DISK_GAMES))
def test_rule_a_resume_whose_autosave_fails_on_a_full_disk_exits_2(game, tmp_path, env):
    """`play --resume` on a full disk said "the game could NOT be saved" and exited 0: a script
    checking $? took the game as saved. It now exits 2 with that line on stderr."""
    mnt = _full_folder(tmp_path)
    if mnt is None:
        pytest.skip("needs root to mount a small tmpfs (a full filesystem)")
    try:
        os.remove(mnt / "filler")
        state = mnt / "state"
        state.mkdir()
        env = dict(env, ELDRITCH_STATE_DIR=str(state))
        new, new_in, resume, resume_in = FULL_DISK_GAMES[game]
        fds = []
        if game == "stayaway":
            fds = [words_fd(), words_fd()]
            new, resume = new + ["--passphrase-fd", str(fds[0])], resume + ["--passphrase-fd", str(fds[1])]
        proc = run(new, env, new_in, pass_fds=fds[:1])
        assert proc.returncode == 0, proc.stdout[-1000:] + proc.stderr
        _fill(mnt)
        proc = run(resume, env, resume_in, pass_fds=fds[1:])
        for fd in fds:
            os.close(fd)
        assert one_line(proc) and "could NOT be saved" in proc.stderr, (proc.returncode, proc.stderr)
        assert "Traceback" not in proc.stdout
    finally:
        subprocess.run(["umount", str(mnt)], capture_output=True)


def test_rule_play_save_on_a_full_disk_exits_2_and_says_where_the_game_is(tmp_path, env):
    """`eldritch play --save FILE` on a full disk printed "cannot write ... no space left" and exited
    0; Arkham, Mansions and Stay Away! exited 2 with where the game is instead. Elder Sign now does
    the same."""
    mnt = _full_folder(tmp_path)
    if mnt is None:
        pytest.skip("needs root to mount a small tmpfs (a full filesystem)")
    try:
        target = str(mnt / "game.sav")
        for args, stdin in ((["play", "--plain", "--seed", "1", "--save", target], "\nquit\n"),
                            (["arkham", "play", "--plain", "--seed", "1", "--save", target], "quit\n")):
            proc = run(args, env, stdin)
            assert one_line(proc) and "no space left" in proc.stderr, (args, proc.returncode, proc.stderr)
            assert "the game is saved in" in proc.stderr and "autosave" in proc.stderr, proc.stderr
    finally:
        subprocess.run(["umount", str(mnt)], capture_output=True)


# ----- sealed saves at the table --------------------------------------------------------------------

def test_rule_the_passphrase_is_never_taken_from_argv(env):
    for args in (["stayaway", "--passphrase", "words"], ["mansions", "play", "--passphrase", "words"]):
        proc = run(args, env)
        assert one_line(proc) and "never on the command line" in proc.stderr


def test_rule_without_a_terminal_or_fd_a_sealed_load_asks_for_one_in_one_line(tmp_path, env):
    r = words_fd()
    proc = run(["mansions", "play", "--seed", "2", "--players", "2", "--bots", "keeper", "--save", "m.sav",
                "--passphrase-fd", str(r)], env, "quit\n", cwd=str(tmp_path), pass_fds=(r,))
    os.close(r)
    assert proc.returncode == 0, proc.stderr
    proc = run(["mansions", "play", "--load", "m.sav", "--bots", "keeper"], env, "", cwd=str(tmp_path))
    assert one_line(proc) and "--passphrase-fd" in proc.stderr


def test_rule_stayaway_refuses_a_rolled_back_save_and_says_when_allowed(tmp_path, env):
    """An older sealed save would let the table be rolled back. Two saves of one table: the older is
    refused in one line; --allow-older loads it and the screen says so; files are mode 0600."""
    saves_in = "save old.sae\ntable words\n1\nsave new.sae\n2\nquit\n"
    proc = run(["stayaway", "--seed", "4", "--players", "4", "--bots", "2,3,4"], env, "\n" + saves_in,
               cwd=str(tmp_path))
    assert "sealed into" in proc.stdout, proc.stdout[-2000:] + proc.stderr
    for name in ("old.sae", "new.sae"):
        assert os.stat(tmp_path / name).st_mode & 0o777 == 0o600
    r = words_fd()
    proc = run(["stayaway", "--load", "old.sae", "--bots", "2,3,4", "--passphrase-fd", str(r)], env, "quit\n",
               cwd=str(tmp_path), pass_fds=(r,))
    os.close(r)
    assert one_line(proc) and "an older save of this table" in proc.stderr, proc.stderr
    r = words_fd()
    proc = run(["stayaway", "--load", "old.sae", "--bots", "2,3,4", "--allow-older", "--passphrase-fd", str(r)],
               env, "\nquit\n", cwd=str(tmp_path), pass_fds=(r,))
    os.close(r)
    assert "loaded by agreement" in proc.stdout and "You are P1" in proc.stdout


def test_rule_mansions_saves_are_sealed_and_the_log_waits_for_the_end(tmp_path, env):
    """A Mansions save holds the seed and every action, so it is sealed; and --log holds no seed and
    none of the keeper's secrets while the game can go on (the public log; the referee's full log is
    written once the game is over)."""
    r = words_fd()
    proc = run(["mansions", "play", "--seed", "7", "--players", "3", "--bots", "keeper", "--save", "m.sav",
                "--log", "m.log", "--passphrase-fd", str(r)], env, "1\n1\nquit\n", cwd=str(tmp_path), pass_fds=(r,))
    os.close(r)
    assert proc.returncode == 0, proc.stderr
    raw = (tmp_path / "m.sav").read_bytes()
    assert raw.startswith(b"ELDRITCH MANSIONS SEALED SAVE v1\n") and b"demo" not in raw
    log = (tmp_path / "m.log").read_text()
    assert "seed" not in log and "objective" not in log and "answers guide question 1" in log
    from eldritch.kernel.mansions.game.rules import Rules
    story = Rules().story
    assert not any(words in log for words in story.answer_text.values())
