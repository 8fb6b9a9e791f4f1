"""The one save layer of every game (host/saves/__init__.py): each game's real states round-trip
through it, plain or sealed; nothing but a save of the same game is ever replaced; reads take
regular files only, bounded by the format; the checksums catch what Fletcher-16 missed and every
header field is range-checked; the JSON is bounded; sealed saves resist tampering and rollback;
autosaves keep every unfinished game; and the saves today's main wrote still load."""

import base64
import hashlib
import os
import stat
import threading
import time
import zlib
from array import array
from pathlib import Path

import pytest

from eldritch import saves

from eldritch.saves import saveformat
from eldritch.saves.atomic import SaveError
from eldritch.saves.seal import Seal
from eldritch.kernel.errors import KernelError

HERE = Path(__file__).resolve().parent
OLD = HERE / "golden" / "oldsaves"


@pytest.fixture(autouse=True)
def state(tmp_path, monkeypatch):
    folder = tmp_path / "state"
    monkeypatch.setenv("ELDRITCH_STATE_DIR", str(folder))
    return folder


# ----- each game's real states --------------------------------------------------------------------

def _eldersign(steps):
    from eldritch.kernel.eldersign.game.data import GameData
    from eldritch.kernel.eldersign.game.machine import Game, MAX_GAME_ACTIONS
    from eldritch.kernel.eldersign.game import bot
    data = GameData()
    g = Game(data, players=2, seed=5)
    buf = array("i", [0] * MAX_GAME_ACTIONS)
    for _ in range(steps):
        n = g.legal_actions(buf)
        g.apply(bot.choose(g, buf, n))
    return g, lambda blob: __import__("eldritch.kernel.eldersign.game.save", fromlist=["x"]).deserialize(blob, data)


def _arkham(steps):
    from eldritch.kernel.arkham.game.rules import Rules
    from eldritch.kernel.arkham.game.bots import HeuristicBot
    rules = Rules(None)
    g = rules.new_game(3, 2)
    bot = HeuristicBot(rules.board)
    buf = array("i", [0] * rules.max_actions)
    for _ in range(steps):
        n = g.legal_actions(buf)
        g.apply(buf[0] if g.current_player() < 0 else bot.choose(g, buf, n))
    return g, lambda blob: rules.deserialize(blob)


def _mansions(steps):
    from eldritch.kernel.mansions.game.rules import Rules
    rules = Rules()
    g = rules.new_game(3, 3)
    buf = array("i", [0] * rules.max_actions)
    for _ in range(steps):
        g.legal_actions(buf)
        g.apply(buf[0])
    return g, rules.deserialize


def _stayaway(steps):
    from eldritch.kernel.stayaway.game.rules import Rules
    rules = Rules()
    g = rules.new_game(9, 4)
    buf = array("i", [0] * rules.max_actions)
    for _ in range(steps):
        g.legal_actions(buf)
        g.apply(buf[0])
    return g, rules.deserialize


STATES = {"eldersign": _eldersign, "arkham": _arkham, "mansions": _mansions, "stayaway": _stayaway}
GAMES = sorted(STATES)
_SEAL = {}


def fast_seal(words="table words"):
    """A Seal at the lowest cost the format allows (tests only; the default is measured elsewhere)."""
    return Seal.new(words, log2n=10)


def real(game, steps=10):
    g, load = STATES[game](steps)
    return g, g.serialize(), load


def write(path, game, steps=10, settings=None, seal=None):
    g, blob, load = real(game, steps)
    if game in saves.SEALED and seal is None:
        seal = fast_seal()
    saves.write_save(str(path), game, blob, settings or {"bots": [1]}, seal=seal)
    return blob, seal


# ----- round trips ---------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_every_game_round_trips_through_the_layer(game, tmp_path):
    """A real mid-game state of each game, written and read back: the same kernel save, the same
    settings, and the kernel loads it into the same state. Stay Away! and Mansions are sealed."""
    g, blob, load = real(game)
    seal = fast_seal() if game in saves.SEALED else None
    path = tmp_path / "g.sav"
    saves.write_save(str(path), game, blob, {"bots": [1], "bot": "heuristic"}, seal=seal)
    got = saves.read_save(str(path), game, passphrase="table words")
    assert got.payload == blob and got.settings == {"bots": [1], "bot": "heuristic"}
    assert got.sealed == (game in saves.SEALED) and got.legacy is None
    assert load(got.payload).serialize() == blob
    raw = path.read_bytes()
    assert raw.startswith(saveformat.magic(game, seal is not None))
    if seal is not None:
        assert blob[:16] not in raw and base64.b64encode(blob)[:16] not in raw    # nothing in clear
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o600


def test_the_default_seal_is_memory_hard_and_bounded(tmp_path):
    """The default seal is scrypt at N = 2^15, r = 8 (32 MiB per guess); the header's cost is read
    before any work and bounded: a box asking for N = 2^30 is refused at once."""
    from eldritch.saves import seal as sealmod
    s = Seal.new("words")
    box = s.seal(b"x" * 100)
    assert (box[6], box[7], box[8]) == (15, 8, 1)
    bad = bytearray(box)
    bad[6] = 30
    start = time.process_time()
    with pytest.raises(SaveError, match="key cost is out of range"):
        Seal.open(bytes(bad), "words")
    assert time.process_time() - start < 0.05
    assert sealmod.peek(box)[1] == 1


# ----- what is written over -----------------------------------------------------------------------

def _targets(tmp_path):
    user = tmp_path / "thesis.txt"
    user.write_text("my thesis")
    other_game = tmp_path / "arkham.sav"
    write(other_game, "arkham")
    mine = tmp_path / "mine.sav"
    link = tmp_path / "link.sav"
    write(mine, "mansions")
    link.symlink_to(mine)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    folder = tmp_path / "folder"
    folder.mkdir()
    return {"a user's file": user, "another game's save": other_game, "a symlink to a save": link,
            "a FIFO": fifo, "a folder": folder, "/dev/null": Path("/dev/null")}


def test_rule_nothing_but_a_save_of_that_game_is_replaced(tmp_path):
    """A user's file, another game's save, a symlink (even to a save of the game), a FIFO, a
    folder and a device are refused in one line and left exactly as they were."""
    targets = _targets(tmp_path)
    before = {name: (os.lstat(p).st_mode, p.read_bytes() if p.is_file() and not p.is_symlink() else None)
              for name, p in targets.items()}
    g, blob, _ = real("mansions")
    for name, path in targets.items():
        with pytest.raises(SaveError) as exc:
            saves.write_save(str(path), "mansions", blob, {}, seal=fast_seal())
        assert "\n" not in str(exc.value) and "not replaced" in str(exc.value) or "folder" in str(exc.value), name
        after = (os.lstat(path).st_mode, path.read_bytes() if path.is_file() and not path.is_symlink() else None)
        assert after == before[name], name
    assert not [n for n in os.listdir(tmp_path) if n.endswith(".tmp")]


def test_check_target_refuses_the_same_up_front(tmp_path):
    targets = _targets(tmp_path)
    for name, path in targets.items():
        assert saves.check_target(str(path), "mansions") is not None, name
    assert saves.check_target("", "arkham") == "no file name given"
    assert "NUL" in saves.check_target("a\0b", "arkham")
    assert saves.check_target(str(tmp_path / "new.sav"), "arkham") is None
    assert saves.check_target(str(tmp_path / "mine.sav"), "mansions") is None         # its own save


def test_a_save_of_the_same_game_is_replaced(tmp_path):
    path = tmp_path / "g.sav"
    first, _ = write(path, "arkham", 5)
    second, _ = write(path, "arkham", 15)
    assert saves.read_save(str(path), "arkham").payload == second != first


# ----- what is read --------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_rule_reads_refuse_devices_and_fifos_at_once(game, tmp_path):
    """/dev/zero, /dev/urandom, /dev/full and a FIFO nobody writes are refused in
    one line, at once (a FIFO would block a plain open forever; a device never ends)."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path in ("/dev/zero", "/dev/urandom", "/dev/full", str(fifo)):
        done = []

        def load():
            try:
                saves.read_save(path, game, passphrase="x")
            except SaveError as exc:
                done.append(str(exc))
        t = threading.Thread(target=load, daemon=True)
        t.start()
        t.join(5)
        assert done and "not a regular file" in done[0] and "\n" not in done[0], (path, done)


@pytest.mark.parametrize("game", GAMES)
def test_rule_reads_are_bounded_by_the_largest_valid_save(game, tmp_path):
    """A file that starts like a save but is longer than any valid one is refused after max_bytes."""
    big = tmp_path / "big.sav"
    with open(big, "wb") as f:
        f.write(saveformat.magic(game))
        f.truncate(saves.max_bytes(game) + 1)
    with pytest.raises(SaveError, match="larger than"):
        saves.read_save(str(big), game)
    assert saves.max_bytes(game) < (16 << 20)


@pytest.mark.parametrize("game", GAMES)
def test_rule_a_deeply_nested_save_is_one_line(game, tmp_path):
    """A crafted save of `[` x 100000 with a valid sha256 is one line, never a RecursionError."""
    body = saveformat.magic(game) + b"[" * 100000 + b"\n"
    path = tmp_path / "deep.sav"
    path.write_bytes(body + b"sha256 " + hashlib.sha256(body).hexdigest().encode() + b"\n")
    with pytest.raises(SaveError, match="nested more than"):
        saves.read_save(str(path), game)


def test_the_depth_scan_ignores_brackets_in_strings():
    assert saveformat.depth(b'{"a": "[[[[[[[[[[[[[[[[[["}') == 1
    assert saveformat.depth(b'[[[]], {"x": [1]}]') == 3
    assert saveformat.parse_json(b'{"text": "[[[[[[[[[[[[[[[[[[[[[[[[\\"["}') == {"text": '[[[[[[[[[[[[[[[[[[[[[[[["['}


@pytest.mark.parametrize("game", GAMES)
def test_every_changed_byte_of_a_save_file_is_refused(game, tmp_path):
    """Any single byte of a save file changed (to three other values): refused by the SHA-256 line or
    the seal's tag, never loaded as another game."""
    path = tmp_path / "g.sav"
    write(path, game, 4)
    raw = path.read_bytes()
    for i in range(0, len(raw), max(1, len(raw) // 300)):
        for v in (0x00, 0xFF, raw[i] ^ 0x20):
            if v == raw[i]:
                continue
            bad = bytearray(raw)
            bad[i] = v
            with pytest.raises((SaveError, KernelError)):
                got = saves.loads(bytes(bad), game, passphrase="table words")
                STATES[game](0)[1](got.payload)


# ----- the kernel formats: CRC-32 and the header's ranges -------------------------------------------

def _fix_crc(blob):
    b = bytearray(blob[:-4])
    b.extend(zlib.crc32(b).to_bytes(4, "big"))
    return bytes(b)


def test_rule_arkham_byte_5_from_0x00_to_0xff_is_refused():
    """Byte 5 (the round limit's high byte) changed from 0x00 to 0xFF passes Fletcher-16 and the
    replay (a round limit of 65310). The CRC-32 catches the change; with the CRC made right again,
    the range check refuses the round limit."""
    g, blob, load = real("arkham", 20)
    assert blob[5] == 0x00
    bad = bytearray(blob)
    bad[5] = 0xFF
    with pytest.raises(KernelError, match="checksum"):
        load(bytes(bad))
    with pytest.raises(KernelError, match="round limit 65310 is out of range"):
        load(_fix_crc(bytes(bad)))


def test_arkham_byte_5_from_0x00_to_0xff_is_refused_in_the_old_format_too():
    """The same change in a save today's main wrote (Fletcher-16, still read): the checksum cannot
    see it, the header's range check refuses it."""
    from eldritch.kernel.arkham.game.rules import Rules
    blob = bytearray((OLD / "arkham.sav").read_bytes())
    assert blob[2] == 1 and blob[5] == 0
    blob[5] = 0xFF
    with pytest.raises(KernelError, match="round limit 65310 is out of range"):
        Rules(None).deserialize(bytes(blob))


@pytest.mark.parametrize("game", GAMES)
def test_every_header_byte_out_of_range_is_refused_not_played(game):
    """Each header byte set to 0xFF with the CRC-32 made right (so only the range checks can object):
    refused (KernelError), or a value in its range taken as it is (the game saves back to the same
    bytes: nothing was clipped or reinterpreted, as a round limit of 65310 was)."""
    g, blob, load = real(game, 6)
    head = {"eldersign": 14, "arkham": 18, "mansions": 6 + blob[5] + 7, "stayaway": 10}[game]   # mansions v3: 3 flag bytes
    for i in range(2, head):
        if blob[i] == 0xFF:
            continue
        bad = bytearray(blob)
        bad[i] = 0xFF
        try:
            h = load(_fix_crc(bytes(bad)))
        except KernelError:
            continue
        assert h.serialize() == _fix_crc(bytes(bad)), (game, i)


def test_crc32_catches_every_burst_fletcher16_misses():
    """Every 0x00 <-> 0xFF change of one byte passes Fletcher-16 (sums mod 255); CRC-32 catches all of
    them, and every burst of up to 32 bits, over random blobs."""
    import random
    from eldritch.kernel.binio import fletcher16, crc32
    rng = random.Random(24)
    missed_by_fletcher = 0
    for _ in range(300):
        blob = bytearray(rng.randbytes(rng.randint(8, 400)))
        i = rng.randrange(len(blob))
        blob[i] = 0
        flipped = bytearray(blob)
        flipped[i] = 0xFF
        missed_by_fletcher += fletcher16(blob, len(blob)) == fletcher16(flipped, len(flipped))
        assert crc32(blob, len(blob)) != crc32(flipped, len(flipped))
        burst = bytearray(blob)
        start = rng.randrange(len(blob) * 8 - 32)
        pattern = rng.getrandbits(32) | 1 | (1 << 31)
        for k in range(32):
            if pattern >> k & 1:
                burst[(start + k) // 8] ^= 1 << ((start + k) % 8)
        assert crc32(burst, len(burst)) != crc32(blob, len(blob))
    assert missed_by_fletcher == 300


# ----- sealed saves ----------------------------------------------------------------------------------

@pytest.mark.parametrize("game", saves.SEALED)
def test_rule_a_sealed_save_needs_its_passphrase(game, tmp_path):
    path = tmp_path / "g.sav"
    write(path, game)
    for words in (None, "wrong words"):
        with pytest.raises(SaveError) as exc:
            saves.read_save(str(path), game, passphrase=words)
        assert ("needs its passphrase" if words is None else "wrong passphrase") in str(exc.value)
    asked = []
    saves.read_save(str(path), game, passphrase=lambda: asked.append(1) or "table words")
    assert asked == [1]
    plain = tmp_path / "plain.sav"
    write(plain, "arkham")
    saves.read_save(str(plain), "arkham", passphrase=lambda: pytest.fail("a plain save asks nothing"))


def test_rule_mansions_saves_hide_the_seed_and_the_log(tmp_path):
    """A Mansions save holds the seed and every action (the keeper's objective, the guide's answers,
    the decks and the dice can be rebuilt from them): sealed, none of its bytes show."""
    g, blob, _ = real("mansions", 30)
    path = tmp_path / "m.sav"
    saves.write_save(str(path), "mansions", blob, {}, seal=fast_seal())
    raw = path.read_bytes()
    box = base64.b64decode(raw.split(b"\n")[1])
    seed = g.seed.to_bytes(4, "big")
    for needle in (seed, blob[6:6 + blob[5]], blob[-40:-6]):
        assert needle not in raw and needle not in box


@pytest.mark.parametrize("game", saves.SEALED)
def test_rule_an_older_sealed_save_is_refused_unless_agreed(game, tmp_path, state):
    """The table's newest save number is kept in the per-user state folder; loading an older
    save of the table is refused in one line, or loaded with allow_older and a notice that says so."""
    g, blob, _ = real(game)
    seal = fast_seal()
    older, newer = tmp_path / "older.sav", tmp_path / "newer.sav"
    saves.write_save(str(older), game, blob, {}, seal=seal)
    saves.write_save(str(newer), game, blob, {}, seal=seal)
    assert saves.read_save(str(newer), game, passphrase="table words").seal.number == 2
    with pytest.raises(SaveError, match="older save of this table .save 1; this table has reached save 2"):
        saves.read_save(str(older), game, passphrase="table words")
    got = saves.read_save(str(older), game, passphrase="table words", allow_older=True)
    assert "loaded by agreement" in got.notice and got.seal.number == 2
    saves.write_save(str(tmp_path / "next.sav"), game, blob, {}, seal=got.seal)     # numbered 3
    assert os.listdir(state / "tables") == ["%s-%s" % (game, seal.table.hex())]
    with pytest.raises(SaveError, match="reached save 3"):
        saves.read_save(str(newer), game, passphrase="table words")


def test_a_sealed_save_cannot_be_spliced_into_another_game(tmp_path):
    """The tag covers the game's name: a Stay Away! box under a Mansions header is refused."""
    g, blob, _ = real("stayaway")
    raw = saves.dumps("stayaway", blob, {}, fast_seal())
    line = raw.split(b"\n")[1]
    body = saveformat.magic("mansions", True) + line + b"\n"
    forged = body + b"sha256 " + hashlib.sha256(body).hexdigest().encode() + b"\n"
    with pytest.raises(SaveError, match="wrong passphrase, or the save was changed"):
        saves.loads(forged, "mansions", passphrase="table words")


# ----- old saves ----------------------------------------------------------------------------------

def test_old_saves_written_by_main_are_read_and_refused_in_one_line_where_the_rules_changed():
    """The saves today's main writes: Arkham's and Mansions' bare kernel saves (version 1,
    Fletcher-16) are read (the legacy ones named as such); the Arkham one is refused with the reason
    (its game was played under earlier rules: its log does not replay under today's), and so is
    the Mansions one (refused in one line naming its version: its game was played under the engine's
    earlier rules and story). Elder Sign's host save holds a kernel save of version 2, a log of the
    earlier rules (before the first round's midnight, the end-of-turn step, the Other World
    deck...), and Stay Away!'s SAE1 sealed save still opens but the kernel save inside (version 1)
    holds a log of the earlier rules (the game's end, the found Flamethrower): each would
    replay to another game, so each is refused in one line saying why, and the file is left as it
    was."""
    from eldritch.eldersign import playsave
    before = (OLD / "eldersign.sav").read_bytes()
    with pytest.raises(KernelError, match="an older format \\(version 2; this kernel reads 5\\)"):
        playsave.load_file(str(OLD / "eldersign.sav"))
    assert (OLD / "eldersign.sav").read_bytes() == before
    from eldritch.kernel.arkham.game.rules import Rules as AR
    from eldritch.kernel.arkham.game import save as asave
    got = saves.read_save(str(OLD / "arkham.sav"), "arkham")
    assert got.legacy == "a bare Arkham Horror kernel save of format version 1"
    with pytest.raises(KernelError, match="format version 1, from before the rules were brought to the rulebook"):
        asave.deserialize(AR(None), got.payload, verify=True)
    from eldritch.kernel.mansions.game.rules import Rules as MR
    got = saves.read_save(str(OLD / "mansions.sav"), "mansions")
    assert "version 1" in got.legacy
    with pytest.raises(KernelError, match="save format version 1, from before the first edition's rules"):
        MR().deserialize(got.payload)
    from eldritch.kernel.stayaway.game.rules import Rules as SR
    before = (OLD / "stayaway.sae").read_bytes()
    got = saves.read_save(str(OLD / "stayaway.sae"), "stayaway", passphrase="table words")
    assert "SAE1" in got.legacy
    # its kernel save (version 1) holds a log of the earlier rules: refused in one line
    with pytest.raises(KernelError, match=r"version 1\b.*replay") as err:
        SR().deserialize(got.payload)
    assert "\n" not in str(err.value) and (OLD / "stayaway.sae").read_bytes() == before
    with pytest.raises(SaveError, match="wrong passphrase"):
        saves.read_save(str(OLD / "stayaway.sae"), "stayaway", passphrase="other words")


def test_an_old_sealed_save_asking_for_too_many_rounds_is_refused_unread(tmp_path):
    """The SAE1 header's iteration count (up to 1,000,000 would be a long key derivation) is bounded
    to what such saves were written with before any key work."""
    raw = bytearray((OLD / "stayaway.sae").read_bytes())
    raw[4:8] = (1000000).to_bytes(4, "big")
    path = tmp_path / "old.sae"
    path.write_bytes(bytes(raw))
    start = time.process_time()
    with pytest.raises(SaveError, match="iterations 1000000"):
        saves.read_save(str(path), "stayaway", passphrase="table words")
    assert time.process_time() - start < 0.05


# ----- autosaves ----------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_every_game_autosaves_resumes_and_keeps_unfinished_games(game, tmp_path):
    """Each game's real states autosaved and resumed; starting
    two new games in a row keeps both earlier unfinished games, under names never overwritten, until
    the player discards them."""
    auto = saves.Autosaves(str(tmp_path / "st"), game)
    seal = fast_seal() if game in saves.SEALED else None
    blobs = []
    for steps in (3, 6, 9):
        g, blob, load = real(game, steps)
        if auto.exists():
            auto.keep_current()                      # a new game starts
        assert auto.write(blob, {"n": steps}, seal=seal) is None and auto.saved
        blobs.append(blob)
    got = auto.read(passphrase="table words")
    assert got.payload == blobs[2] and got.settings == {"n": 9} and load(got.payload).serialize() == blobs[2]
    kept = auto.kept()
    assert len(kept) == 2
    assert [saves.read_save(p, game, passphrase="table words", allow_older=True).payload for p in kept] == blobs[:2]
    auto.discard(kept[0])
    assert auto.kept() == kept[1:]
    with pytest.raises(SaveError):
        auto.discard(str(tmp_path / "elsewhere.sav"))


def test_a_failed_autosave_is_one_line_and_says_so(tmp_path):
    blocker = tmp_path / "st"
    blocker.write_text("a file where the state folder should be")
    auto = saves.Autosaves(str(blocker), "arkham")
    g, blob, _ = real("arkham")
    note = auto.write(blob)
    assert auto.saved is False and note.startswith("autosave failed:") and "\n" not in note


def test_elder_sign_keeps_its_autosave_names(tmp_path):
    from eldritch.saves import userdirs
    auto = saves.Autosaves(str(tmp_path), "eldersign")
    assert os.path.basename(auto.path) == userdirs.AUTOSAVE
    assert os.path.basename(auto._kept_name(1)) == userdirs.PREVIOUS
