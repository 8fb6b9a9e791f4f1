"""Which effects each kind of effect list may hold (kernel/mansions/data/README.md, "Effects"): a
story's loader checks every list against its set, so a token where the rules give it no meaning is
an error naming the file, line and field. Branches (if / else / end) are allowed everywhere."""

from .consts import (E_DAMAGE, E_HORROR, E_STUN, E_NOTHING, E_SPAWN, E_MOVE, E_DRAW_MYTHOS, E_THREAT,
                     E_RAISE, E_TRAUMA, E_TEST, E_FLAG, E_UNFLAG, E_SEAL, E_UNSEAL, E_FIRE, E_EXTINGUISH,
                     E_SPREAD, E_DARK, E_LIGHT, E_CORPSE, E_DAMAGE_ALL, E_HORROR_ALL, E_REVEAL, E_WIN,
                     E_SKILL, E_MODIFY, E_HIT, E_WEAPON, E_MSTUN, E_HORROR_ONE, E_DAMAGE_ONE, E_TIME,
                     E_SPAWN_WITH, E_MONSTER_DAMAGE, E_MONSTER_HORROR, E_DROP_WEAPON, E_HIT_HALF, E_BREAK,
                     E_HOLD)

# what a monster's attack does to the investigator (a combat card against `monster` or `hiding`):
# its own damage or horror values among them, and the keeper moving a monster
HARM = (E_DAMAGE, E_HORROR, E_STUN, E_NOTHING, E_MONSTER_DAMAGE, E_MONSTER_HORROR, E_MOVE)
# what an investigator's attack costs him, passed or failed: the same, and his weapon dropped
ATTACK_COST = HARM + (E_DROP_WEAPON,)
# an investigator's attack passed: damage to the monster (hit:N or hit_half:ATTRIBUTE, the card's
# weapon modifiers), the monster stunned, and what it costs him
STRIKE = (E_HIT, E_HIT_HALF, E_WEAPON, E_MSTUN)
ATTACK_PASS = STRIKE + ATTACK_COST
# failed: what it costs him, and damage the monster takes all the same
ATTACK_FAIL = ATTACK_COST + (E_HIT, E_MSTUN)
# a monster at a barricaded door: the barricade gives way or holds; the monster may be hurt or stunned
BARRIER = (E_BREAK, E_HOLD, E_HIT, E_MSTUN)
# the keeper's choices inside a list (an investigator, a space, a monster to move)
KEEPER_PICKS = (E_HORROR_ONE, E_DAMAGE_ONE, E_SPAWN_WITH)
KEEPER_CARD = (E_SPAWN, E_MOVE, E_DRAW_MYTHOS, E_THREAT, E_RAISE, E_TRAUMA, E_TIME) + KEEPER_PICKS
MYTHOS = (E_DAMAGE, E_HORROR, E_STUN, E_TEST, E_NOTHING, E_FLAG, E_UNFLAG, E_TIME)
# the board's tokens and the story's flags
BOARD = (E_SEAL, E_UNSEAL, E_FIRE, E_EXTINGUISH, E_SPREAD, E_DARK, E_LIGHT, E_CORPSE, E_FLAG, E_UNFLAG)
EVENT = (E_THREAT, E_SPAWN, E_DAMAGE_ALL, E_HORROR_ALL, E_NOTHING, E_REVEAL, E_WIN, E_DRAW_MYTHOS,
         E_TIME) + KEEPER_PICKS + BOARD
REVEAL = (E_SPAWN, E_THREAT, E_NOTHING, E_TIME) + BOARD
FOUND = (E_DAMAGE, E_HORROR, E_STUN, E_TEST, E_THREAT, E_SPAWN, E_REVEAL, E_NOTHING, E_SKILL, E_TIME) + BOARD
TRAUMA = (E_DAMAGE, E_HORROR, E_STUN, E_MODIFY, E_NOTHING)
