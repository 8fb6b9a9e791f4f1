"""The typed views of the four front doors: over seeded random playouts, every seat's
view decodes, says what the kernel's state holds for that seat (compared field by field with the
state, not with the decoder's own source), and holds nothing another seat's hidden data could change
(the hidden parts of a copy are changed and the decoded view must not move; the same changes do move
the views of the seats allowed to know them, so the check can fail).

Stay Away!'s hidden-data check, with its resampling of every hand, role and log card a player did not
see, is in tests/stayaway/test_stayaway_typed_view.py; Mansions reuses test_mansions_views' mutations
of the keeper's secrets."""

import random
from array import array

import pytest

import eldritch
from eldritch import arkham, mansions
from eldritch.kernel.errors import KernelError
from eldritch.kernel.arkham.game import defs as AD
from eldritch.kernel.arkham.game.board import NONE as A_NONE
from eldritch.kernel.mansions.game import consts as MK
from eldritch.kernel.mansions.game import state as MS
from eldritch.kernel.eldersign.game.defs import MAX_HAND, NONE as E_NONE

import test_mansions_views as mansions_secrets
from eldritch.kernel.arkham.game import state


def playout(rules, seed, players, steps, every=1):
    """(step, state) along one seeded random game (the state is the same object, moved on)."""
    state = rules.new_game(seed, players)
    buf = array("i", [0] * rules.max_actions)
    rng = random.Random(seed * 31 + players)
    for step in range(steps):
        if step % every == 0:
            yield step, state
        if state.is_terminal():
            return
        n = state.legal_actions(buf)
        state.apply(buf[rng.randrange(n)])
    yield steps, state


# ----- Arkham Horror ----------------------------------------------------------------------------------

def arkham_facts(g, v):
    """The typed view against the state's own fields."""
    b = g.board
    assert v.players == g.players and v.round == g.round and v.doom == g.doom
    assert v.phase == AD.PHASE_NAMES[g.phase] and v.doom_length == g.doom_length and v.gate_limit == g.gate_limit
    assert (v.result is None) == (g.result == AD.RES_PLAYING)
    cp = g.current_player()
    assert v.deciding == (cp if cp >= 0 else None)
    for s in range(g.players):
        x = v.seat(s)
        inv = g.seat_inv[s]
        assert x.investigator == (b.inv_names[inv] if inv != A_NONE else None)
        assert (x.sanity, x.max_sanity, x.stamina, x.max_stamina, x.money) == (
            g.san[s], g.maxsan[s], g.sta[s], g.maxsta[s], g.money[s])
        assert (x.fight, x.stealth, x.gates_closed) == (g.fight[s], g.stealth[s], g.gates_closed[s])
        if inv != A_NONE:
            assert (x.world is not None) == (g.pos[s] == AD.AT_WORLD)
            assert x.space == (b.space_names[g.pos[s]] if g.pos[s] < b.nspaces else None)
        held = [b.item_names[b.card_kind[c]] for c in g.poss[s * AD.MAX_POSS:(s + 1) * AD.MAX_POSS] if c != A_NONE]
        assert list(x.possessions) == held
        assert len(x.trophies) == state.trophies(g, s) and len(x.gate_trophies) == state.gate_trophies(g, s)
        if inv != A_NONE:
            assert x.skills == tuple((n, state.skill_of(g, s, k)) for k, n in enumerate(b.skill_names))
    for m in range(b.nmonsters):
        at = g.m_at[m]
        assert v.monsters[m].on_board == (at < b.nspaces)
        if at < b.nspaces:
            assert v.monsters[m].where == b.space_names[at]
    open_at = [s for s in range(b.nspaces) if g.gate_at[s] != A_NONE]
    assert [x.space for x in v.gates] == [b.space_names[s] for s in open_at]
    for x, s in zip(v.gates, open_at):
        c = g.gate_at[s]
        assert (x.world is None) == (not g.gate_shown[c])
        if x.world is not None:
            assert (x.world, x.difficulty) == (b.world_names[b.gate_world[c]], b.gate_diff[c])
    assert v.sealed == tuple(b.space_names[s] for s in range(b.nspaces) if g.sealed[s])
    assert (v.item_deck, v.spell_deck, v.gate_deck) == (g.item_deck.n, g.spell_deck.n, g.gate_deck.n)


def arkham_hide(g, rng):
    """A copy whose hidden parts differ: the decks' order, the PRNG, and where face-down gates lead."""
    t = _ARKHAM_RULES.deserialize(g.serialize())
    for deck in (t.gate_deck, t.item_deck, t.spell_deck, t.ally_deck):
        cards = list(deck.cards[:deck.n])
        rng.shuffle(cards)
        deck.cards[:deck.n] = bytes(cards)
    down = [s for s in range(t.board.nspaces) if t.gate_at[s] != A_NONE and not t.gate_shown[t.gate_at[s]]]
    spare = [c for c in range(t.board.ngates) if not t.gate_shown[c] and c not in t.gate_at]
    for s in down:                                  # a face-down gate may lead anywhere unseen
        if spare:
            k = rng.randrange(len(spare))
            spare[k], t.gate_at[s] = t.gate_at[s], spare[k]
    t.rng[0] = rng.randrange(1, 1 << 29)
    t.rng[1] = rng.randrange(1, 1 << 29)
    t.touch()
    return t


_ARKHAM_RULES = arkham.Rules()


def test_arkham_typed_view_says_what_the_state_holds_and_no_hidden_card():
    rng = random.Random(5)
    checked = moved = 0
    for seed in range(6):
        for players in (1, 2, 4):
            for _, g in playout(_ARKHAM_RULES, seed, players, 600, every=7):
                views = [arkham.read_view(g, p) for p in range(players)]
                assert all(x == views[0] for x in views), "Arkham's view is the same for every seat"
                assert views[0] == arkham.decode_view(g.view(0), _ARKHAM_RULES)
                arkham_facts(g, views[0])
                other = arkham_hide(g, rng)
                moved += other.serialize() != g.serialize()
                assert arkham.read_view(other, 0) == views[0], "a deck order, the PRNG or a face-down gate leaked"
                checked += 1
    assert checked > 300 and moved > checked // 2, (checked, moved)


# ----- Mansions of Madness ----------------------------------------------------------------------------

_MANSIONS_RULES = mansions.Rules()


def mansions_facts(st, p, v):
    story = st.story
    g = st.g
    assert v.viewer == p and v.players == st.players and v.round == g[MS.G_ROUND]
    assert v.threat == g[MS.G_THREAT] and v.phase == MK.PHASE_NAMES[g[MS.G_PHASE]]
    cp = st.current_player()
    assert v.deciding == (cp if cp >= 0 else None)
    keeper = p == MK.KEEPER
    if keeper or g[MS.G_REVEALED]:
        assert v.objective == (None if g[MS.G_OBJ] == MK.NONE else
                               mansions.Objective(g[MS.G_OBJ] + 1, story.obj_name[g[MS.G_OBJ]], story.obj_text[g[MS.G_OBJ]]))
    else:
        assert v.objective is None
    assert bool(v.guide_answers) == (keeper and any(st.answers[q] != MK.NONE for q in range(story.nquestions)))
    for s in range(1, st.players):
        x = v.investigator(s)
        inv = st.s_inv[s]
        assert x.investigator == (story.inv_name[inv] if inv != MK.NONE else None)
        assert (x.damage, x.horror, x.skill, x.stun) == (st.s_damage[s], st.s_horror[s], st.s_skill[s], st.s_stun[s])
        carried = [story.card_name[c] for c in range(story.ncards)
                   if st.c_where[c] == MK.WH_HAND and st.c_owner[c] == s]
        assert list(x.cards) == carried
    on_board = [(story.type_name[st.m_type[m]], story.space_name[st.m_space[m]], st.m_damage[m])
                for m in range(MK.MAX_MONSTERS) if st.m_type[m] != MK.NONE]
    assert [(m.kind, m.space, m.damage) for m in v.monsters] == on_board
    for r, room in enumerate(v.rooms):
        pile = [st.pile[r * MK.PILE_CAP + i] for i in range(st.pile_n[r])]
        assert len(room.pile) == len(pile)
        for shown, c in zip(room.pile, pile):
            if keeper or st.c_up[c]:
                assert shown == story.card_name[c]
            else:
                assert shown in ("face down", "obstacle (face down)")
    hand = tuple(story.my_name[c] for c in range(story.nmythos) if st.my_where[c] == 1)
    assert v.mythos_hand == (hand if keeper else ())
    assert v.keeper_hand == len(hand)


def test_mansions_typed_view_says_what_the_state_holds_and_no_keeper_secret():
    from eldritch.kernel import prng
    rng = prng.new_state(7)                      # the mutations draw from the kernel's PRNG
    checked = keeper_saw = 0
    for seed in range(5):
        for players in (2, 3, 5):
            for _, st in playout(_MANSIONS_RULES, seed, players, 500, every=5):
                views = [mansions.read_view(st, p) for p in range(players)]
                for p in range(players):
                    mansions_facts(st, p, views[p])
                other = st.clone()
                mansions_secrets.mutate_chance(other, rng)
                assert [mansions.read_view(other, p) for p in range(players)] == views, "a deck order leaked"
                other = st.clone()
                if mansions_secrets.mutate_keeper_secrets(other, rng):
                    for p in range(1, players):
                        assert mansions.read_view(other, p) == views[p], "the keeper's secret reached seat %d" % p
                    keeper_saw += mansions.read_view(other, 0) != views[0]
                    checked += 1
    assert checked > 200 and keeper_saw > checked // 2, (checked, keeper_saw)


# ----- Elder Sign ---------------------------------------------------------------------------------------

_ELDERSIGN_RULES = None


def eldersign_rules():
    global _ELDERSIGN_RULES
    if _ELDERSIGN_RULES is None:
        from eldritch.kernel.eldersign.game.rules import Rules
        _ELDERSIGN_RULES = Rules()
    return _ELDERSIGN_RULES


def eldersign_facts(g, seat, v):
    data = g._data
    assert v.seat == seat and v.players == g.players
    assert (v.doom, v.elder_signs, v.hour) == (g._doom, g._elder, g._clock.hour)
    assert v.over == (g._result >= 0)
    cp = g.current_player()
    assert v.deciding == (cp if cp >= 0 else None)
    shown = [a.name for a in v.adventures]
    assert shown == [data.adventures[g._slots.card[s]].name for s in range(g._slots.n) if g._slots.on[s]]
    for x in v.seats:
        inv = g._seats.inv[x.seat]
        if inv == E_NONE:
            assert x.investigator is None
            continue
        assert x.investigator == data.investigators[inv].name
        assert (x.sanity, x.stamina, x.clues) == (g._inv.san[inv], g._inv.sta[inv], g._inv.clues[inv])
        cards = [data.cards[g._inv.card(inv, k)].name for k in range(MAX_HAND) if g._inv.card(inv, k) != E_NONE]
        assert list(x.hand[:len(cards)]) == cards
    if v.attempt is not None:
        assert sum(1 for a in v.adventures if a.attempted) == (1 if v.attempt.slot is not None else 0)


def eldersign_hide(g):
    """Reverse every deck in place (their order is hidden); returns a function that puts them back."""
    saved = []
    for deck in g._decks.all():
        cards = [deck.at(i) for i in range(deck.n)]
        saved.append((deck, cards))
        for i, c in enumerate(reversed(cards)):
            deck.buf[(deck.head + i) % deck.cap] = c

    def restore():
        for deck, cards in saved:
            for i, c in enumerate(cards):
                deck.buf[(deck.head + i) % deck.cap] = c
    return restore


def test_eldersign_typed_view_says_what_the_state_holds_and_no_deck_order():
    rules = eldersign_rules()
    checked = 0
    for seed in range(4):
        for players in (1, 2, 4):
            for _, g in playout(rules, seed, players, 500, every=9):
                views = [eldritch.read_view(g, p) for p in range(players)]
                for p in range(players):
                    eldersign_facts(g, p, views[p])
                    assert views[p] == views[0].__class__(**{**views[0].__dict__, "seat": p}), \
                        "Elder Sign seats see the same table"
                restore = eldersign_hide(g)
                try:
                    assert eldritch.read_view(g, 0) == views[0], "a deck's order reached the view"
                finally:
                    restore()
                checked += 1
    assert checked > 100


# ----- bad input ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("decode", [
    lambda d: arkham.decode_view(d), lambda d: mansions.decode_view(d),
    lambda d: __import__("eldritch.stayaway", fromlist=["decode_view"]).decode_view(d)])
def test_decoding_what_is_not_a_view_is_a_kernel_error(decode):
    for junk in (b"", b"\x00" * 7, bytes(range(256)) * 9, "text", None, 12):
        with pytest.raises(KernelError):
            decode(junk)
