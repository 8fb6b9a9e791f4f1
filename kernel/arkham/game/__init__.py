"""Arkham Horror (1987) as a kernel game: the whole round as a state machine over a board given as data.

Nothing is imported here (the board and the rules are loaded when a game asks for them). Modules:

    defs        action codes, steps, limits, event codes
    board       the board and its tables from TSV files, validated at load (data/README.md)
    effects     the event-table effect vocabulary, compiled at load
    state       the buffers, setup, queries, events                     (State)
    turns       rounds, turns in seat order, knock-outs, lost, the end    (Turns)
    movement    investigator phase part 1: 2D6 movement, taxi, vehicles  (Movement)
    encounters  part 2: location and Other World events, the trip        (Encounters)
    meetings    part 3: sanity checks and stealth                        (Meetings)
    combat      part 4: fights, gate closing, knock-outs                 (Combat)
    mythos      the mythos phase: gates, monster movement and attacks    (Mythos)
    trade       selling, auctions, payments, trading between investigators (Trade)
    cards       the cards' abilities: casting rolls, once, banishing, a card's use (Cards)
    rules       the surface (kernel/surface.py): Rules and ArkhamGame
    save        serialize / deserialize
    text        actions and events in words
    bots        a random bot and a heuristic bot
    playlog     a seeded bot game and its text log (the same on every runtime)
"""
