"""Arkham Horror (1987) as a kernel game: the whole round as a state machine over a board given as data.

Nothing is imported here (the board and the rules are loaded when a game asks for them). The rules
are functions over the game (`def end_turn(game)`), one module per part of the round; rules.ArkhamGame
holds the fields and the surface. state.py is imported by name (it calls nothing above it); the parts
of the round call one another as modules (`from . import combat`, resolved at call time). Modules:

    defs        action codes, steps, limits, event codes
    board       the board and its tables from TSV files, validated at load (data/README.md)
    effects     the event-table effect vocabulary, compiled at load
    state       setup of a seed, events, queries, table-mode draws, the action log; Deck
    turns       rounds, turns in seat order, knock-outs, lost, the end
    movement    investigator phase part 1: 2D6 movement, taxi, vehicles
    encounters  part 2: location and Other World events, the trip
    meetings    part 3: sanity checks and stealth
    combat      part 4: fights, gate closing, knock-outs
    mythos      the mythos phase: gates, monster movement and attacks
    trade       selling, auctions, payments, trading between investigators
    cards       the cards' abilities: casting rolls, once, banishing, a card's use
    chance      the chance nodes: outcomes and weights, the PRNG's roll, what each outcome resolves
    rules       Rules and ArkhamGame: the fields (buffers made once) and the surface (kernel/surface.py)
    save        serialize / deserialize
    text        actions and events in words
    bots        a random bot and a heuristic bot
    planner     the search bot's policy: the heuristic with a plan for the team
    worlds      imagined games built from a seat's view (the hidden parts drawn), and copies
    value       a game's chance to win for the investigators (a fitted logistic model)
    search      the search bot: rollouts of the planner over imagined games
    playlog     a seeded bot game and its text log (the same on every runtime)
"""
