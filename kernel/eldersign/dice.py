"""Elder Sign's dice: face and colour codes, the faces of each die, and their text forms.

Faces are small integers so that rolls, held dice and matching work on flat integer data
(the C core in csrc/ uses the same codes).
"""

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

I1 = const(0)
I2 = const(1)
I3 = const(2)
I4 = const(3)
LORE = const(4)
PERIL = const(5)
TERROR = const(6)
WILD = const(7)
NFACES = const(8)

GREEN = const(0)
YELLOW = const(1)
RED = const(2)
NCOLOURS = const(3)
MAX_GREEN = const(8)      # the game has eight green dice (and one yellow, one red)

FACE_TEXT = ("I1", "I2", "I3", "I4", "L", "P", "T", "W")
COLOUR_TEXT = ("g", "y", "r")
COLOUR_NAME = ("green", "yellow", "red")

# The six faces of each die, in the order the rulebook lists them.
DIE_FACES = (
    (I1, I2, I3, LORE, PERIL, TERROR),   # green
    (I1, I2, I3, I4, LORE, PERIL),       # yellow
    (I2, I3, I4, LORE, PERIL, WILD),     # red
)

# Investigation value of each face (a Wildcard counts as Investigation 4).
INV_VALUE = (1, 2, 3, 4, 0, 0, 0, 4)

# Bits of the face symbols a face can satisfy: Lore 1, Peril 2, Terror 4 (a Wildcard: all).
SYM_LORE = const(1)
SYM_PERIL = const(2)
SYM_TERROR = const(4)
FACE_SYMBITS = (0, 0, 0, 0, SYM_LORE, SYM_PERIL, SYM_TERROR, 7)


def has_face(colour, face):
    """True when a die of `colour` has `face` among its six faces."""
    return face in DIE_FACES[colour]


def die_text(colour, face):
    """A die in roll notation: "I3" (green), "y:L", "r:W"."""
    return (COLOUR_TEXT[colour] + ":" if colour != GREEN else "") + FACE_TEXT[face]


def die_code_text(d):
    """die_text of a die code d = colour * 8 + face."""
    return die_text(d >> 3, d & 7)
