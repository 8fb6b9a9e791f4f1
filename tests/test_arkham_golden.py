"""Golden Arkham Horror games (tests/golden_games/arkham/): regenerated through the CLI on both backends,
replayed from their action logs, played again by the same bots under MicroPython (byte-identical
logs, every step under heap_lock), and every reached state round-trips through the save format."""

import sys
import zlib
from pathlib import Path

import pytest

from eldritch.cli import main
from eldritch.kernel.arkham.game.rules import Rules
from eldritch.kernel.arkham.game import playlog, save

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden_games" / "arkham"
GAMES = ((97, 4, 'heuristic'),
         (28, 3, 'heuristic'),
         (55, 3, 'heuristic'),
         (61, 4, 'heuristic'),
         (2, 3, 'random'))
IDS = ["s%d_p%d_%s" % g for g in GAMES]
RULES = Rules(None)


def path(seed, players, bot):
    return GOLDEN / ("s%d_p%d_%s.log" % (seed, players, bot))


@pytest.mark.parametrize("seed,players,bot", GAMES, ids=IDS)
def test_golden_cli_log_is_the_same_on_every_backend(seed, players, bot, backend, tmp_path, capsys):
    log = tmp_path / "game.log"
    code = main(["--backend", backend.name, "arkham", "play", "--seed", str(seed), "--players", str(players),
                 "--bots", "all", "--bot", bot, "--log", str(log), "--log-format", "transcript"])
    assert code == 0
    assert log.read_text() == path(seed, players, bot).read_text()


@pytest.mark.parametrize("seed,players,bot", GAMES, ids=IDS)
def test_golden_replays_from_its_action_log(seed, players, bot):
    lines = path(seed, players, bot).read_text().splitlines()
    again, _ = playlog.replay_log(RULES, lines)
    assert again == lines


def test_golden_games_cover_every_end():
    ends = [path(*g).read_text().splitlines()[-1] for g in GAMES]
    assert "won" in ends[0] and "too many gates" in ends[1] and "doomed" in ends[2] and "round limit" in ends[3]
    text = "".join(path(*g).read_text() for g in GAMES)
    for feature in ("seals the gate", "closes the gate", "lost in time and space", "to the Asylum",
                    "comes back to", "coin toss", "rides to", "now faces", "Honoured Citizen",
                    "sneak past the guardians", "amount roll", "Esoteric Order", "auction", "skill test", "gives"):
        assert feature in text, feature


MP_SCRIPT = r'''
import micropython
from array import array
from kernel.arkham.game.rules import Rules
from kernel.arkham.game.playlog import bot_game, make_bot
rules = Rules(None)
micropython.heap_lock()
try:
    bytearray(8)
    print("control no-error")
except MemoryError:
    print("control memoryerror")
micropython.heap_unlock()
for seed, players, bot in GAMES:
    lines, g = bot_game(rules, seed, players, bot)
    print("\n".join(lines))
    print("=====")
    # the same game with every step (legal actions, the bot's choice, apply) under heap_lock
    g = rules.new_game(seed, players)
    chooser = make_bot(rules, bot, seed)
    buf = array("i", [0] * rules.max_actions)
    steps = 0
    while not g.is_terminal():
        micropython.heap_lock()
        try:
            n = g.legal_actions(buf)
            g.apply(chooser.choose(g, buf, n))
        finally:
            micropython.heap_unlock()
        steps += 1
    print("locked", steps, g.result)
    print("=====")
'''


def test_golden_games_are_byte_identical_under_micropython_with_every_step_locked(run_micropython):
    from conftest import MICROPYTHON
    assert MICROPYTHON.exists()
    out = run_micropython("GAMES = %r\n" % (GAMES,) + MP_SCRIPT)
    assert out[0] == "control memoryerror"
    parts = "\n".join(out[1:]).split("\n=====")
    for i, g in enumerate(GAMES):
        golden = path(*g).read_text()
        assert parts[2 * i].strip("\n") + "\n" == golden
        locked = parts[2 * i + 1].split()
        assert locked[0] == "locked" and int(locked[1]) == len(playlog.log_actions(golden.splitlines()))


@pytest.mark.parametrize("seed,players,bot", GAMES[:3], ids=IDS[:3])
def test_every_reached_state_round_trips_through_the_save(seed, players, bot):
    actions = playlog.log_actions(path(seed, players, bot).read_text().splitlines())
    g = RULES.new_game(seed, players)
    for i, a in enumerate(actions):
        g.apply(a)
        if i % 7 == 0 or i == len(actions) - 1:
            blob = g.serialize()
            back = RULES.deserialize(blob)
            assert save.state_bytes(back) == save.state_bytes(g) and back.serialize() == blob
            assert back.actions() == g.actions()
    assert save.state_bytes(save.deserialize(RULES, g.serialize(), verify=True)) == save.state_bytes(g)


def write():
    for seed, players, bot in GAMES:
        lines, _ = playlog.bot_game(RULES, seed, players, bot)
        path(seed, players, bot).write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    if "--write" in sys.argv:
        write()


def _with_checksums(b):
    """The blob with its CRC-32 made right again (so only the range checks can object)."""
    b = bytearray(b[:-4])
    b.extend(zlib.crc32(b).to_bytes(4, "big"))
    return bytes(b)


def test_a_corrupt_save_is_a_kernel_error_never_a_crash():
    """Every byte of a mid-game save's state set to a few other values, checksums recomputed: the load
    is refused with KernelError, or the game it gives plays on (20 legal steps) without any other
    exception."""
    from array import array
    from eldritch.kernel.errors import KernelError
    seed, players, bot = GAMES[3]                       # the longest: the round limit
    actions = playlog.log_actions(path(seed, players, bot).read_text().splitlines())
    g = RULES.new_game(seed, players)
    for a in actions[:400]:
        g.apply(a)
    blob = g.serialize()
    n = len(actions[:400])
    start = save.HEAD + 3 * n + 2
    buf = array("i", [0] * RULES.max_actions)
    refused = played = 0
    for i in range(start, len(blob) - 4):
        for v in (0, 9, 255):
            if blob[i] == v:
                continue
            bad = bytearray(blob)
            bad[i] = v
            try:
                h = RULES.deserialize(_with_checksums(bad))
            except KernelError:
                refused += 1
                continue
            try:
                for _ in range(20):
                    k = h.legal_actions(buf)
                    if not k:
                        break
                    h.apply(buf[(i * 7 + v) % k])
            except KernelError:
                pass
            played += 1
    assert refused > 100 and played > 100
    with pytest.raises(KernelError, match="checksum"):
        RULES.deserialize(blob[:-1] + bytes([blob[-1] ^ 1]))


def test_every_event_code_has_its_words():
    """text.event_text is a table of event codes to small functions: every EV_ code of defs.py is in
    it (a new event without words would log "event N ..."), and nothing else is."""
    from eldritch.kernel.arkham.game import defs, text
    codes = {v for k, v in vars(defs).items() if k.startswith("EV_")}
    assert set(text.EVENT_TEXTS) == codes
