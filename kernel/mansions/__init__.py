"""Mansions of Madness (first edition): the odds half (`odds.py`, attribute tests) and the whole game
over stories given as data (`game/`, `data/`). See kernel/mansions/README.md for the rules as the
kernel plays them and every choice made where the seed rulebook is silent."""
