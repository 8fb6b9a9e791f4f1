"""What happened, and the odds, on the main screen, driven headless by Textual's Pilot at
80x24 through the shared front end, one seeded game of each of the four games.

- After each decision, what came of it is on the main screen when the same seat decides next: the
  card a look showed (Stay Away!), the fight's and every roll's outcome (Arkham), the test's d10 and
  its result (Mansions), the roll (Elder Sign). The lines are the seat's own log lines (the panel
  is news.py's), and each one found is on the screen's text, not only in the panel's data.
- Every Arkham fight offered shows its odds, and every Mansions test before its roll shows its name,
  target and odds with and without the skill point, `==` the games' odds modules (kernel/arkham/
  odds.py, whose strength dice the front door does not take, and eldritch.mansions over
  kernel/mansions/odds.py; formatted here); every roll of a whole game (the bots' too) says its
  chance in the log before its result, `==` the same.
- The investigators to pick are on screen with their sheets and abilities (Elder Sign, Arkham,
  Mansions); Stay Away!'s advice says its reason.
"""

import re
import sys
from pathlib import Path

import pytest

from eldritch import arkham as arkham_door, mansions as mansions_door
from eldritch.kernel.arkham import odds as arkham_odds
from eldritch.frontend.settings import Settings
from eldritch.frontend.session import Session
from eldritch.frontend.tui import screen_text
from eldritch.frontend.walk import Walker
from eldritch.kernel.arkham.game import defs as AD
from eldritch.kernel.arkham.game.board import SPECIAL_HOUND, SKILL_STEALTH, SP_BIND
from eldritch.kernel.arkham.game.cards import CAST_MISTS, CAST_USE
from eldritch.kernel.arkham.game import cards, combat, meetings, state
from eldritch.kernel.mansions.game import consts as MC
from eldritch.kernel.mansions.game import state as MS
from eldritch.kernel.stayaway.game.rules import Rules as StayAwayRules
from eldritch.kernel.mansions.game.rules import Rules as MansionsRules
from eldritch.stayaway.frontend import StayAwayGame
from eldritch.mansions.frontend import MansionsGame
from eldritch.arkham.frontend import ArkhamGame, new_rules

sys.path.insert(0, str(Path(__file__).resolve().parent))
from frontend_driver import run, tui_game, mostly_advised, flat, region_text  # noqa: E402

SIZE = (80, 24)


def stayaway(seed=3, players=4, bots=(2, 3)):
    settings = Settings(bots, speed=0)
    return Session(StayAwayGame(StayAwayRules().new_game(seed, players), settings), settings, None)


def mansions(seed=7, players=3, bots=(0,)):
    settings = Settings(bots, speed=0)
    rules = MansionsRules()
    return Session(MansionsGame(rules, rules.new_game(seed, players), settings), settings, None)


def arkham(seed=4, players=2, bots=(1,)):
    settings = Settings(bots, speed=0, options={})
    rules = new_rules({})
    return Session(ArkhamGame(rules, rules.new_game(seed, players), settings), settings, None)


def eldersign(seed=11, players=1):
    from eldritch.backend import get_backend
    from eldritch.eldersign.play import make_session
    from eldritch.eldersign.playsave import Settings as ESettings
    from eldritch.kernel.eldersign.game.data import GameData
    from eldritch.kernel.eldersign.game.machine import Game
    data = GameData()
    return make_session(Game(data, players=players, seed=seed), data, ESettings(bots=(), hints=True, speed=0.0),
                        get_backend(), None)


# what a result looks like in each game's log (the lines the check looks for on screen)
RESULTS = {
    "stayaway": re.compile(r"showed |shows you|gave .* to you|gives you"),
    "arkham": re.compile(r"attack roll: \d|attacks .*: total|as a trophy|sanity check: \d|stealth roll: \d|"
                         r"skill test at|sneaks past|loses \d|closes the gate"),
    "mansions": re.compile(r"d10: \d+ \(pass at|test passed|test failed"),
    "eldersign": re.compile(r"^roll: |completes|fails"),
}


def percent(num, den):
    """A chance as the screens write it: hundredths of a percent, rounded half up once."""
    h = (num * 20000 + den) // (2 * den)
    return "%d.%02d%%" % (h // 100, h % 100)


class Results:
    """At each decision: what came of the seat's last decision (the news panel's first part) that is
    a result, each on the screen's text."""

    def __init__(self, game):
        self.pattern = RESULTS[game]
        self.found = []

    def __call__(self, app, when):
        if when != "decision":
            return
        news = app.session.news()
        head = [line.plain() for line in news.lines[:news.head]]
        shown = flat(screen_text(app))
        for text in head:
            if self.pattern.search(text):
                assert flat(text) in shown, "not on screen after it happened: %r" % text
                self.found.append(text)


def play(make, game, limit=80, every=4):
    """A seeded game at 80x24, the advised option at each decision but every `every`-th; the results
    found on screen."""
    session = make()
    results = Results(game)
    run(tui_game(session, SIZE, mostly_advised(every), results, stop=lambda app, k: k >= limit))
    return results.found


@pytest.mark.slow
def test_stayaway_the_card_a_look_showed_is_on_the_next_screen():
    """P2 plays Suspicious on P1 (seed 3, four players); P2's next screen says which card P1 showed."""
    found = play(stayaway, "stayaway", every=1000)
    assert any("P1 showed " in line and "(Suspicious)" in line for line in found), found
    assert len(found) >= 3


@pytest.mark.slow
def test_arkham_each_fight_and_roll_outcome_is_on_the_next_screen():
    found = play(arkham, "arkham")
    assert any("attack roll: " in line for line in found) and any("as a trophy" in line or "loses" in line
                                                                  for line in found), found
    assert len(found) >= 8


@pytest.mark.slow
def test_mansions_each_test_roll_is_on_the_next_screen():
    found = play(mansions, "mansions", limit=60)
    assert any(line.startswith("d10: ") for line in found), found
    assert any("test passed" in line or "test failed" in line for line in found), found


@pytest.mark.slow
def test_eldersign_each_roll_is_on_the_next_screen():
    found = play(eldersign, "eldersign", limit=40)
    assert sum(line.startswith("roll: ") for line in found) >= 5, found


def test_what_came_of_a_decision_is_first_in_the_news():
    """The panel's first part is the seat's own last step and the rolls that settled it, in that
    seat's own words (no screen: the fast sibling of the tests above)."""
    s = stayaway()
    while not any("showed" in line.plain() for line in s.news().lines[:s.news().head]):
        assert not s.game.is_terminal()
        if s.bot_turn():
            s.play(s.bot_action(), "bot")
            continue
        s.hand_to(s.acting_seat())
        s.play(s.default_action(), "player")
    news = s.news()
    mine = [line.plain() for line in news.lines[:news.head]]
    assert mine[0].startswith("> P2: play Suspicious on P1") and any(line.startswith("P1 showed ") for line in mine)
    assert news.title == "what happened since your last decision"
    shown = next(line for line in mine if line.startswith("P1 showed "))
    assert all(line.strip() != shown for line in s.game.log_lines(2, 0))        # P3 did not see the card

    a = arkham()
    while True:
        if a.bot_turn():
            a.play(a.bot_action(), "bot")
            continue
        news = a.news()
        head = [line.plain() for line in news.lines[:news.head]]
        if head and head[0].endswith("fight with Knife") or any("attack roll: " in h for h in head):
            break
        a.play(a.default_action(), "player")
    assert head[0].startswith("> seat 1") and any(h.startswith("> the dice: attack roll") for h in head)
    assert any("attack roll: " in h for h in head)


# ----- odds == the games' odds modules ---------------------------------------------------------------

def cast_spells(g, seat, mask):
    """The slots of mask whose card is cast with a roll (the test's own reading of the board)."""
    b = g.board
    out = []
    for k in range(AD.MAX_POSS):
        c = g.poss[seat * AD.MAX_POSS + k]
        if mask >> k & 1 and c != 255 and b.i_cast[b.card_kind[c]] != 255:
            out.append(k)
    return out


def arkham_best_bonus(g, seat, kind, gate):
    """The best bonus of a legal loadout with no spell to cast first."""
    bonuses = [combat.loadout_bonus(g, seat, mask, kind, gate) for mask in range(256)
               if combat.loadout_ok(g, seat, mask) and not cast_spells(g, seat, mask)]
    return max(bonuses) if bonuses else combat.loadout_bonus(g, seat, 0, kind, gate)


def arkham_fight_text(g, seat, m, bonus):
    """The fight to its end with this bonus, from the kernel's odds module (its strength dice too)."""
    b = g.board
    k = b.mon_kind[m]
    win, _, _, _, den = arkham_odds.fight(bonus, b.k_strength[k], max(g.sta[seat], 1), 0,
                                          bool(b.k_special[k] & SPECIAL_HOUND), b.k_str_dice[k])
    return percent(win, den)


def arkham_hit(g, seat, mask):
    """One attack with these items: each spell to cast works or not, weighed by its casting chance."""
    b = g.board
    k = b.mon_kind[g.target]
    spells = cast_spells(g, seat, mask)
    fixed = mask
    for slot in spells:
        fixed &= ~(1 << slot)
    num = 0
    den = 1
    for works in range(1 << len(spells)):
        weight = 1
        on = fixed
        for i, slot in enumerate(spells):
            card = b.card_kind[g.poss[seat * AD.MAX_POSS + slot]]
            faces = arkham_odds.faces_at_most(cards.cast_level(g, seat, card))
            weight *= faces if works >> i & 1 else 6 - faces
            if works >> i & 1:
                on |= 1 << slot
        n, den = arkham_odds.hit_chance(combat.loadout_bonus(g, seat, on, k, False), b.k_strength[k], b.k_str_dice[k])
        num += weight * n
    return num, den * 6 ** len(spells)


class ArkhamOdds:
    def __init__(self):
        self.fights = self.items = self.sneaks = 0

    def __call__(self, app, when):
        if when != "decision":
            return
        g = app.session.game.state
        menu = flat(region_text(app, "#menu"))
        legal = app.session.legal()
        for a in legal:
            kind, arg = a & ~AD.ARG_MASK, a & AD.ARG_MASK
            if kind == AD.K_FIGHT:
                seat = g.seat
                want = "win " + arkham_fight_text(g, seat, arg, arkham_best_bonus(g, seat, g.board.mon_kind[arg], False))
                assert want in menu, (want, menu)
                self.fights += 1
            elif kind == AD.K_SNEAK:
                c = arkham_door.stealth(state.skill_of(g, g.seat, SKILL_STEALTH))
                assert "passes " + percent(c.num, c.den) in menu
                self.sneaks += 1
        walker = app.walker
        if walker is not None and walker.step.kind == "toggle":
            combo = walker.step.combo(walker.chosen)
            if combo is not None and g.purpose != AD.PU_CLOSE:
                seat = combat.fighter(g)
                mask = combo.action & AD.ARG_MASK
                num, den = arkham_hit(g, seat, mask)
                want = "hit %s" % percent(num, den)
                if not cast_spells(g, seat, mask):
                    bonus = combat.loadout_bonus(g, seat, mask, g.board.mon_kind[g.target], False)
                    want += ", fight won %s" % arkham_fight_text(g, seat, g.target, bonus)
                assert want in menu, (want, menu)
                self.items += 1


@pytest.mark.slow
def test_every_arkham_fight_on_screen_shows_the_odds_module_s_odds():
    odds = ArkhamOdds()
    session = arkham()
    run(tui_game(session, SIZE, mostly_advised(), odds, stop=lambda app, k: k >= 80))
    assert odds.fights >= 3 and odds.sneaks >= 3


def arkham_roll_words(g):
    """At a chance node of a fight, a sneak, a check or a casting: the chance the log must name, as
    (num, den) from the kernel's odds module (None: another roll)."""
    b = g.board
    st = g.step
    if st == AD.CH_ATTACK:
        return arkham_odds.hit_faces(g.bonus, g.foe_str), 6
    if st == AD.CH_FOE:
        k = b.mon_kind[g.target]
        return arkham_odds.hit_chance(g.bonus, b.k_strength[k], b.k_str_dice[k])
    if st == AD.CH_STEALTH:
        return arkham_odds.stealth(state.skill_of(g, g.seat, SKILL_STEALTH))
    if st == AD.CH_SANITY:
        level = g.maxsan[g.check_seat] if g.house & AD.HR_SANITY_CHECK_MAX else g.san[g.check_seat]
        k = b.mon_kind[g.check_m]
        ok, _, _, den = arkham_odds.sanity_check(level, b.k_san_pass[k], b.k_san_fail[k], max(g.san[g.check_seat], 1),
                                                 b.k_pass_dice[k], b.k_fail_dice[k])
        return ok, den
    if st == AD.CH_CLOSE:
        return arkham_odds.close_gate(g.bonus, b.gate_diff[g.gate_at[g.pos[g.seat]]], 1)
    if st == AD.CH_TEST:
        return arkham_odds.faces_at_most(g.test_level), 6
    if st == AD.CH_CAST:
        seat = g.cast_seat
        if g.cast_mask:
            slot = min(k for k in range(AD.MAX_POSS) if g.cast_mask >> k & 1)
        else:
            slot = g.cast_arg if g.cast_for in (CAST_MISTS, CAST_USE) else state.has_special(g, seat, SP_BIND)
        return arkham_odds.faces_at_most(cards.cast_level(g, seat, b.card_kind[g.poss[seat * AD.MAX_POSS + slot]])), 6
    return None


def test_every_arkham_roll_of_a_whole_game_names_its_chance_before_its_result():
    """All seats bots: each attack, stealth, sanity and closing roll's line in the log carries the
    chance the front door computes for that state."""
    for seed in (4, 12):
        settings = Settings((0, 1), speed=0, options={})
        rules = new_rules({})
        game = ArkhamGame(rules, rules.new_game(seed, 2), settings)
        checked = 0
        while not game.is_terminal():
            g = game.state
            want = arkham_roll_words(g) if g.current_player() < 0 else None
            record = game.play(game.bot_action(game.acting_seat()), "bot")
            if want is not None:
                head = record.public[0]
                assert head.startswith("> the dice: ") and head.endswith(percent(*want) + (
                    " to hit" if "to hit" in head else " to close" if "closing" in head else "")), head
                checked += 1
        assert checked >= 10


def test_arkham_odds_on_a_board_with_strength_dice_and_spells_cast_with_a_roll(tmp_path):
    """The synthetic board (tests/arkham_synthetic.py: strength printed 14+D6, SAN 2/D6+1, spells cast
    with a roll): at every decision of seeded bot games each fight's and each choice of items' odds,
    and at every roll its chance, `==` the kernel's odds module read here."""
    from arkham_synthetic import write_board
    from eldritch.arkham.context import option_odds
    folder = write_board(tmp_path / "synthetic")
    seen = {"fight": 0, "items": 0, "strength dice": 0, "cast": 0, "rolls": 0}
    for seed in (1, 2, 3, 4):
        settings = Settings((0, 1, 2), speed=0, options={"board": str(folder)})
        rules = new_rules({"board": str(folder)})
        game = ArkhamGame(rules, rules.new_game(seed, 3), settings)
        while not game.is_terminal() and len(game.state.actions()) < 3000:
            g = game.state
            want = None
            if g.current_player() < 0:
                want = arkham_roll_words(g)
                seen["strength dice"] += g.step == AD.CH_FOE
                seen["cast"] += g.step == AD.CH_CAST
            else:
                for a in game.legal():
                    kind, arg = a & ~AD.ARG_MASK, a & AD.ARG_MASK
                    if kind == AD.K_FIGHT:
                        seat = g.seat
                        best = arkham_best_bonus(g, seat, g.board.mon_kind[arg], False)
                        assert option_odds(g, a)[0] == "win " + arkham_fight_text(g, seat, arg, best)
                        seen["fight"] += 1
                    elif kind == AD.K_LOADOUT and g.purpose != AD.PU_CLOSE:
                        seat = combat.fighter(g)
                        assert option_odds(g, a)[0] == "hit " + percent(*arkham_hit(g, seat, arg))
                        seen["items"] += 1
            record = game.play(game.bot_action(game.acting_seat()), "bot")
            if want is not None:
                assert record.public[0].startswith("> the dice: ") and percent(*want) in record.public[0], \
                    (record.public[0], percent(*want))
                seen["rolls"] += 1
    assert all(n > 0 for n in seen.values()), seen


class MansionsOdds:
    def __init__(self):
        self.tests = 0

    def __call__(self, app, when):
        if when != "decision":
            return
        st = app.session.game.state
        if st.g[MS.G_PHASE] != MC.PH_PREROLL:
            return
        g = st.g
        seat = g[MS.G_T_SEAT]
        attr = g[MS.G_T_ATTR]
        value = st.attr(seat, attr)
        luck = st.attr(seat, MC.ATTRIBUTES.index("luck"))
        modifier = g[MS.G_T_SUM] - value - (luck if g[MS.G_T_LUCK] else 0)
        bonus_luck = luck if g[MS.G_T_LUCK] else None
        without = mansions_door.attribute_test(value, modifier, luck=bonus_luck)
        text = flat(screen_text(app))
        menu = flat(region_text(app, "#menu"))
        name = MC.PURPOSE_NAMES[g[MS.G_T_PURPOSE]]
        target = mansions_door.test_target(value + (luck if g[MS.G_T_LUCK] else 0), modifier)
        assert "the %s test of %s" % (name, MC.ATTRIBUTES[attr]) in text
        assert "pass on a d10 of %d or less, %s" % (target, percent(without.num, without.den)) in text
        assert "roll pass %s" % percent(without.num, without.den) in menu
        if any(a >> 16 == MC.A_LUCK for a in app.session.legal()):
            lucky = mansions_door.attribute_test(value, modifier, luck=luck)
            assert "to the test pass %s" % percent(lucky.num, lucky.den) in menu, menu
        self.tests += 1


@pytest.mark.slow
def test_every_mansions_test_before_its_roll_shows_name_target_and_odds_with_and_without_the_skill_point():
    odds = MansionsOdds()
    run(tui_game(mansions(), SIZE, mostly_advised(), odds, stop=lambda app, k: k >= 80))
    assert odds.tests >= 3


def test_every_mansions_d10_of_a_whole_game_names_its_test_and_chance():
    from eldritch.mansions.context import test_words
    for seed in (7, 8):
        settings = Settings((0, 1, 2), speed=0)
        rules = MansionsRules()
        game = MansionsGame(rules, rules.new_game(seed, 3), settings)
        checked = 0
        while not game.is_terminal():
            st = game.state
            want = None
            if st.current_player() < 0:
                g = st.g
                seat = g[MS.G_T_SEAT]
                c = mansions_door.attribute_test(0, g[MS.G_T_TARGET])      # the clamped target's chance
                want = "pass on a d10 of %d or less, %s" % (g[MS.G_T_TARGET], percent(c.num, c.den))
                assert seat != MC.NONE and test_words(st).endswith(want)
            record = game.play(game.bot_action(game.acting_seat()), "bot")
            if want is not None:
                for lines in [record.public, record.referee] + list(record.seats.values()):
                    assert want in lines[0], lines[0]
                assert any(e.strip().startswith("d10: ") for e in record.public)
                checked += 1
        assert checked >= 5


# ----- the pick and the advice ------------------------------------------------------------------------

def first_screen(session):
    async def go():
        from eldritch.frontend.tui import FrontApp
        from frontend_driver import settle
        app = FrontApp(session, forced_pause=0, handle_sigint=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(app, pilot)
            if app.handing_off:
                await pilot.press("enter")
                await settle(app, pilot)
            return app.session.screen()
    return run(go())


def test_the_investigators_to_pick_come_with_their_sheets_and_abilities():
    es = first_screen(eldersign()).focus.text()
    assert "Generic Investigator A  sanity 4  stamina 6" in es and "ability: once per roll: a free reroll" in es
    ah = first_screen(arkham()).focus.text()
    assert "Silas Moore, detective" in ah and "sanity 4  strength 5  fight 3  stealth 2  $4  starts at Train Station" in ah
    assert "cards: Revolver; skills: fast_talk 2, luck 1" in ah
    s = mansions()
    while s.game.state.g[MS.G_PHASE] != MC.PH_PICK_INV:
        s.play(s.bot_action() if s.bot_turn() else s.default_action(), "bot" if s.bot_turn() else "player")
    s.hand_to(s.acting_seat())
    mm = s.screen().focus.text()
    assert "Ruth Okafor" in mm and "health 6  sanity 7  strength 3" in mm and "heal 3 damage" in mm


def test_stayaway_advice_says_its_reason_on_screen_and_in_the_hint():
    s = stayaway()
    while s.bot_turn() or len(s.legal()) < 2:
        s.play(s.bot_action() if s.bot_turn() else s.legal()[0], "bot" if s.bot_turn() else "player")
    s.hand_to(s.acting_seat())
    focus = s.screen().focus.text()
    advised = Walker(s.decision())
    assert "advised: " in focus and ", because " in focus
    assert ", because " in s.hint() and advised.rows()
