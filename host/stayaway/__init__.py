"""Stay Away!'s host side: the terminal game, the deck generator and the simulator."""
