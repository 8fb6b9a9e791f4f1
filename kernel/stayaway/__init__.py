"""Stay Away!: the hidden-role card game for 4 to 12 players, as a kernel game.

`game/` holds the whole game (rules, per-player views, encrypted saves, bots); `data/` the deck as a
tab-separated file with its schema. The entry module is `game/rules.py` (kernel/surface.py).
"""
