"""Bots for the whole Elder Sign game, portable (CPython and MicroPython, no solver).

Docstring only, like the game package. The modules:

    observe.py     what a bot may read of a game: the table (stats, board, hands, doom, elder
                   signs, the dice of the attempt); never a deck's order or a PRNG
    value.py       the value of an effect list (a reward, a penalty) to the investigators: the
                   documented, tunable weights every strategic bot shares
    randombot.py   RandomBot: a uniformly random legal action (its own kernel PRNG, seeded)
    heuristic.py   HeuristicBot: the improved rule-of-thumb bot

Every bot has `choose(game, buf, n) -> action`, where buf holds the n legal actions of game; it
always returns one of them (an unknown decision kind gets the first legal action). The solver bot
(exact odds, C core) lives on the host: eldritch/solverbot.py.
"""
