"""Building decision shapes from legal actions: leaves grouped into sub-menus, menus that never list
more options than fit (MAX_OPTIONS: the keys 1-9), toggle sets, and the check that a shape reaches
every legal action exactly once.

    leaves = [Leaf("play Axe on P3", a, group=("play", 7), group_label="play Axe..."), ...]
    menu = menu_of("P1, your turn", leaves)        # grouped and fitted; the advised leaf is the default
    check(menu, legal)                             # KernelError-free: AssertionError when a shape is wrong

A game's shaper (host/<game>/shapes.py) turns its legal actions into Leaf objects (words, odds,
a group) and calls menu_of; where a choice is a set (dice to reroll, cards to fight with) it builds
a Toggle. Shaping never changes an action integer.
"""

from __future__ import annotations

from eldritch.frontend.model import Menu, Option, Toggle, leaves as shape_leaves

MAX_OPTIONS = 9            # the digit keys; a menu with more is split ("more...")


class Leaf:
    """One legal action as a menu entry: words, action, optional group (key, label), odds, value,
    advised mark, note, and its cost (for ties: the cheaper option is preferred)."""

    def __init__(self, label, action, group=None, group_label="", odds="", value=None, advised=False,
                 note="", then=None):
        self.label = label
        self.action = action
        self.group = group
        self.group_label = group_label
        self.odds = odds
        self.value = value
        self.advised = advised
        self.note = note
        self.then = then          # a sub-shape instead of the action (a toggle built by the game)

    def option(self) -> Option:
        if self.then is not None:
            return Option(self.label, then=self.then, odds=self.odds, value=self.value, advised=self.advised,
                          note=self.note)
        return Option(self.label, action=self.action, odds=self.odds, value=self.value, advised=self.advised,
                      note=self.note)


def _best(options):
    """The option with the highest value (advised first), for a group's odds."""
    valued = [o for o in options if o.value is not None]
    if not valued:
        return None
    return max(valued, key=lambda o: (o.advised, o.value))


def menu_of(prompt: str, leaves: list, max_options: int = MAX_OPTIONS, sub_prompt: str = "",
            group_always: bool = False) -> Menu:
    """A menu of leaves: flat when they fit (unless group_always), else each group of two or more
    becomes a sub-menu (its odds the best of its members, advised when a member is); then fitted."""
    grouped = any(l.group is not None for l in leaves)
    if not grouped or (len(leaves) <= max_options and not group_always):
        return fit(Menu(prompt, [l.option() for l in leaves]), max_options)
    order = []
    groups = {}
    for l in leaves:
        key = l.group if l.group is not None else ("leaf", id(l))
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append(l)
    options = []
    for key in order:
        members = groups[key]
        if len(members) == 1:
            options.append(members[0].option())
            continue
        sub = fit(Menu(sub_prompt or members[0].group_label or prompt, [m.option() for m in members]), max_options)
        sub.default = next((i for i, o in enumerate(sub.options) if o.advised), _best_index(sub.options))
        best = _best(sub.options)
        options.append(Option(members[0].group_label or members[0].label, then=sub,
                              odds=best.odds if best is not None else "",
                              value=best.value if best is not None else None,
                              advised=any(o.advised for o in sub.options),
                              note="%d choices" % len(members)))
    if len(options) == 1 and options[0].then is not None:
        only = options[0].then                      # one group is the whole decision: no step for it
        only.prompt = prompt
        return only
    return fit(Menu(prompt, options), max_options)


def _best_index(options) -> int:
    valued = [(o.value, -i) for i, o in enumerate(options) if o.value is not None]
    return -max(valued)[1] if valued else 0


def fit(menu: Menu, max_options: int = MAX_OPTIONS) -> Menu:
    """The menu with at most max_options options: the rest go into a last "more..." option
    (recursively). The advised option stays on the first page. Sets the default (the advised
    option, else the first)."""
    options = list(menu.options)
    if len(options) > max_options:
        advised = [i for i, o in enumerate(options) if o.advised]
        if advised and advised[0] >= max_options - 1:
            options.insert(0, options.pop(advised[0]))
        rest = fit(Menu(menu.prompt + " (more)", options[max_options - 1:]), max_options)
        options = options[:max_options - 1] + [Option("more... (%d more choices)" % len(leaf_count(rest)),
                                                      then=rest)]
    menu.options = options
    menu.default = next((i for i, o in enumerate(options) if o.advised), 0)
    return menu


def leaf_count(step) -> list:
    return shape_leaves(step)


def toggle_of(prompt: str, items: list, combos: list, confirm: str = "confirm", groups=(),
              initial=None) -> Toggle:
    """A toggle set; its initial set is `initial`, else the advised combo's, else the best valued
    one's, else nothing chosen."""
    if initial is None:
        pick = next((c for c in combos if c.advised), None)
        if pick is None:
            valued = [c for c in combos if c.value is not None]
            pick = max(valued, key=lambda c: c.value) if valued else None
        initial = pick.items if pick is not None else frozenset()
    return Toggle(prompt, items, combos, frozenset(initial), confirm, list(groups))


def check(step, legal) -> None:
    """The shape reaches each legal action exactly once and nothing else; no menu is too long."""
    got = sorted(shape_leaves(step))
    assert got == sorted(legal), "the shape's leaves are not the legal actions"
    _check_sizes(step)


def _check_sizes(step):
    if step.kind == "toggle":
        return
    assert len(step.options) <= MAX_OPTIONS, "a menu of %d options" % len(step.options)
    for o in step.options:
        if o.then is not None:
            _check_sizes(o.then)


def advised_action(step):
    """The action Enter after Enter reaches: the default at each menu, the initial set of a toggle."""
    while True:
        if step.kind == "toggle":
            c = step.combo(step.initial)
            return c.action if c is not None else None
        o = step.options[step.default]
        if o.action is not None:
            return o.action
        step = o.then


def path_to(step, action) -> list | None:
    """The inputs that reach action: ("pick", index) at a menu, ("set", items) at a toggle."""
    if step.kind == "toggle":
        for c in step.combos:
            if c.action == action:
                return [("set", c.items)]
        return None
    for i, o in enumerate(step.options):
        if o.action == action:
            return [("pick", i)]
        if o.then is not None:
            rest = path_to(o.then, action)
            if rest is not None:
                return [("pick", i)] + rest
    return None
