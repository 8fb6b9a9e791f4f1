"""Imagined games for a search bot: a full state built from a seat's view, and copies of it.

    world = new_world(rules_board, game)          # a scratch game of the same setting
    determinize(world, game.view(seat), rng)      # the view's fields, the hidden ones drawn
    copy_state(work, world)                       # a rollout's game, played on from the world

A view (save.public_bytes) holds every field a player may know: the sheets, the board, the
monsters, the step and its context, each deck's size, and the gates (a face-down one without its
card). What it leaves out is drawn here from the bot's own PRNG, consistent with the view: the
face-down gates' cards among the gate cards no one has seen (not face up on the board, not a
trophy), the gate deck's order, each deck's cards (those nobody holds; an Elder Sign left on a
sealed location is out of play) in a random order with the card a shop or an auction shows on top,
and the game's PRNG. So a bot that searches worlds never reads the true state.

A world plays with the game's own draws (deck mode): a table's entered draws are the table's
business, not the bot's. Integer work only; the same worlds on every runtime. Allocates (the view
is read into a few small lists): a bot's decision, not a per-step path.
"""

from ... import prng
from .board import NONE, SP_ELDER_SIGN
from .defs import OPT_TABLE_DRAWS
from .save import SCALARS, WIDE, BUFFERS, HIDDEN_GATE, VIEW_HEAD


def new_world(board, game):
    """A scratch game of the same setting as `game` (board, players, house rules, limits), to be
    filled by determinize or copy_state."""
    from .rules import ArkhamGame
    return ArkhamGame(board, game.players, 0, game.house & ~OPT_TABLE_DRAWS, game.round_limit,
                      game.doom_length)


def _load_public(world, v):
    """The view's fields into world; returns the index of its gates (one byte a space)."""
    i = VIEW_HEAD
    for name in SCALARS:
        setattr(world, name, v[i])
        i += 1
    for name in WIDE:
        w = v[i] << 8 | v[i + 1]
        setattr(world, name, w - 128 if name == "test_level" else w)
        i += 2
    for name in BUFFERS:
        buf = getattr(world, name)
        n = len(buf)
        for k in range(n):
            buf[k] = v[i + k]
        i += n
    for s in range(len(world.money)):
        world.money[s] = v[i] << 8 | v[i + 1]
        i += 2
    for deck in (world.gate_deck, world.item_deck, world.spell_deck, world.ally_deck):
        deck.n = v[i]
        i += 1
    return i


def _shuffle_into(deck, cards, rng):
    """cards (a list) in a random order into deck, its size kept as the view says (the extra
    cards, if the view says fewer, are left out; too few leave the deck shorter)."""
    n = deck.n
    k = len(cards)
    for j in range(k - 1, 0, -1):
        r = prng.die(rng, j + 1)
        t = cards[j]
        cards[j] = cards[r]
        cards[r] = t
    if k < n:
        n = k
    for j in range(n):
        deck.cards[j] = cards[j]
    deck.n = n


def determinize(world, view, rng):
    """world becomes a game consistent with `view` (the bytes of game.view(seat)): its public
    fields copied, its hidden ones drawn from rng (see the module docstring)."""
    b = world.board
    v = view
    i = _load_public(world, v)
    world.table = 0
    world.draw_want = 0
    world.ndrawn = 0
    world.draw_used = 0
    world.resume = 0
    world.known_top = 0
    # gates: the cards of the face-down ones and the deck's, among those nobody has seen
    hidden = []
    for s in range(b.nspaces):
        c = v[i + s]
        world.gate_at[s] = c
    for g in range(b.ngates):
        if world.gate_keep[g] != NONE:
            continue
        up = False
        for s in range(b.nspaces):
            if world.gate_at[s] == g:
                up = True
        if not up:
            hidden.append(g)
    for j in range(len(hidden) - 1, 0, -1):
        r = prng.die(rng, j + 1)
        t = hidden[j]
        hidden[j] = hidden[r]
        hidden[r] = t
    for s in range(b.nspaces):
        if world.gate_at[s] == HIDDEN_GATE:
            world.gate_at[s] = hidden.pop() if hidden else NONE
            if world.gate_at[s] != NONE:
                world.gate_shown[world.gate_at[s]] = 0
    _shuffle_into(world.gate_deck, hidden, rng)
    # the card decks: every card nobody holds, the shown one on top
    held = bytearray(b.ncards)
    for k in range(len(world.poss)):
        c = world.poss[k]
        if c != NONE:
            held[c] = 1
    shown = world.shop_card if world.shop_card != NONE else world.auction_card
    for d in range(3):
        deck = world.decks[d]
        free = []
        for c in range(b.ncards):
            if not held[c] and b.i_deck[b.card_kind[c]] == d and c != shown:
                free.append(c)
        # more free cards than the deck holds: Elder Signs left on sealed locations are out of play
        extra = len(free) + (1 if shown != NONE and b.i_deck[b.card_kind[shown]] == d else 0) - deck.n
        j = len(free) - 1
        while extra > 0 and j >= 0:
            if b.i_special[b.card_kind[free[j]]] == SP_ELDER_SIGN:
                free.pop(j)
                extra -= 1
            j -= 1
        if shown != NONE and b.i_deck[b.card_kind[shown]] == d:
            deck.n -= 1
            _shuffle_into(deck, free, rng)
            deck.cards[deck.n] = shown
            deck.n += 1
        else:
            _shuffle_into(deck, free, rng)
    prng.seed(world.rng, (prng.next15(rng) << 15) | prng.next15(rng))
    world.nlog = 0
    world.nev = 0
    world.dist_dirty = 1
    world.touch()


def copy_state(dst, src):
    """dst becomes src (every field a game plays on; not the action log, which dst starts empty)."""
    for name in SCALARS:
        setattr(dst, name, getattr(src, name))
    for name in WIDE:
        setattr(dst, name, getattr(src, name))
    for name in BUFFERS:
        getattr(dst, name)[:] = getattr(src, name)
    dst.money[:] = src.money
    dst.gate_at[:] = src.gate_at
    for k in range(4):
        d = (dst.gate_deck, dst.item_deck, dst.spell_deck, dst.ally_deck)[k]
        s = (src.gate_deck, src.item_deck, src.spell_deck, src.ally_deck)[k]
        d.cards[:] = s.cards
        d.n = s.n
    dst.rng[0] = src.rng[0]
    dst.rng[1] = src.rng[1]
    dst.table = src.table
    dst.nlog = 0
    dst.nev = 0
    dst.dist_dirty = 1
    dst.touch()

