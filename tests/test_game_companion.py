"""The kernel's companion API (kernel/eldersign/game/companion.py): the turn step and a table midnight
(mythos locks freed, nothing drawn, no kernel midnight effects), freeing a die, completing an
adventure, a devoured investigator's replacement, entry effects on the current player, the status
buffer; the lean companion game and lean card data agree with the full ones; a scripted companion
session of the handheld fits a fixed heap on the MicroPython unix port."""

import subprocess
from array import array

import pytest

from eldritch.kernel.errors import KernelError
from eldritch.kernel.eldersign.game import companion as C, pool, trophies
from eldritch.kernel.eldersign.game.data import GameData
from eldritch.kernel.eldersign.game.effects import compile_effects
from eldritch.kernel.eldersign.game.defs import NONE, LK_ADVENTURE

from conftest import REPO, MICROPYTHON

DATA = GameData()


@pytest.fixture(params=["full", "lean"])
def game(request):
    return C.new_companion(DATA, players=2, lean=request.param == "lean")


def st(g):
    return C.status(g, C.new_status(g._data))


def seat(buf, s, field):
    return buf[C.ST_SEATS + s * C.SEAT_BYTES + field]


def test_turn_step_advances_clock_and_seat_and_midnight_draws_nothing(game):
    g = game
    assert (g._clock.hour, g._clock.seat, g._clock.turn, g._mythos) == (0, 0, 0, -1)
    C.lock_die(g, 1)                                  # a mythos card's lock icon
    C.enter_effect(g, "lock_red+1")
    assert pool.free_dice(g, 1) == 0 and pool.free_dice(g, 2) == 0
    doom = g._doom
    san = [g._inv.san[g._seats.inv[s]] for s in range(2)]
    struck = [C.end_turn(g) for _ in range(4)]
    assert struck == [False, False, False, True] and g._clock.hour == 0
    assert (g._clock.seat, g._clock.turn) == (0, 4)
    assert g._mythos == -1 and g._doom == doom                   # no kernel mythos card
    assert [g._inv.san[g._seats.inv[s]] for s in range(2)] == san     # no kernel midnight effects
    assert pool.free_dice(g, 1) == 1 and pool.free_dice(g, 2) == 1         # freed by the midnight
    assert g._locks.n == 0


def test_clock_effect_striking_midnight_also_frees_mythos_locks(game):
    g = game
    C.lock_die(g, 0)
    C.enter_effect(g, "clock+3")
    assert g._clock.hour == 9 and pool.free_dice(g, 0) == 5
    C.enter_effect(g, "clock+1")
    assert g._clock.hour == 0 and pool.free_dice(g, 0) == 6 and not g._midnight_due


def test_next_player_and_clock_step_are_the_halves_of_end_turn(game):
    g = game
    assert C.next_player(g) == 1 and g._clock.hour == 0
    assert C.clock_step(g) is False and g._clock.hour == 3
    assert C.next_player(g) == 0 and g._clock.turn == 2


def test_free_die_frees_the_latest_lock_of_that_colour(game):
    g = game
    C.put_adventure(g, 0, "The Curator")
    C.place_monster(g, 0, "Generic Horror")           # locks the yellow die
    C.lock_die(g, 0)
    C.lock_die(g, 0)
    assert pool.free_dice(g, 0) == 4 and pool.free_dice(g, 1) == 0
    assert C.free_die(g, 0) and pool.free_dice(g, 0) == 5
    assert C.free_die(g, 1) and pool.free_dice(g, 1) == 1
    assert not C.free_die(g, 2)
    assert g._locks.n == 1


def test_complete_adventure_returns_monsters_frees_locks_and_empties_the_slot(game):
    g = game
    C.put_adventure(g, 6, "Lost Carcosa")             # an Other World
    C.place_monster(g, 6, "Generic Horror")
    pool.add_lock(g, 0, LK_ADVENTURE, g._slots.card[6])       # as if the card had a lock icon
    cup = g._decks.cup.n
    inv = g._seats.inv[0]
    trophy = g._data.adventures[g._slots.card[6]].trophy
    assert C.complete_adventure(g, 6) == trophy
    assert not g._slots.on[6] and g._decks.cup.n == cup + 1 and g._locks.n == 0
    assert trophies.trophy_total(g, inv) == trophy and pool.free_dice(g, 0) == 6 and pool.free_dice(g, 1) == 1
    with pytest.raises(KernelError):
        C.complete_adventure(g, 6)
    # a main slot is emptied too, until the table's replacement is put there
    C.put_adventure(g, 0, "Koi Pond")
    C.complete_adventure(g, 0, seat=1)
    assert not g._slots.on[0] and trophies.trophy_total(g, g._seats.inv[1]) > 0
    C.put_adventure(g, 0, "The Curator")
    assert g._slots.on[0]


def test_put_adventure_over_a_card_sends_its_monsters_back(game):
    g = game
    C.put_adventure(g, 0, "The Curator")
    C.place_monster(g, 0, "Generic Horror")
    cup = g._decks.cup.n
    C.put_adventure(g, 0, "Koi Pond")
    assert g._decks.cup.n == cup + 1 and g._locks.n == 0 and g._slots.adv[0].ntasks == 2


@pytest.mark.parametrize("lean", [False, True])
def test_entry_effect_goes_to_the_current_player(lean):
    data = GameData(lean=lean)
    i = [a.name for a in data.adventures].index("The Curator")
    data.adventures[i].entry = compile_effects("stamina-1,sanity-1", "test")   # as Strange Robberies
    g = C.new_companion(data, players=2)
    C.next_player(g)
    a, b = g._seats.inv[0], g._seats.inv[1]
    san = (g._inv.san[a], g._inv.san[b])
    C.put_adventure(g, 0, "The Curator")       
    assert (g._inv.san[a], g._inv.san[b]) == (san[0], san[1] - 1)
    C.put_adventure(g, 1, "The Curator", seat=0)
    assert (g._inv.san[a], g._inv.san[b]) == (san[0] - 1, san[1] - 1)


def test_devoured_investigator_is_replaced_from_the_pool(game):
    g = game
    old = g._seats.inv[1]
    C.enter_effect(g, "sanity-20", seat=1)
    assert g._seats.inv[1] == NONE and g._seats.state[1] == 1 and g._doom == 1
    with pytest.raises(KernelError):
        C.replace_investigator(g, 0)                 # not devoured
    pool = g._decks.investigators.n
    new = C.replace_investigator(g, 1)
    assert new != old and g._seats.inv[1] == new and g._seats.state[1] == 0 and g._decks.investigators.n == pool - 1
    d = DATA.investigators[new]
    assert (g._inv.maxsan[new], g._inv.maxsta[new]) == (d.sanity, d.stamina)
    C.enter_effect(g, "stamina-20", seat=1)
    name = DATA.investigators[g._decks.investigators.buf[(g._decks.investigators.head + 2) % g._decks.investigators.cap]].name
    assert DATA.investigators[C.replace_investigator(g, 1, name)].name == name


def test_status_has_every_count_the_device_shows(game):
    g = game
    C.put_adventure(g, 3, "The Curator")
    C.place_monster(g, 3, "Generic Horror")
    C.enter_effect(g, "doom+2,elder_sign+1,clue+2,trophies+3")
    C.lock_die(g, 0)
    C.clock_step(g)
    b = st(g)
    assert (b[C.ST_CLOCK], b[C.ST_DOOM], b[C.ST_DOOM_TOP], b[C.ST_ELDER], b[C.ST_ELDER_NEED]) == (
        3, g._doom, g._ao.doom, 1, g._ao.elder_signs)
    assert (b[C.ST_PLAYERS], b[C.ST_SEAT], b[C.ST_FIRST_ROUND], b[C.ST_BATTLE], b[C.ST_RESULT]) == (2, 0, 1, 0, 2)
    assert [b[C.ST_FREE + c] for c in range(3)] == [5, 0, 1]
    assert [b[C.ST_LOCKED + c] for c in range(3)] == [1, 1, 0]
    assert b[C.ST_MONSTERS] == 1 and b[C.ST_POOL] == g._decks.investigators.n
    inv = g._seats.inv[0]
    assert [seat(b, 0, f) for f in range(8)] == [inv, g._inv.san[inv], g._inv.maxsan[inv], g._inv.sta[inv], g._inv.maxsta[inv],
                                                 g._inv.clues[inv], trophies.trophy_total(g, inv), 0]
    assert seat(b, 5, C.SS_INV) == NONE and seat(b, 5, C.SS_STATE) == 2
    k = C.ST_SLOTS + 3 * C.SLOT_BYTES
    assert b[k + C.SL_ON] == 1 and (b[k + 1] << 8 | b[k + 2]) == g._slots.card[3] and b[k + C.SL_MONSTERS] == 1
    assert len(b) == C.status_bytes(g._data)


def test_lean_game_and_lean_data_track_the_same_counts_as_the_full_game():
    lean_data = GameData(lean=True)
    games = [C.new_companion(DATA, 3), C.new_companion(DATA, 3, lean=True), C.new_companion(lean_data, 3)]
    assert isinstance(games[2], C.CompanionGame) and lean_data.lean
    assert [a.name for a in lean_data.adventures] == [a.name for a in DATA.adventures]
    for g in games:
        for s, name in enumerate(("The Curator", "Koi Pond", "Ancient Relics")):
            C.put_adventure(g, s, name)
        C.put_adventure(g, 6, "Lost Carcosa")
        C.enter_effect(g, "monster+3,doom+3,each(sanity-1),elder_sign+2")
        buf = array("i", [0] * C.LEAN_OPTIONS)
        while C.pending(g):
            n = C.options(g, buf)
            C.answer(g, buf[n - 1])                  # the table's answers (the same for each game)
        C.place_monster(g, 2, "Generic Horror")
        C.end_turn(g)
        C.complete_adventure(g, 6)
        C.enter_effect(g, "stamina-9", seat=1)
        C.replace_investigator(g, 1)
        C.free_die(g, 1)
        C.end_turn(g)
    assert bytes(st(games[0])) == bytes(st(games[1])) == bytes(st(games[2]))
    assert [g._slots.adv[2].ntasks for g in games] == [games[0]._slots.adv[2].ntasks] * 3
    assert len(games[1]._log) == 0 and games[1]._slot_pool[0].__class__ is C.SlotTasks


def test_lean_data_rejects_an_unknown_effect(tmp_path):
    f = tmp_path / "mine.tsv"
    f.write_text("name\tcount\ttask\ttrophy\tlock\tdefeat\tsource\nBad\t1\tL\t1\t\tteleport+1\tmine\n")
    with pytest.raises(KernelError) as e:
        GameData(extra=[f], lean=True)
    assert "unknown effect 'teleport'" in str(e.value)


HEAP_KB = 608     # measured minimum ~560 KB + 8%; see micropython/README.md, "Memory"


def test_scripted_companion_session_fits_a_fixed_heap(tmp_path):
    """The golden companion session of tests/test_board_companion.py (setup, effects, cards, an
    adventure won, the clock to midnight, a reset and resume, the board, undo) runs to the same
    frames on the unix port with a HEAP_KB heap."""
    if not MICROPYTHON.exists():
        pytest.skip("no micropython")
    from test_board_companion import SESSION, _script_words
    script = tmp_path / "s.txt"
    script.write_text(_script_words(SESSION))
    proc = subprocess.run([str(MICROPYTHON), "-X", "heapsize=%dK" % HEAP_KB, str(REPO / "micropython" / "sim.py"),
                           "--script", "@" + str(script), "--frames", str(tmp_path / "f"),
                           "--save", str(tmp_path / "adv.sav")], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    got = (tmp_path / "f" / "frames.txt").read_text()
    assert got == (REPO / "tests" / "golden" / "companion" / "frames.txt").read_text()
