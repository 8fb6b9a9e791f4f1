"""Arkham Horror's exact odds for library users (exported by `eldritch.arkham`): the kernel's
(`kernel/arkham/odds.py`, `reach.py`, `gatechance.py`) with named arguments, names of spaces and
monsters instead of indexes, and `Chance` results (an exact num/den and the fixed point).

    >>> from eldritch import arkham
    >>> f = arkham.fight(fight=3, physical=2, strength=7, stamina=4, rounds=2)
    >>> f.hit, f.win.fraction, f.knocked_out.percent
    (Chance(num=5, den=6), Fraction(65, 72), '9.490741')
    >>> print(arkham.stealth(3))
    50.000000% (3/6)
    >>> arkham.reach("Train Station", monsters={"College Street": "Zombie"})["Train Station"].percent
    '100.000000'
    >>> arkham.gate_chances(open=["Woods"], sealed=["Church"])["Church"].gate.num
    0

Same rules as `eldritch arkham odds` (its --help says them); bad arguments are KernelError.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Mapping, Optional

from eldritch.doors import Chance, check_int
from eldritch.kernel.errors import KernelError
from eldritch.kernel.arkham import odds as _odds
from eldritch.kernel.arkham.gatechance import gate_odds
from eldritch.kernel.arkham.reach import (reach_odds, OCC_MONSTER, OCC_BLOCKING, OCC_HOUND, MODE_FOOT,
    MODE_VEHICLE, MODE_MISTS)
from eldritch.kernel.arkham.game.board import SPECIAL_HOUND, SPECIAL_BLOCKING

__all__ = ["FightOdds", "SanityOdds", "GateChance", "fight", "stealth", "sanity_check", "close_gate", "reach",
           "gate_chances", "attack_bonus", "occupancy", "MODES", "IMMUNITIES"]

MODES = {"foot": MODE_FOOT, "vehicle": MODE_VEHICLE, "mists": MODE_MISTS}
IMMUNITIES = {"none": 0, "physical": _odds.IMMUNE_PHYSICAL, "magical": _odds.IMMUNE_MAGICAL,
              "both": _odds.IMMUNE_PHYSICAL | _odds.IMMUNE_MAGICAL}


@dataclass(frozen=True)
class FightOdds:
    """A fight's odds: the `bonus` that counts, each attack's `hit` chance, beating the monster
    (`win`), being knocked out, the fight still `undecided` after the rounds asked, and the
    `strength_lost` expected (an exact Fraction)."""

    bonus: int
    hit: Chance
    win: Chance
    knocked_out: Chance
    undecided: Chance
    strength_lost: Fraction


@dataclass(frozen=True)
class SanityOdds:
    """A sanity check's odds: it `passes`, the investigator goes `insane` (sanity to 0), and the
    `sanity_lost` expected (an exact Fraction)."""

    passes: Chance
    insane: Chance
    sanity_lost: Fraction


@dataclass(frozen=True)
class GateChance:
    """At a location, the next gate roll opens a `gate` or brings a `monster` (it has a gate)."""

    gate: Chance
    monster: Chance


def _immunity(immune: str) -> int:
    if not isinstance(immune, str) or immune not in IMMUNITIES:
        raise KernelError("option", "immune must be one of %s, not %r" % (", ".join(IMMUNITIES), immune))
    return IMMUNITIES[immune]


def attack_bonus(fight: int = 0, physical: int = 0, magical: int = 0, immune: str = "none", bound: int = 0) -> int:
    """The bonus that counts against a monster with this immunity ("none", "physical", "magical",
    "both"): Fight and physical weapons unless immune to physical, magic unless immune to magic,
    plus a bound monster's strength."""
    for name, v in (("fight", fight), ("physical", physical), ("magical", magical), ("bound", bound)):
        check_int(name, v, 0, 99)
    return _odds.attack_bonus(fight, physical, magical, _immunity(immune)) + bound


def fight(strength: int, stamina: int, fight: int = 0, physical: int = 0, magical: int = 0, immune: str = "none",
          bound: int = 0, rounds: int = 0, hound: bool = False) -> FightOdds:
    """D6 + bonus against the monster's `strength`, exchange after exchange; a miss costs D6 of the
    investigator's `stamina` (1-30). `rounds` 0: until one side is beaten; `hound`: the monster
    leaves after hurting once (a Hound of Tindalos)."""
    bonus = attack_bonus(fight, physical, magical, immune, bound)
    check_int("strength", strength, 0, 99)
    check_int("stamina", stamina, 1, 30)
    check_int("rounds", rounds, 0, 30)
    win, ko, undecided, lost, den = _odds.fight(bonus, strength, stamina, rounds, bool(hound))
    return FightOdds(bonus, Chance(_odds.hit_faces(bonus, strength), 6), Chance(win, den), Chance(ko, den),
                     Chance(undecided, den), Fraction(lost, den))


def stealth(stealth: int) -> Chance:
    """A stealth check: a D6 at most the Stealth skill."""
    num, den = _odds.stealth(check_int("stealth", stealth, 0, 99))
    return Chance(num, den)


def sanity_check(sanity: int, loss: tuple[int, int], level: Optional[int] = None) -> SanityOdds:
    """A sanity check by an investigator with `sanity` points against a monster's SAN `loss` (a, b:
    lost on a pass and on a failure); the D6 must not exceed `level` (default: the current sanity)."""
    check_int("sanity", sanity, 1, 99)
    if not isinstance(loss, (tuple, list)) or len(loss) != 2:
        raise KernelError("option", "loss is (a, b): the sanity lost on a pass and on a failure, not %r" % (loss,))
    a = check_int("loss on a pass", loss[0], 0, 99)
    b = check_int("loss on a failure", loss[1], 0, 99)
    level = sanity if level is None else check_int("level", level, 0, 99)
    ok, insane, expected, den = _odds.sanity_check(level, a, b, sanity)
    return SanityOdds(Chance(ok, den), Chance(insane, den), Fraction(expected, den))


def close_gate(difficulty: int, fight: int = 0, physical: int = 0, magical: int = 0, bound: int = 0,
               attempts: int = 1) -> Chance:
    """A gate of `difficulty` is closed within `attempts` rounds (D6 + every bonus each)."""
    for name, v in (("fight", fight), ("physical", physical), ("magical", magical), ("bound", bound)):
        check_int(name, v, 0, 99)
    check_int("difficulty", difficulty, 0, 99)
    check_int("attempts", attempts, 1, 30)
    num, den = _odds.close_gate(fight + physical + magical + bound, difficulty, attempts)
    return Chance(num, den)


def _board(board):
    if board is None:
        from eldritch.arkham.view import default_rules
        return default_rules().board
    if hasattr(board, "board"):            # a Rules
        return board.board
    from eldritch.kernel.arkham.game.board import Board
    if isinstance(board, Board):
        return board
    raise KernelError("option", "board must be an arkham Rules or Board, not %s" % type(board).__name__)


def _space(board, name, what):
    if not isinstance(name, str) or name not in board.space_index:
        raise KernelError("option", "%s: no space named %r on this board" % (what, name))
    return board.space_index[name]


def occupancy(board, monsters: Mapping[str, str]) -> bytearray:
    """The kernel's per-space monster bits from {space name: monster kind name}."""
    if not isinstance(monsters, Mapping):
        raise KernelError("option", "monsters is a mapping {space: monster kind}, not %s" % type(monsters).__name__)
    occ = bytearray(board.nspaces)
    for where, kind in monsters.items():
        s = _space(board, where, "monsters")
        if not isinstance(kind, str) or kind not in board.kind_names:
            raise KernelError("option", "monsters: no monster kind %r on this board" % (kind,))
        sp = board.k_special[board.kind_names.index(kind)]
        occ[s] |= (OCC_HOUND if sp & SPECIAL_HOUND else OCC_MONSTER) | (OCC_BLOCKING if sp & SPECIAL_BLOCKING else 0)
    return occ


def reach(start: str, monsters: Optional[Mapping[str, str]] = None, mode: str = "foot", money: int = 0,
          whistle: bool = False, board=None) -> dict[str, Chance]:
    """{space name: the chance a 2D6 move from `start` can end there} (mode "foot", "vehicle" or
    "mists"; $1 and a taxi space or the Taxi Whistle reach every location). `board`: an arkham
    Rules or Board (default the demonstration board)."""
    b = _board(board)
    s = _space(b, start, "start")
    if not isinstance(mode, str) or mode not in MODES:
        raise KernelError("option", "mode must be one of %s, not %r" % (", ".join(MODES), mode))
    check_int("money", money, 0, 999)
    got = reach_odds(b, occupancy(b, monsters or {}), s, MODES[mode], money, bool(whistle))
    return {b.space_names[k]: Chance(got[k], 36) for k in range(b.nspaces)}


def _names(board, names, what) -> list[int]:
    if isinstance(names, str) or not isinstance(names, Iterable):
        raise KernelError("option", "%s is a list of location names, not %r" % (what, names))
    return [_space(board, n, what) for n in names]


def gate_chances(open: Iterable[str] = (), sealed: Iterable[str] = (), board=None) -> dict[str, GateChance]:
    """{location: GateChance} at the next mythos gate roll, with gates `open` at some locations and
    Elder Signs on others (`board` as in reach)."""
    b = _board(board)
    has = bytearray(b.nspaces)
    seal = bytearray(b.nspaces)
    for s in _names(b, open, "open"):
        has[s] = 1
    for s in _names(b, sealed, "sealed"):
        seal[s] = 1
    gate, monster = gate_odds(b.gate_table, seal, has, b.nspaces)
    return {b.space_names[s]: GateChance(Chance(gate[s], 36), Chance(monster[s], 36)) for s in b.locations}
