"""What a bot infers from its view, and nothing else: suspicion of each player, who is proven clean,
who is certainly not The Thing, and which cards it knows each player holds now.

Read from the view's log in order (integer scores, so every runtime decides alike):
  - an Infected! seen in a player's hand (Analysis, Suspicious, Revelations, a face-up card) +4;
  - an Infected! received from a player, or seen offered (Scary) or passed face up +8 / +6;
  - a whole hand seen without Infected! or The Thing: that player was clean then (an Infected always
    holds one, The Thing never parts with its card), so never The Thing, -5;
  - The Thing card seen: that player is The Thing; keeping the hand hidden in Revelations +2;
  - the view's own facts: the viewer's role, The Thing for The Thing and an Infected, all at the end.
Known cards: a whole hand seen, a card seen given to or by a player, a card a player showed; a player
who then parts with a card the viewer did not see may have given any of them, so the list is dropped.
"""

from .defs import (NOBODY, NO_CARD, INFECTED, THING, HUMAN, THE_THING, UNKNOWN, E_SHOW, E_GIVE, E_DISCARD,
                   E_PLAY, E_DEFEND, E_ELIMINATED, E_TOTAL, E_OFFER, E_NO_REVEAL, E_TO_PILE, E_TAKE, E_DRAW,
                   E_KEEP, E_TURN, E_DECLARE, SH_ANALYSIS, SH_WHISKY, SH_OOPS, SH_BETWEEN, SH_TOTAL,
                   SH_REVELATIONS, SH_SCARY, SH_SUSPICIOUS)

FULL_SHOWS = (SH_ANALYSIS, SH_WHISKY, SH_OOPS, SH_BETWEEN, SH_TOTAL, SH_REVELATIONS)


class Belief:
    """Built from a decoded view (views.View); `update(view)` reads only the events added since (a
    player's log only grows), so a bot keeps one Belief per game."""

    def __init__(self, view):
        n = view.players
        self.me = view.me
        self.players = n
        self.found_thing = NOBODY
        self.susp = [0] * n
        self.not_thing = [False] * n
        self.clean_turn = [-1] * n
        self.known = [[] for _ in range(n)]
        self.gave_me_infected = [False] * n
        self.exchanges = [0] * n          # exchanges each player made: public
        self.turn = 0
        self.done = 0
        self.last = None
        self.update(view)

    def fits(self, view):
        """True when this belief was built from earlier views of the same player's same game (the
        view's events are numbered from view.first: a long game's oldest have left the log)."""
        if view.me != self.me or view.players != self.players or view.end < self.done:
            return False
        if self.done == 0 or self.done - 1 < view.first or self.last is None:
            return True
        return view.event(self.done - 1 - view.first) == self.last

    def update(self, view):
        self.view = view
        self._read(view)
        self.thing = view.thing if view.thing != UNKNOWN else self.found_thing
        n = self.players
        self.not_thing[self.me] = view.role != THE_THING
        if self.thing != NOBODY:
            for p in range(n):
                self.not_thing[p] = p != self.thing
        return self

    def _read(self, view):
        """Read the view's events from the first not yet read (by the viewer's numbering since setup:
        event i of the view is number view.first + i; events gone from the log are not read)."""
        me = self.me
        first = view.first
        count = view.end
        i = self.done if self.done > first else first
        # a reveal is a run of E_SHOW events: never stop reading inside one
        while count > i and view.event(count - 1 - first)[0] == E_SHOW:
            count -= 1
        if count < view.end and view.result != 255:
            count = view.end
        while i < count:
            code, a, b, c = view.event(i - first)
            if code == E_TURN:
                self.turn += 1
            elif code == E_SHOW:
                # a run of shows of one player for one reason is one reveal
                j = i
                cards = []
                while j < count:
                    e = view.event(j - first)
                    if e[0] != E_SHOW or e[1] != a or e[2] != b:
                        break
                    cards.append(e[3])
                    j += 1
                self._shown(a, b, cards)
                i = j
                continue
            elif code == E_GIVE:
                self._lose(a, c)
                if c != NO_CARD and b < self.players:
                    self.known[b].append(c)
                if c == INFECTED:
                    if b == me:
                        self.gave_me_infected[a] = True
                        self.susp[a] += 8
                    elif a != me:
                        self.susp[a] += 6
                        self.susp[b] += 3
                if a != me and b < self.players:
                    self.exchanges[a] += 1
            elif code == E_DISCARD or code == E_TO_PILE or code == E_OFFER:
                self._lose(a, c)
            elif code == E_PLAY or code == E_DEFEND:
                self._lose(a, c)
            elif code == E_TAKE or code == E_KEEP:
                if c != NO_CARD:
                    self.known[a].append(c)
            elif code == E_ELIMINATED:
                self.known[b] = []
            elif code == E_TOTAL:
                self.known[a] = []
            elif code == E_NO_REVEAL:
                self.susp[a] += 2
            elif code == E_DECLARE:
                self.found_thing = a
            i += 1
        if i > self.done:
            self.done = i
            self.last = view.event(i - 1 - first) if i > first else None

    def _lose(self, p, c):
        """p parted with card c (NO_CARD: one the viewer did not see)."""
        if p >= self.players:
            return
        k = self.known[p]
        if c == NO_CARD:
            self.known[p] = []
        elif c in k:
            k.remove(c)

    def _shown(self, p, why, cards):
        if p >= self.players or p == self.me:
            return
        seen = [c for c in cards if c != NO_CARD]
        if not seen:
            return
        if THING in seen:
            self.found_thing = p
        if why == SH_SCARY:
            if INFECTED in seen:
                self.susp[p] += 6
            return
        full = why in FULL_SHOWS and (why != SH_REVELATIONS or len(seen) > 1 or seen[0] != INFECTED)
        if INFECTED in seen:
            self.susp[p] += 4
        if full:
            self.known[p] = list(seen)
            if INFECTED not in seen and THING not in seen:
                self.clean_turn[p] = self.turn
                self.not_thing[p] = True
                self.susp[p] -= 5
        else:
            for c in seen:
                if c not in self.known[p]:
                    self.known[p].append(c)

    # ----- questions a bot asks ------------------------------------------------------------------

    def thing_weight(self, p):
        """How likely p is The Thing, as an integer weight (0: certainly not)."""
        v = self.view
        if self.thing != NOBODY:
            return 1 if p == self.thing else 0
        if p == self.me or not v.alive[p] or self.not_thing[p]:
            return 0
        w = 6 + self.susp[p]
        return w if w > 1 else 1

    def suspicious(self, p, level=6):
        if self.thing != NOBODY:
            return p == self.thing
        return not self.not_thing[p] and self.susp[p] >= level

    def is_friend(self, p):
        """On the viewer's side as far as the viewer knows."""
        r = self.view.roles[p]
        mine = self.view.role
        if r == UNKNOWN:
            return False
        if mine == HUMAN:
            return r == HUMAN
        return r != HUMAN
