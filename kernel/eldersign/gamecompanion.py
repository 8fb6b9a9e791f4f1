"""Companion mode: the players keep the real cards on the table; the kernel tracks the clock, doom,
elder signs, investigators' sanity, stamina, clues and trophies, the adventures in play, their
monsters and the locked dice. What a physical card says is entered as primitives of the effect
vocabulary (effects.py), e.g. `enter_effect(game, "sanity-1,doom+1")`; physical rolls are entered as
the adventure kernel's ENTER actions (apply(ACT_ENTER + roll_code(counts))).

    g = new_companion(data, players=3)          # no mythos drawn: the table draws its own
    enter_effect(g, "doom+1")                  # the mythos card just revealed adds a doom token
    put_adventure(g, slot, name)               # the card the table revealed
    place_monster(g, slot, task_notation)      # a monster the table placed (as an extra task)

Entries are not in the action log (they are not replayable from the seed); a companion game is
saved by its state, which `gamesave.state_bytes` covers.
"""

from ..errors import KernelError
from .effects import compile_effects
from .game import Game, MAX_SLOTS, MAX_MON, MAX_TASKS_GAME, NONE


def new_companion(data, players=1, ancient_one=0):
    return Game(data, players=players, seed=0, ancient_one=ancient_one, companion=True)


def enter_effect(game, text, seat=None):
    """Apply an effect list typed from a physical card to seat's investigator (default: active)."""
    code = compile_effects(text, "entered effect", game.data.notes)
    inv = game.active() if seat is None else game.seat_inv[seat]
    game.begin_events()
    game.run(code, inv)
    game.resolve_pending()
    return code


def put_adventure(game, slot, name):
    """The table revealed adventure `name` into slot (0-5 adventures, 6-11 Other Worlds)."""
    if not 0 <= slot < MAX_SLOTS:
        raise KernelError("option", "slot must be 1 to %d" % MAX_SLOTS)
    for i, a in enumerate(game.data.adventures):
        if a.name.lower() == name.strip().lower():
            game.begin_events()
            game.put_card(slot, i)
            return i
    raise KernelError("card", "no adventure named '%s' in this game's sets" % name)


def place_monster(game, slot, monster_name):
    """The table placed monster `monster_name` on slot's card as an extra task."""
    for m, mon in enumerate(game.data.monsters):
        if mon.name.lower() == monster_name.strip().lower():
            k = game.free_mon(slot)
            if k < 0 or not game.slot_on[slot] or game.slot_adv[slot].ntasks >= MAX_TASKS_GAME:
                raise KernelError("option", "no room for a monster on slot %d" % (slot + 1))
            extras = 0
            for j in range(MAX_MON):
                if game.slot_mon[slot * MAX_MON + j] != NONE and game.slot_mon_at[slot * MAX_MON + j] >= 100:
                    extras += 1
            game.slot_mon[slot * MAX_MON + k] = m
            game.slot_mon_at[slot * MAX_MON + k] = 100 + extras
            if mon.lock_colour >= 0:
                game.add_lock(mon.lock_colour, 2, slot * MAX_MON + k)
            game.rebuild(slot)
            return k
    raise KernelError("card", "no monster named '%s'" % monster_name)


def lock_die(game, colour):
    """A lock icon on a physical card took a die (colour 0 green, 1 yellow, 2 red) until midnight."""
    game.add_lock(colour, 1, 0)
