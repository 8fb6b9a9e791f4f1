"""Elder Sign: dice, card notation, roll matching, the exact adventure solver and advice."""
