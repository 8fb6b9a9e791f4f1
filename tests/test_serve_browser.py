"""The pages in a real browser (issue 28): Debian's chromium, headless, driven by Selenium, one
browser (its own profile: a separate browser context) per person's seat, against `eldritch serve`
running as a subprocess on a loopback port.

- A seeded 4-seat Stay Away! game: The Thing's seat and a Human's seat are people tapping through
  their pages (each hidden-information side has one), the other two seats are bots.
- A 3-seat Mansions of Madness game: the keeper and an investigator are people tapping through their
  pages, the other investigator is a bot.

Each person taps through every decision on the page as a player would (the shape walked a tap at a
time: menus, sub-menus, toggles and their confirm, a seeded choice or the advised one), until the
game is over. Then the kernel's log each page shows equals the kernel's own log of the same seed and
actions (the actions read from the server's folder, replayed here without a server). Along the way:
each page shows whose turn it is, holds no other seat's hand or role line, and a page reloaded mid-game
(a dropped connection) reconnects by itself and goes on.

At its decisions a page shows what happened since that seat's last decision above the
decision, every line of it one of the seat's own log lines on the page; an investigator's page shows
their own investigator once (not also among the others); a link that is no seat says so once.
"""

import json
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser
pytest.importorskip("uvicorn", reason="the serve extra (uvicorn) is not installed")
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium (the test extra) is not installed")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
if not (CHROMIUM and DRIVER):
    pytest.skip("Debian's chromium and chromium-driver are not installed (make test installs them)",
                allow_module_level=True)

from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402

from eldritch.kernel.mansions.game import playlog as mansions_log, text as mansions_text  # noqa: E402
from eldritch.kernel.mansions.game.rules import Rules as MansionsRules  # noqa: E402
from eldritch.kernel.stayaway.game.rules import Rules as StayAwayRules  # noqa: E402

from test_serve_faults import Server, free_port, on_disk  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
STEP_SECONDS = 60


def browser():
    o = webdriver.ChromeOptions()
    o.binary_location = CHROMIUM
    for a in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=412,915"):
        o.add_argument(a)
    return webdriver.Chrome(options=o, service=Service(DRIVER))


def page_state(d):
    return d.execute_script("const b = document.body.dataset; return [b.state || '', +(b.move || -1), b.over || '0',"
                            " document.getElementById('turn').textContent, b.conn || ''];")


def tap_a_decision(d, rng):
    """One decision taken on the page, a tap at a time: menus (a seeded option or the default one),
    toggles (the advised set, or items tapped until the set can be confirmed). True when sent; False
    when the page changed under the finger (a new frame redrew it): the caller looks again."""
    try:
        return _tap(d, rng)
    except StaleElementReferenceException:
        return False


def _tap(d, rng):
    for _ in range(40):
        buttons = [b for b in d.find_elements(By.CSS_SELECTOR, "#choices button.option") if b.is_enabled()]
        if not buttons:
            return False
        confirm = [b for b in buttons if "confirm" in b.get_attribute("class")]
        if confirm:
            items = [b for b in buttons if "item" in b.get_attribute("class")]
            button = confirm[0] if confirm[0].is_enabled() and rng.random() < 0.7 else rng.choice(items + confirm)
            button.click()
            if button is confirm[0]:
                return True
            continue
        options = [b for b in buttons if "back" not in b.get_attribute("class")]
        if not options:
            return False                                    # a move sent: only "back" is enabled
        default = [b for b in options if "default" in b.get_attribute("class")]
        button = default[0] if default and rng.random() < 0.5 else rng.choice(options)
        sends = not button.find_element(By.CLASS_NAME, "label").text.endswith("…")     # "…": a step further
        button.click()
        if sends:
            return True
    return False


def play(pages, rng, watch_hidden):
    """Every page taps through its decisions until each shows the game over (a page whose buttons
    are enabled is waiting for its player: after a move is sent they are disabled until the next
    frame, and after a refusal they are enabled again)."""
    reloaded = False
    deadline = time.time() + 300                     # the games take 10-30 s here
    while time.time() < deadline:
        states = [page_state(d) for d in pages]
        if all(s[2] == "1" for s in states):
            return
        progressed = False
        for d, (state, move, over, turn, conn) in zip(pages, states):
            if state == "deciding":
                assert turn == "your turn"
                watch_hidden(d)
                if tap_a_decision(d, rng):
                    progressed = True
                    if move > 20 and not reloaded:          # a dropped connection: the page comes back
                        reloaded = True
                        d.refresh()
                        wait_for(d, lambda s: s[4] == "online" and s[1] >= move)
        if not progressed:
            time.sleep(0.05)
    raise AssertionError("the game did not end on the pages")


def wait_for(d, ok, seconds=STEP_SECONDS):
    deadline = time.time() + seconds
    while time.time() < deadline:
        s = page_state(d)
        if ok(s):
            return s
        time.sleep(0.05)
    raise AssertionError("the page did not get there: %r" % (page_state(d),))


@pytest.fixture
def server(tmp_path):
    s = Server(tmp_path / "serve", free_port())
    s.start()
    yield s
    if s.proc.poll() is None:
        s.kill()


@pytest.fixture
def browsers():
    """The browsers a test opens, each quit at the end whatever happens (no chromium left running)."""
    opened = []
    yield opened
    for d in opened:
        try:
            d.quit()
        except Exception:                                   # a browser already gone: nothing to quit
            pass


def open_pages(browsers, doc, seats):
    pages = []
    for seat in seats:
        d = browser()
        browsers.append(d)
        pages.append(d)
        d.set_page_load_timeout(STEP_SECONDS)
        d.set_script_timeout(STEP_SECONDS)
        d.get(doc["seats"][seat]["link"])
    for d in pages:
        wait_for(d, lambda s: s[4] == "online")
    return pages


def watch_news(d, seen):
    """What happened, on a page at its decision: shown, and made of that page's own log lines."""
    lines = d.execute_script(
        "const box = document.getElementById('news-box'); if (box.hidden) return null;"
        "return [Array.from(document.querySelectorAll('#news .line')).map(e => e.textContent.trim()),"
        " Array.from(document.querySelectorAll('#log div')).map(e => e.textContent.trim())];")
    if lines is None:
        return
    news, log = lines
    assert news and all(line in log for line in news if "left out here" not in line), (news, log[-20:])
    seen.append(len(news))


def kernel_log_of(d):
    return d.execute_script("return document.getElementById('kernel-log').textContent;")


def stayaway_seed():
    """A seed whose deal puts The Thing at a seat other than P1 (so both sides' pages are people)."""
    for seed in range(100, 200):
        s = StayAwayRules().new_game(seed, 4)
        if s.thing not in (None, 0):
            return seed, s.thing
    raise AssertionError


def test_a_stayaway_game_to_the_end_through_two_pages(server, browsers):
    seed, thing = stayaway_seed()
    human = 0                                               # P1 is Human at this seed (The Thing is not)
    doc = server.api("tables", {"game": "stayaway", "players": 4, "seed": seed,
                                "bots": [s for s in range(4) if s not in (human, thing)]})
    pages = open_pages(browsers, doc, (human, thing))
    names = {d: "P%d" % (seat + 1) for d, seat in zip(pages, (human, thing))}

    news = []

    def watch_hidden(d):
        """A seat's page: its own hand panel and role line, nobody else's; what happened."""
        watch_news(d, news)
        keys = d.execute_script("return Array.from(document.querySelectorAll('#screen section')).map("
                                "s => s.dataset.key || '');")
        text = d.find_element(By.ID, "screen").text
        assert keys.count("you") == 1 and "%s's hand" % names[d] in text
        assert [w for w in ("You are P1", "You are P2", "You are P3", "You are P4")
                if w in text] == ["You are %s" % names[d]]
    play(pages, random.Random(seed), watch_hidden)
    assert len(news) >= 5
    actions = on_disk(server.folder)[doc["id"]]
    replay = StayAwayRules().new_game(seed, 4)
    for a in actions:
        replay.apply(a)
    assert replay.is_terminal()
    for d in pages:
        assert kernel_log_of(d) == replay.referee_log()
        assert page_state(d)[3] == "the game is over"


def test_a_mansions_game_keeper_and_investigators_to_the_end_through_their_pages(server, browsers):
    """The keeper and an investigator are people on their pages; the second investigator is a bot."""
    seed = 11
    doc = server.api("tables", {"game": "mansions", "players": 3, "seed": seed, "bots": [2]})
    pages = open_pages(browsers, doc, (0, 1))

    news = []
    mine = []

    def watch_hidden(d):
        """The keeper's secrets panel on the keeper's page only; what happened; the investigator's
        own sheet once on their page."""
        watch_news(d, news)
        keys = d.execute_script("return Array.from(document.querySelectorAll('#screen section')).map("
                                "s => s.dataset.key || '');")
        assert ("keeper" in keys) == (d is pages[0])
        if d is pages[1]:
            own = d.execute_script("return Array.from(document.querySelectorAll('#screen .line'))"
                                   ".map(e => e.textContent).filter(t => /^1 \\S.*  at /.test(t));")
            assert len(own) <= 1, own                       # not in the focus and among the others too
            mine.append(len(own))
    play(pages, random.Random(seed), watch_hidden)
    assert len(news) >= 5 and 1 in mine
    actions = on_disk(server.folder)[doc["id"]]
    rules = MansionsRules({"story": "demo"})
    st = rules.new_game(seed, 3)
    want = mansions_log.header(rules, seed, 3, ["human", "human", "heuristic"])
    for a in actions:
        want.append("> %d %d %s" % (a, st.current_player(), st.action_text(a)))
        st.apply(a)
        want.extend("  " + e for e in mansions_text.events(st))
    want.append(mansions_log.result_line(st))
    assert st.is_terminal()
    for d in pages:
        assert kernel_log_of(d) == "\n".join(want) + "\n"


def test_a_link_that_is_no_seat_says_so_once(server, browsers):
    d = browser()
    browsers.append(d)
    d.set_page_load_timeout(STEP_SECONDS)
    d.get("http://127.0.0.1:%d/play#not-a-seat-token" % server.port)
    wait_for(d, lambda s: s[4] == "closed")
    text = d.find_element(By.TAG_NAME, "body").text
    assert text.count("this link is not a seat of any table here") == 1, text
