"""Which effects each kind of effect list may hold (kernel/mansions/data/README.md, "Effects"): a
story's loader checks every list against its set, so a token where the rules give it no meaning is
an error naming the file, line and field. Branches (if / else / end) are allowed everywhere."""

from .consts import (E_DAMAGE, E_HORROR, E_STUN, E_NOTHING, E_SPAWN, E_MOVE, E_DRAW_MYTHOS, E_THREAT,
                     E_RAISE, E_TRAUMA, E_TEST, E_FLAG, E_UNFLAG, E_SEAL, E_UNSEAL, E_FIRE, E_EXTINGUISH,
                     E_SPREAD, E_DARK, E_LIGHT, E_CORPSE, E_DAMAGE_ALL, E_HORROR_ALL, E_REVEAL, E_WIN,
                     E_SKILL, E_MODIFY, E_HIT, E_WEAPON, E_MSTUN)

# what befalls one investigator (a combat card's failure, a monster's attack)
PERSONAL = (E_DAMAGE, E_HORROR, E_STUN, E_NOTHING)
# an investigator's attack passed: damage to the monster
STRIKE = (E_HIT, E_WEAPON, E_MSTUN)
KEEPER_CARD = (E_SPAWN, E_MOVE, E_DRAW_MYTHOS, E_THREAT, E_RAISE, E_TRAUMA)
MYTHOS = (E_DAMAGE, E_HORROR, E_STUN, E_TEST, E_NOTHING, E_FLAG, E_UNFLAG)
# the board's tokens and the story's flags
BOARD = (E_SEAL, E_UNSEAL, E_FIRE, E_EXTINGUISH, E_SPREAD, E_DARK, E_LIGHT, E_CORPSE, E_FLAG, E_UNFLAG)
EVENT = (E_THREAT, E_SPAWN, E_DAMAGE_ALL, E_HORROR_ALL, E_NOTHING, E_REVEAL, E_WIN) + BOARD
REVEAL = (E_SPAWN, E_THREAT, E_NOTHING) + BOARD
FOUND = (E_DAMAGE, E_HORROR, E_STUN, E_TEST, E_THREAT, E_SPAWN, E_REVEAL, E_NOTHING, E_SKILL) + BOARD
TRAUMA = (E_DAMAGE, E_HORROR, E_STUN, E_MODIFY, E_NOTHING)
