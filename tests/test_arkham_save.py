"""Arkham Horror's save format (kernel/arkham/game/save.py) against corruption: a save damaged byte by
byte, its checksums made right again, is refused with KernelError or gives a game that plays on;
never another exception. The game saved is a golden game's (tests/golden_games/arkham/)."""

import zlib
from array import array
from pathlib import Path

import pytest

from eldritch.kernel.arkham.game import playlog, save
from eldritch.kernel.arkham.game.rules import Rules
from eldritch.kernel.errors import KernelError

GOLDEN = Path(__file__).resolve().parent / "golden_games" / "arkham" / "s61_p4_heuristic.log"
RULES = Rules(None)


def _with_checksums(b):
    """The blob with its CRC-32 made right again (so only the range checks can object)."""
    b = bytearray(b[:-4])
    b.extend(zlib.crc32(b).to_bytes(4, "big"))
    return bytes(b)


def test_a_corrupt_save_is_a_kernel_error_never_a_crash():
    """Every byte of a mid-game save's state set to a few other values, checksums recomputed: the load
    is refused with KernelError, or the game it gives plays on (20 legal steps) without any other
    exception."""
    lines = GOLDEN.read_text().splitlines()           # the longest golden game: the round limit
    seed, players = int(lines[1].split()[1]), int(lines[2].split()[1])
    actions = playlog.log_actions(lines)
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
