"""The rules the seed leaves out (or leaves open), as named choices: what the kernel does, where the
rule comes from, and the option that swaps it where there is one. kernel/mansions/README.md explains
each; every name has a test `test_choice_<name>` (tests/test_mansions_choices.py).

The seed (../shared/seeds/004_*.txt) is a partial Russian translation: it names attribute tests,
evading, horror checks, combat, spells, puzzles, stun and trauma and refers to the rulebook's pages
for them without giving them. The defaults follow the FIRST EDITION's published rules for those
(`FIRST_EDITION`); the engine's earlier choices stay as options. Each entry says its status:

    "seed"        the seed gives the rule; the kernel only fills a detail in
    "published"   the first edition's published rule, beyond the seed (its rulebook page named)
    "reading"     not in the seed, and the published rule is not at hand or leaves it open: the
                  kernel's reading, documented

Options (Rules({...})): the first value of each is the default.
"""

from ...errors import KernelError

OPTION_VALUES = {
    "natural_rolls": ("first-edition", "clamped"),
    "skill_points": ("luck", "reroll", "off"),
    "evade": ("first-edition", "leaving", "off"),
    "horror_checks": ("room", "space", "off"),
    "mythos": ("investigator-turns", "keeper-step"),
    "stun": ("first-edition", "no-action", "skip-turn"),
    "insanity": ("trauma", "out", "ignored"),
    "traits": ("attributes", "character"),
    "keeper_card_uses": (1, 0),
}
DEFAULTS = {"story": "demo"}
for _k in OPTION_VALUES:
    DEFAULTS[_k] = OPTION_VALUES[_k][0]
# the order of the options in a save's flags (two bits each: the value's index); append only
FLAG_ORDER = ("insanity", "horror_checks", "evade", "skill_points", "stun", "keeper_card_uses",
              "natural_rolls", "mythos", "traits")
# the engine's earlier choices, before the first edition's rules became the defaults (engine_before())
ENGINE_BEFORE = {"natural_rolls": "clamped", "skill_points": "reroll", "evade": "leaving",
                 "horror_checks": "space", "mythos": "keeper-step", "stun": "no-action", "insanity": "out",
                 "traits": "character"}

SEED = "seed"
PUBLISHED = "published"
READING = "reading"

# name: (the kernel's choice in one line, the option that swaps it or "", status, source)
CHOICES = {
    "attribute_test": ("roll a d10, pass at or below the attribute plus the test's modifier; the story names "
                       "the attribute of each kind of check", "", PUBLISHED,
                       "rulebook p. 13 'attribute tests' (the seed's example has Jenny Barnes test her "
                       "Strength and names p. 13)"),
    "natural_rolls": ("a roll of 1 always passes and a 10 always fails (option clamped: the target clamped "
                      "to 0 .. 10)", "natural_rolls", PUBLISHED, "rulebook p. 13 'attribute tests'"),
    "skill_points": ("before the roll the tested investigator may spend one skill point to add his Luck to "
                     "the attribute, at most one a test (options: reroll a failed roll per point, off)",
                     "skill_points", PUBLISHED, "rulebook p. 13 'skill points'; the seed gives the tokens "
                     "(character card) and no use"),
    "setup_order": ("the keeper answers the guide first, hidden; then each investigator player in seat "
                    "order picks an investigator and keeps two traits, seeing only the seeded rooms' "
                    "backs", "", SEED, "the seed: both sides prepare at once, or the investigators after "
                    "the board is set up"),
    "turn_order": ("the lowest seat yet to play speaks for the investigators' choice of who goes next",
                   "", SEED, "the seed: they choose, else clockwise from the keeper's left"),
    "evade": ("before leaving a space with monsters, or any action but an attack there, an evade test "
              "against each monster not yet evaded this turn; failed, its damage, and he goes on (options: "
              "leaving = only to leave, against the hardest monster, failed = the step lost; off)",
              "evade", PUBLISHED, "rulebook p. 14 'evade checks' and p. 15's example (the seed names "
              "p. 14)"),
    "horror_check": ("an investigator and a monster coming to share a room: a horror test per monster, at "
                     "most once per monster per turn; failed, its horror damage (options: space = sharing a "
                     "space, every time; off)", "horror_checks", PUBLISHED, "rulebook p. 14 'horror "
                     "checks' (not in the seed)"),
    "combat_card": ("the class deck's next card answering the attack (a melee card answers bladed and blunt "
                    "weapons); passed: its hit (or half the attacker's attribute), its weapon modifiers (for "
                    "any weapon, or lowering its damage) and the weapon's bonus, never below no damage, then "
                    "what it costs the attacker; failed: the damage it deals the monster all the same (no "
                    "weapon bonus), then its failure effects; 'the monster damages you' is the monster's own "
                    "damage value; a dropped weapon lies face up in the room", "", PUBLISHED,
                    "rulebook pp. 21-23 'combat' (the seed names them); the published combat cards"),
    "keeper_picks": ("an effect leaving a choice to the keeper waits for it, his action: one living "
                     "investigator suffers; a monster goes to any space of a room holding an investigator "
                     "(his own space too); any monster that can move, or none, moves as a keeper card's "
                     "would, and play goes back where it was", "", READING,
                     "the published event and combat cards ('one investigator of the keeper's choice', 'in "
                     "any investigator's room', 'the keeper may move any monster 2 spaces')"),
    "time_tokens": ("time tokens an effect places go on one by one; when they reach the top card's time "
                    "number its event resolves then, before play goes on (the last one ends the game), and no "
                    "more of that effect's tokens are placed", "", READING,
                    "the published event cards ('place a time token on the event deck'); the seed gives "
                    "the keeper's step 5"),
    "hiding": ("where the story has hiding cards, an investigator may hide as his action (evading first, as "
               "for any action); he hides until his next turn or his next movement step; a monster attacking "
               "him draws its class's next hiding card: passed, nothing; failed, he is found and suffers "
               "it", "", READING, "the published Monster vs. Hiding combat cards"),
    "barricade": ("where the story has barrier cards, an investigator may barricade an open door of his "
                  "space as his action; a monster the keeper moves through it draws its class's next barrier "
                  "card: break (the barricade is gone, the monster goes through) or hold (it stays, its move "
                  "over); investigators pass their barricades", "", READING,
                  "the published Monster vs. Barrier combat cards"),
    "killed": ("damage reaching health kills; the figure leaves and its cards are dropped face up in its "
               "room", "", READING, "the seed: the keeper wins when every investigator is killed"),
    "insanity": ("horror stops at sanity: the investigator is insane, not out, and trauma cards may come "
                 "(options: out = driven out like killed; ignored)", "insanity", PUBLISHED,
                 "rulebook 'insanity' (not in the seed): sane again above zero sanity"),
    "trauma": ("the keeper may play a trauma card on an investigator when it fits its threshold: an "
               "insanity card free when an insane investigator would suffer horror or once a keeper turn "
               "on him, any card through a keeper action card that says trauma; one of each type held, a "
               "new one replaces it", "insanity", READING, "rulebook 'trauma cards' (not in the seed)"),
    "stun": ("a stunned investigator has one movement step and no action, and -2 on his tests; a stunned "
             "monster neither moves nor attacks until the keeper's turn ends; step 1 discards one token "
             "(options: no-action, skip-turn: the engine's earlier choices, monsters never stunned)",
             "stun", PUBLISHED, "rulebook p. 15 'stun' (the seed names it, step 1 of the keeper's turn)"),
    "traits": ("the two kept traits set the attributes they give, and character and trait abilities are "
               "used as their timing says (option character: the investigator's line only, no abilities)",
               "traits", PUBLISHED, "rulebook 'trait cards' (the seed: two traits kept, their starting "
               "item or spell)"),
    "puzzle": ("a puzzle of difficulty d is a test of the story's puzzle attribute at -d", "", READING,
               "the seed names puzzles (p. 17), physical pieces"),
    "spell": ("an attack spell is a test of the story's spell attribute at the spell's modifier; passed: "
              "its damage, failed: 1 horror; a spell deck's card is learnt at random", "", READING,
              "the seed names casting spells (p. 16)"),
    "lock_card": ("a test lock stays and is tested at each entry; a card or puzzle lock is discarded once "
                  "met; a key naming the lock may be discarded instead", "", SEED,
                  "the seed: face up while its properties are in effect"),
    "obstacle": ("a key naming the obstacle is kept; a failed puzzle or stopping ends the explore; the "
                 "obstacle stays face up", "", SEED, "the seed: discarded only when a card says so"),
    "dropped_cards": ("an explorer reaching a face-up dropped card takes it or leaves it", "", SEED,
                      "the seed: a later explorer may pick up any dropped card"),
    "trade": ("the holder gives; exploration cards and starting items, each at most once per keeper "
              "turn", "", SEED, "the seed, step 1 of the keeper's turn"),
    "keeper_cards": ("each keeper action card at most once per keeper turn; a card with a condition only "
                     "while it holds", "keeper_card_uses", READING, "the seed: paid with threat"),
    "mythos": ("mythos cards come to the keeper's hand through keeper action cards and are played in the "
               "investigators' turns: before each turn, at most one on that investigator, paid with threat "
               "(option keeper-step: in step 3 on anyone)", "mythos", PUBLISHED,
               "rulebook 'mythos cards' (the seed: the keeper lays out the mythos deck)"),
    "monsters": ("monsters move only through keeper action cards (move:N), stopped by sealed doors, not by "
                 "locks; keeper cards place them where no investigator stands, or on a corpse; killed ones "
                 "return to the supply", "", READING, "the seed: monsters move freely through lock cards"),
    "board_tokens": ("fire hurts who enters its space and spreads through its room; a dark room is explored "
                     "only with a light; corpses wait for a keeper card that raises them", "", READING,
                     "the stories' tokens (not in the seed)"),
    "event_branches": ("an event stage resolves its first card whose condition holds; an effect's if/else "
                       "reads clues found, the objective, guide answers, flags and events", "", READING,
                       "the stories' event cards ('if clue 3 was not found ...', 3A/3B)"),
    "objective_precedence": ("when one step meets both sides' conditions, the keeper's wins", "", READING,
                             "not in the seed"),
    "public_monsters": ("monsters' values are public (the physical tokens hide some)", "", READING,
                        "the seed: the bases show the token's needed information"),
    "event_knowledge": ("the keeper sees the event deck; investigators see the top card's time number and "
                        "the resolved events", "", SEED, "the seed: tokens against the number on the back"),
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
    """The choices as one int (saved with the game): two bits per option of FLAG_ORDER, the index of
    its value in OPTION_VALUES (0: the default)."""
    flags = 0
    for k in range(len(FLAG_ORDER)):
        key = FLAG_ORDER[k]
        flags |= OPTION_VALUES[key].index(options[key]) << (2 * k)
    return flags


def engine_before():
    """The options of the engine's earlier choices (before the first edition's defaults)."""
    return dict(ENGINE_BEFORE)
