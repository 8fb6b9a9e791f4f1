"""Hidden information: neither side's view ever holds the other side's hidden cards.

Over seeded random games, at every step: every hidden part of the state is changed on a copy (the
order and identity of face-down cards within each room's pile, which lock card lies face down where,
the keeper's mythos hand, his guide answer and objective before the reveal, the order of the combat
and mythos decks, the PRNG) and the investigators' views and legal actions must not change; the
keeper's view must not change with what only chance knows (deck orders, the PRNG). The checks can
fail: the same mutations do change the keeper's view (his secrets are in it)."""

import pytest
from array import array

from eldritch.kernel import prng
from eldritch.kernel.mansions.game import consts as K
from eldritch.kernel.mansions.game import state as S
from eldritch.kernel.mansions.game import text as T
from eldritch.kernel.mansions.game.state import shuffle

import mansions_positions as P

BUF = array("i", [0] * K.MAX_ACTIONS)


def legal_of(st):
    n = st.legal_actions(BUF)
    return [BUF[i] for i in range(n)]


def mutate_chance(st, rng):
    """What no one may know: deck orders and the PRNG."""
    story = st.story
    for k in range(3):
        start = story.class_start[k] + st.ctop[k]
        shuffle(rng, st.cdeck, start, story.class_count[k] - st.ctop[k])
    top = st.g[S.G_MTOP]
    shuffle(rng, st.mdeck, top, story.nmythos - top)
    st.rng[0] = 1 + prng.die(rng, 30000)
    st.rng[1] = 1 + prng.die(rng, 30000)


def mutate_keeper_secrets(st, rng):
    """What only the keeper knows: face-down cards (same backs), locks face down, his hand, his
    objective before the reveal. True when something was changed."""
    story = st.story
    changed = False
    # face-down exploration cards: permute among their positions, and swap identities across rooms
    slots = []
    for r in range(story.nrooms):
        for i in range(st.pile_n[r]):
            c = st.pile[r * K.PILE_CAP + i]
            if not st.c_up[c] and story.card_kind[c] == K.K_EXPLORATION:
                slots.append((r, i, c))
    cards = [c for _, _, c in slots]
    for i in range(len(cards) - 1, 0, -1):
        j = prng.die(rng, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    for (r, i, old), c in zip(slots, cards):
        if c != old:
            changed = True
        st.pile[r * K.PILE_CAP + i] = c
        st.c_room[c] = r
    # face-down locks: swap which lock card lies in which room
    rooms = [r for r in range(story.nrooms) if st.lock[r] != K.NONE and not st.lock_up[r]]
    if len(rooms) >= 2:
        a, b = rooms[0], rooms[1]
        st.lock[a], st.lock[b] = st.lock[b], st.lock[a]
        st.c_room[st.lock[a]] = a
        st.c_room[st.lock[b]] = b
        changed = True
    # the keeper's hand: trade a card in hand for one still in the deck
    hand = [c for c in range(story.nmythos) if st.my_where[c] == 1]
    deck = [st.mdeck[i] for i in range(st.g[S.G_MTOP], story.nmythos)]
    if hand and deck:
        h, d = hand[0], deck[0]
        st.my_where[h] = 0
        st.my_where[d] = 1
        st.mdeck[st.g[S.G_MTOP]] = h
        changed = True
    # the objective, before the reveal (question 1 does not move cards in the demo)
    if st.g[S.G_OBJ] != K.NONE and not st.g[S.G_REVEALED] and not st.is_terminal():
        st.g[S.G_OBJ] = (st.g[S.G_OBJ] + 1) % 3
        st.answers[0] = st.g[S.G_OBJ]
        changed = True
    return changed


@pytest.mark.slow
def test_views_hold_nothing_of_the_other_side():
    r = P.rules()
    rng = prng.new_state(99)
    checked = 0
    keeper_saw = 0
    for seed in range(8):
        for players in (2, 3, 5):
            st = r.new_game(seed, players)
            pick = prng.new_state(seed * 13 + players)
            steps = 0
            while not st.is_terminal() and steps < 400:
                views = [st.view(p) for p in range(players)]
                other = st.clone()
                mutate_chance(other, rng)
                assert [other.view(p) for p in range(players)] == views, "a deck order or the PRNG leaked"
                other = st.clone()
                if mutate_keeper_secrets(other, rng):
                    for p in range(1, players):
                        assert other.view(p) == views[p], "the keeper's secret leaked to seat %d" % p
                    if st.current_player() >= 1 and st.g[S.G_OBJ] != K.NONE:
                        assert legal_of(other) == legal_of(st), "legal actions reveal the keeper's secret"
                    keeper_saw += other.view(0) != views[0]
                    checked += 1
                n = st.legal_actions(BUF)
                st.apply(BUF[prng.die(pick, n)])
                steps += 1
    assert checked > 1000 and keeper_saw > checked // 2


def test_investigator_text_names_no_face_down_card():
    r = P.rules()
    for seed in range(6):
        st = r.new_game(seed, 3)
        pick = prng.new_state(seed)
        while not st.is_terminal():
            st.apply(legal_of(st)[prng.die(pick, len(legal_of(st)))])
            if st.g[S.G_ROUND] == 0:
                continue
            shown = "\n".join(T.describe(st.story, st.view(1)))
            for c in range(st.story.ncards):
                if st.c_where[c] in (K.WH_PILE, K.WH_LOCK) and not st.c_up[c] and \
                        not (st.c_where[c] == K.WH_LOCK and st.lock_up[st.c_room[c]]):
                    assert st.story.card_name[c] + "," not in shown and st.story.card_name[c] + "\n" not in shown
            hand = [st.story.my_name[c] for c in range(st.story.nmythos) if st.my_where[c] == 1]
            for name in hand:
                assert name not in shown


def test_events_shown_to_investigators_hide_the_keepers_draws():
    st = P.game()
    P.to_keeper_actions(st)
    st.g[S.G_THREAT] = 3
    P.act(st, K.A_KCARD, 3, 0)                       # Dark Prayer: draw a mythos card
    assert T.events(st, 1) == ["the keeper draws a mythos card"]
    drawn = [st.story.my_name[c] for c in range(st.story.nmythos) if st.my_where[c] == 1][0]
    assert T.events(st, 0) == ["the keeper draws %s" % drawn]
    answer = P.act_code(K.A_ANSWER, 0, 1)
    assert T.action_text_for(st, answer, 1) == "the keeper answers guide question 1"
    assert T.action_text_for(st, answer, 0).startswith("guide question 1: The house")
