"""The museum entrance, one action instead of an adventure: first aid (one stamina or sanity, or all
of one or both for trophies), lost and found (a green die's face picks the row), the gift shop
(buy a row for its price in trophies).
"""

from ... import prng
from . import effects as E
from .defs import EV_AID, EV_LOSTFOUND, EV_SHOP


class Entrance:
    """Mixin of Game: the entrance's actions."""

    def aid_ok(self, inv, k):
        if k == 0:
            return self.sta[inv] < self.maxsta[inv]
        if k == 1:
            return self.san[inv] < self.maxsan[inv]
        tt = self.trophy_total(inv)
        if k == 2:
            return tt >= 2 and self.sta[inv] < self.maxsta[inv]
        if k == 3:
            return tt >= 2 and self.san[inv] < self.maxsan[inv]
        return tt >= 4 and (self.sta[inv] < self.maxsta[inv] or self.san[inv] < self.maxsan[inv])

    def first_aid(self, k):
        inv = self.active()
        self.event(EV_AID, k)
        if k == 0:
            self.change(E.OP_STAMINA, 1, inv)
        elif k == 1:
            self.change(E.OP_SANITY, 1, inv)
        else:
            self.pay_trophies(inv, 2 if k < 4 else 4)
            if k != 3:
                self.change(E.OP_STAMINA, self.maxsta[inv], inv)
            if k != 2:
                self.change(E.OP_SANITY, self.maxsan[inv], inv)

    def lost_and_found(self):
        inv = self.active()
        f = prng.die(self.rng, 6)
        self.event(EV_LOSTFOUND, f)
        self.run(self.data.lost_found[f], inv)
        self.resolve_pending()
        self.end_turn()

    def gift_shop(self, k):
        inv = self.active()
        row = self.data.shop[k]
        self.event(EV_SHOP, k)
        self.pay_trophies(inv, row.cost_n)
        self.run(row.code, inv)
        self.resolve_pending()
        self.end_turn()
