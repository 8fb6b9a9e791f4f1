"""The whole Elder Sign game: a state machine for 1 to 8 players over cards given as data.

Docstring only, so that importing one module of the game (the handheld's companion mode imports
`companion` and `data`) loads nothing else. The entry points:

    rules.py      Rules: the kernel surface (kernel/surface.py) - new games, saves, conformance
    machine.py    Game: legal_actions, apply, replay (the state machine's face)
    data.py       GameData: the cards from data/*.tsv (and user card files)
    save.py       serialize / deserialize a game
    text.py       actions and events in words
    bot.py        the built-in bot
    companion.py  companion mode: the device beside a physical game
    bots/         the portable bots (random, heuristic) and what a bot may observe (bots/__init__.py)

The other modules are the parts of the rules the Game combines (see machine.py).
"""
