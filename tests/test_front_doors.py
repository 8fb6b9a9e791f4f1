"""The front doors' Python edges: a roll given as a list of faces, a library card's name
where notation is expected, a legal_actions buffer too small, and junk fed to every public function
of the four front doors (hypothesis), which must answer or raise KernelError, never a raw
IndexError, AttributeError or TypeError from inside."""

from array import array

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import eldritch
from eldritch import arkham, mansions, stayaway
from eldritch.kernel.errors import KernelError


# ----- Elder Sign's edges -------------------------------------------------------------------------------

def test_advise_takes_a_roll_as_a_list_of_faces():
    as_list = eldritch.advise("L L L | L I3", ["L", "L", "I2", "P"], held=["L"], done=[2])
    as_text = eldritch.advise("L L L | L I3", "L L I2 P", held="L", done=[2])
    assert as_list == as_text and as_list[0].action == "complete task 1 (L L L) with L L + held L"
    with pytest.raises(KernelError, match="index 1"):
        eldritch.advise("L L L | L I3", ["L", 3])


def test_odds_of_a_library_name_says_to_use_library_get():
    with pytest.raises(KernelError) as got:
        eldritch.odds("The Curator")
    assert "eldritch.library.get('The Curator')" in str(got.value) and "L L L | L I3" in str(got.value)
    assert "position" not in str(got.value)
    with pytest.raises(KernelError, match="at position 3"):      # notation errors keep their position
        eldritch.odds("L X")
    assert eldritch.odds(eldritch.library.get("The Curator")) == eldritch.odds("L L L | L I3")


def test_the_cli_says_to_give_a_library_name_with_name(capsys):
    from eldritch.cli import main
    assert main(["odds", "The Curator"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--name 'The Curator'" in err and "L L L | L I3" in err
    assert main(["odds", "L Q"]) == 2 and "at position 3" in capsys.readouterr().err


# ----- a short buffer -------------------------------------------------------------------------------------

def _states():
    from eldritch.kernel.eldersign.adventure import Rules as AdventureRules
    return [("eldersign", eldritch.Game(eldritch.GameData(), players=2, seed=1)),
            ("adventure", AdventureRules().new_game(1)),
            ("stayaway", stayaway.Rules().new_game(1, 5)), ("arkham", arkham.Rules().new_game(1, 2)),
            ("mansions", mansions.Rules().new_game(1, 3))]


@pytest.mark.parametrize("name,state", _states(), ids=lambda x: x if isinstance(x, str) else "")
def test_a_legal_actions_buffer_too_small_is_a_kernel_error(name, state):
    before = state.serialize()
    for buf in (array("i", [0] * 1), [0, 0], array("i"), None, 17, "abc"):
        with pytest.raises(KernelError, match="buffer"):
            state.legal_actions(buf)
    assert state.serialize() == before


# ----- junk to every public function ----------------------------------------------------------------------

JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-(1 << 40), 1 << 40), st.floats(allow_nan=True),
    st.text(max_size=24), st.binary(max_size=64), st.lists(st.integers(-5, 300), max_size=6),
    st.lists(st.text(max_size=4), max_size=4), st.dictionaries(st.text(max_size=6), st.integers(), max_size=3),
    st.tuples(st.integers(), st.integers()), st.just(object()), st.just(array("i", [0] * 3)))


def _call(fn, *args, **kwargs):
    try:
        fn(*args, **kwargs)
    except KernelError:
        pass


def _eldersign_calls():
    game = eldritch.Game(eldritch.GameData(), players=2, seed=3)
    card = "L L L | L I3"
    return [
        lambda j: eldritch.parse_card(j), lambda j: eldritch.parse_roll(j), lambda j: eldritch.odds(j),
        lambda j: eldritch.odds(card, j), lambda j: eldritch.advise(card, j),
        lambda j: eldritch.advise(card, "L L I2 P", j), lambda j: eldritch.advise(card, "L L I2 P", held=j),
        lambda j: eldritch.advise(card, "L L I2 P", done=j), lambda j: eldritch.Situation(green=j),
        lambda j: eldritch.Situation(terror=j), lambda j: eldritch.Solver(j),
        lambda j: eldritch.library.get(j), lambda j: eldritch.library.search(j),
        lambda j: eldritch.read_view(j, 0), lambda j: eldritch.read_view(game, j), lambda j: eldritch.actions(j),
        lambda j: game.view(j), lambda j: game.is_legal(j), lambda j: game.action_text(j),
        lambda j: game.legal_actions(j), lambda j: eldritch.Game(eldritch.GameData(), players=j, seed=1),
        lambda j: eldritch.Game(eldritch.GameData(), players=2, seed=j)]


def _door_calls(door, players):
    rules = door.Rules()
    state = rules.new_game(5, players)
    calls = [
        lambda j: door.Rules(j), lambda j: rules.new_game(j, players), lambda j: rules.new_game(5, j),
        lambda j: rules.deserialize(j), lambda j: state.view(j), lambda j: state.is_legal(j),
        lambda j: state.action_text(j), lambda j: state.legal_actions(j), lambda j: door.read_view(j, 0),
        lambda j: door.read_view(state, j), lambda j: door.decode_view(j), lambda j: door.actions(j),
        lambda j: state.apply(j) if not state.is_legal(j) else None]
    if door is arkham:
        calls += [lambda j: arkham.fight(j, 4), lambda j: arkham.fight(5, j), lambda j: arkham.fight(5, 4, immune=j),
                  lambda j: arkham.fight(5, 4, fight=j), lambda j: arkham.stealth(j),
                  lambda j: arkham.sanity_check(j, (1, 2)), lambda j: arkham.sanity_check(4, j),
                  lambda j: arkham.sanity_check(4, (1, 2), level=j), lambda j: arkham.close_gate(j),
                  lambda j: arkham.close_gate(7, attempts=j), lambda j: arkham.reach(j),
                  lambda j: arkham.reach("Train Station", monsters=j), lambda j: arkham.reach("Train Station", mode=j),
                  lambda j: arkham.reach("Train Station", money=j), lambda j: arkham.reach("Train Station", board=j),
                  lambda j: arkham.gate_chances(open=j), lambda j: arkham.gate_chances(sealed=j),
                  lambda j: arkham.attack_bonus(j), lambda j: arkham.decode_view(b"", j)]
    if door is mansions:
        calls += [lambda j: mansions.attribute_test(j), lambda j: mansions.attribute_test(4, j),
                  lambda j: mansions.attribute_test(4, 0, j), lambda j: mansions.attribute_table(4, skill=j),
                  lambda j: mansions.test_target(j), lambda j: mansions.decode_view(b"", j)]
    return calls


CALLS = {"eldersign": _eldersign_calls, "stayaway": lambda: _door_calls(stayaway, 5),
         "arkham": lambda: _door_calls(arkham, 2), "mansions": lambda: _door_calls(mansions, 3)}


@pytest.mark.parametrize("game", sorted(CALLS))
def test_junk_to_every_public_function_is_a_kernel_error(game):
    calls = CALLS[game]()

    @settings(max_examples=40, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(junk=JUNK)
    def check(junk):
        for call in calls:
            _call(call, junk)

    check()
