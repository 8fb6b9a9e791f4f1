"""The museum entrance, one action instead of an adventure: first aid (one stamina or sanity, or all
of one or both for trophies), lost and found (a green die's face picks the row), the gift shop
(buy a row for its price in trophies).
"""

from ... import prng
from . import effects as E
from .defs import EV_AID, EV_LOSTFOUND, EV_SHOP


class Entrance:
    """Mixin of Game: the entrance's actions."""

    def _aid_ok(self, inv, k):
        if k == 0:
            return self._inv.sta[inv] < self._inv.maxsta[inv]
        if k == 1:
            return self._inv.san[inv] < self._inv.maxsan[inv]
        tt = self._inv.trophy_total(inv)
        if k == 2:
            return tt >= 2 and self._inv.sta[inv] < self._inv.maxsta[inv]
        if k == 3:
            return tt >= 2 and self._inv.san[inv] < self._inv.maxsan[inv]
        return tt >= 4 and (self._inv.sta[inv] < self._inv.maxsta[inv] or self._inv.san[inv] < self._inv.maxsan[inv])

    def _first_aid(self, k):
        inv = self._active()
        self._event(EV_AID, k)
        if k == 0:
            self._change(E.OP_STAMINA, 1, inv)
        elif k == 1:
            self._change(E.OP_SANITY, 1, inv)
        else:
            self._pay_trophies(inv, 2 if k < 4 else 4)
            if k != 3:
                self._change(E.OP_STAMINA, self._inv.maxsta[inv], inv)
            if k != 2:
                self._change(E.OP_SANITY, self._inv.maxsan[inv], inv)

    def _lost_and_found(self):
        inv = self._active()
        f = prng.die(self._rng, 6)
        self._event(EV_LOSTFOUND, f)
        self._run(self._data.lost_found[f], inv)
        self._resolve_pending()
        self._end_turn()

    def _gift_shop(self, k):
        inv = self._active()
        row = self._data.shop[k]
        self._event(EV_SHOP, k)
        self._pay_trophies(inv, row.cost_n)
        self._run(row.code, inv)
        self._resolve_pending()
        self._end_turn()
