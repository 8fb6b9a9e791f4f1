"""Arkham Horror (Chaosium, 1987): the dice-odds half (exact odds of every roll the rules make:
odds.py, reach.py, gatechance.py) and, in game/, the whole round as a state machine over a board
given as data (data/: the project's own demonstration board, its schema and a template).
"""
