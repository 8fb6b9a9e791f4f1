"""The whole Elder Sign game: a state machine for 1 to 8 players over cards given as data.

Docstring only, so that importing one module of the game (the handheld's companion mode imports
`companion` and `data`) loads nothing else. The entry points, the only modules code outside the
game imports (tests/test_game_modules.py checks it):

    rules.py      Rules: the kernel surface (kernel/surface.py) - new games, saves, conformance
    machine.py    Game: legal_actions, apply, replay (the state machine's face) and the action codes
    data.py       GameData: the cards from data/*.tsv (and user card files)
    save.py       serialize / deserialize a game
    text.py       actions, events, questions and the board in words
    words.py      a card's compiled effects (reward, penalty, terror) in words
    table.py      what is on the table, as plain values (for a screen, a log or a hint)
    bot.py        the built-in bot
    playlog.py    a seeded bot game as a transcript, replayed from its actions (golden games)
    companion.py  companion mode: the device beside a physical game
    bots/         the portable bots (random, heuristic) and what a bot may observe (bots/__init__.py)

The other modules are the game's own: its numbers (defs), the components of the state (people,
slots, locks, decks, clock, stack, attempt_state; state.py puts them together), the engine that runs
the work stack (engine), the parts of the rules (turn, attempt, entrance, battle, resolve, doom,
board, cards, trophies, pool; see machine.py), the effect vocabulary and abilities (effects) and the
task table (tasks).
"""
