"""The whole Stay Away! game as a state machine (kernel/surface.py): explicit state plus functions.
rules.State holds the game's data (buffers allocated once, at setup) and the surface, each surface
method a short hand-over; every rule is a function over the state, `def start_turn(st, p)`, in the
module of its part of the rules, which imports the other parts' functions explicitly: core by name
(`from .core import event`: it calls nothing above it), the parts that call each other in a cycle (a
turn draws a Panic! card, which starts an exchange, which ends the turn) as modules resolved at call
time (`from . import turn`, then `turn.end_turn(st)`). One job per module:

    defs     the game's numbers: cards, kinds, roles, phases, action and event codes, limits
    deck     the deck file (data/deck.tsv or a user's), validated; the deck for a player count
    core     the table (seats, doors, quarantine), hands, piles, the log: what every part uses
    setup    the deal: the normal setup, quick start and the advanced options
    turn     the three-step turn, the end of a turn, who plays next, cards shown, the ends of the game
    exchange offers and answers, the defence cards against them, Missed!, infection
    cards    the Stay Away! action and obstacle cards, the Flamethrower and swap defences
    panic    every Panic! card
    legal    the legal actions of each phase, and the step that applies one
    rules    Rules and State: the options, the state's buffers, the surface every kernel game shares
    views    a player's view as bytes (allocation-free) and its decoder; viewcache: State.view's
             per-player logs kept between calls
    text     actions and events in words, per-player logs, the referee log
    save     the state as bytes and back; crypt: saves sealed with a passphrase
    belief   what a bot infers from its view; bots: random and heuristic; sample and search:
             the determinized search bot; play: a whole game between bots
    playlog  a seeded bot game as a transcript (view sums, logs), replayed from its actions

Nothing here is imported by this file, so the board loads only the modules it uses.
"""
