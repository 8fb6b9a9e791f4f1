"""The rules the seed leaves out (or leaves open), as named choices: what the kernel does, and the
option that swaps it where there is one. kernel/mansions/README.md explains each with what the seed
says; every name has a test `test_choice_<name>` (tests/test_mansions_choices.py).

Options (Rules({...})): defaults first.
"""

from ...errors import KernelError

OPTION_VALUES = {
    "insanity": ("out", "ignored"),
    "horror_checks": ("on", "off"),
    "evade": ("on", "off"),
    "skill_rerolls": ("on", "off"),
    "stun": ("no-action", "skip-turn"),
    "keeper_card_uses": (1, 0),
}
DEFAULTS = {"story": "demo", "insanity": "out", "horror_checks": "on", "evade": "on",
            "skill_rerolls": "on", "stun": "no-action", "keeper_card_uses": 1}
FLAG_ORDER = ("insanity", "horror_checks", "evade", "skill_rerolls", "stun", "keeper_card_uses")

# name: (the kernel's choice in one line, the option that swaps it or "")
CHOICES = {
    "attribute_test": ("roll a d10, pass at or below the attribute plus the test's modifier (clamped "
                       "0..10); the story names the attribute of each kind of check", ""),
    "skill_reroll": ("after a failed roll the tested investigator may spend a skill point to reroll",
                     "skill_rerolls"),
    "setup_order": ("the keeper answers the guide first, hidden; then each investigator player in seat "
                    "order picks an investigator and keeps two traits, seeing only the seeded rooms' "
                    "backs", ""),
    "turn_order": ("the lowest seat yet to play speaks for the investigators' choice of who goes next",
                   ""),
    "evade": ("leaving a space with a monster: an evade test against the hardest monster there; "
              "failed, its damage and the step is spent", "evade"),
    "horror_check": ("an investigator and a monster coming to share a space: a horror test per monster; "
                     "failed, the monster's horror damage", "horror_checks"),
    "combat_card": ("the class deck's next card answering the attack; its test passed: its hit plus the "
                    "weapon's bonus, failed: its failure effects", ""),
    "killed": ("damage reaching health kills; the figure leaves and its cards are dropped face up "
               "in its room", ""),
    "insanity": ("horror reaching sanity drives the investigator out, like killed", "insanity"),
    "stun": ("a stunned investigator has no action step; step 1 of the keeper's turn lets him "
             "discard one token", "stun"),
    "puzzle": ("a puzzle of difficulty d is a test of the story's puzzle attribute at -d", ""),
    "spell": ("an attack spell is a test of the story's spell attribute at the spell's modifier; "
              "passed: its damage, failed: 1 horror", ""),
    "lock_card": ("a test lock stays and is tested at each entry; a card or puzzle lock is discarded "
                  "once met; a key naming the lock may be discarded instead", ""),
    "obstacle": ("a key naming the obstacle is kept; a failed puzzle or stopping ends the explore; "
                 "the obstacle stays face up", ""),
    "dropped_cards": ("an explorer reaching a face-up dropped card takes it or leaves it", ""),
    "trade": ("the holder gives; exploration cards and starting items, each at most once per "
              "keeper turn", ""),
    "keeper_cards": ("each keeper action card at most once per keeper turn", "keeper_card_uses"),
    "mythos": ("mythos cards come to the keeper's hand through keeper action cards and are played in "
               "step 3 on any living investigator, paid with threat", ""),
    "monsters": ("monsters move only through keeper action cards (move:N), stopped by sealed doors, "
                 "not by locks; keeper cards place them where no investigator stands; killed ones "
                 "return to the supply", ""),
    "objective_precedence": ("when one step meets both sides' conditions, the keeper's wins", ""),
    "public_monsters": ("monsters' values are public (the physical tokens hide some)", ""),
    "event_knowledge": ("the keeper sees the event deck; investigators see the top card's time "
                        "number and the resolved events", ""),
}


def check_options(options):
    """The full options dict (defaults filled in); KernelError('option', ...) on a bad one."""
    out = dict(DEFAULTS)
    for key in (options or {}):
        if key not in DEFAULTS:
            raise KernelError("option", "unknown option '%s' (one of %s)" % (key, ", ".join(sorted(DEFAULTS))))
        value = options[key]
        if key == "story":
            if not isinstance(value, str) or not value:
                raise KernelError("option", "story must be a story's name or folder")
        elif value not in OPTION_VALUES[key]:
            raise KernelError("option", "%s must be one of %s, not %r" % (
                key, ", ".join(str(v) for v in OPTION_VALUES[key]), value))
        out[key] = value
    return out


def option_flags(options):
    """The choices as one byte (saved with the game): bit k set when FLAG_ORDER[k] is not the default."""
    flags = 0
    for k in range(len(FLAG_ORDER)):
        key = FLAG_ORDER[k]
        if options[key] != DEFAULTS[key]:
            flags |= 1 << k
    return flags
