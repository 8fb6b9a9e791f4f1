"""Every task a game's cards can show, with its minimal face sets, precomputed once per GameData.

A board slot's tasks are its adventure's printed tasks, some replaced by the monster on their
outline (a full or empty outline: the monster's task; a partial one: the monster's task followed by
the first symbols of the printed task), and monsters as extra tasks. All of these are known from the
data, so `for_data(data)` builds them once (allocating, at the first game's setup) into one
adventure.TaskTable, with id look-ups in flat arrays; during play a slot's adventure is rebound
with ids only (`printed`, `monster`, `partial`), which allocates nothing.

The data has at most one monster outline per task (gamedata checks it), so a task holds at most
one monster and these three kinds are every task that can appear.
"""

from array import array

from ...errors import KernelError
from ..adventure import TaskTable
from ..card import MAX_TASKS
from ..notation import parse_card, format_task

NO_TASK = 0xFFFF


class GameTasks:
    """The task table of a GameData and the ids of printed, monster and partial-outline tasks."""

    def __init__(self, data):
        tasks = []
        index = {}

        def add(text, where):
            if text in index:
                return index[text]
            try:
                card = parse_card(text)
            except KernelError as exc:
                raise KernelError("data", "%s: the task '%s' cannot be made (%s)" % (where, text, exc.detail))
            if len(card.tasks) != 1:
                raise KernelError("data", "%s: '%s' is not one task" % (where, text))
            index[text] = len(tasks)
            tasks.append(card.tasks[0])
            return index[text]

        advs = data.adventures
        self.printed = array("H", [NO_TASK] * (len(advs) * MAX_TASKS))
        self.monster = array("H", [NO_TASK] * len(data.monsters))
        for m in range(len(data.monsters)):
            self.monster[m] = add(data.monsters[m].task, "monster '%s'" % data.monsters[m].name)
        # partial outlines: per (adventure, outline) a row of ids, one per monster
        self.outline_first = array("H", [0] * (len(advs) + 1))
        nout = 0
        for a in range(len(advs)):
            self.outline_first[a] = nout
            nout += len(advs[a].outlines)
        self.outline_first[len(advs)] = nout
        self.partial_row = array("H", [NO_TASK] * nout)
        self.kept = array("H", [NO_TASK] * nout)     # a partial outline's symbols outside, alone
        partial = []
        nmon = len(data.monsters)
        for a in range(len(advs)):
            card = advs[a]
            where = "adventure '%s' (%s)" % (card.name, card.set)
            printed = card.card.tasks
            for t in range(len(printed)):
                self.printed[a * MAX_TASKS + t] = add(format_task(printed[t]), where)
            for o in range(len(card.outlines)):
                t, kind, keep = card.outlines[o]
                if kind != 2:
                    continue
                self.partial_row[self.outline_first[a] + o] = len(partial)
                text = format_task(printed[t])
                kept = " ".join(text.split(" ")[:keep])
                try:
                    if kept:
                        self.kept[self.outline_first[a] + o] = add(kept, where + " (outside the monster)")
                except KernelError:
                    pass        # no dice outside (costs only): nothing left to roll for
                for m in range(nmon):
                    mon = data.monsters[m]
                    partial.append(add(mon.task + (" " + kept if kept else ""),
                                       "%s with monster '%s'" % (where, mon.name)))
        self.partial = array("H", partial)
        self.table = TaskTable(tasks)

    def partial_id(self, a, o, m):
        """The task of adventure a's partial outline o with monster m on it."""
        return self.partial[self.partial_row[self.outline_first[a] + o] + m]

    def kept_id(self, a, o):
        """The symbols outside adventure a's partial outline o as a task (what is left to do when a
        card defeats the monster on it during an attempt), or NO_TASK when there are none."""
        return self.kept[self.outline_first[a] + o]


def for_data(data):
    """The GameTasks of data, built on first use and kept on it (the data never changes)."""
    gt = data.game_tasks
    if gt is None:
        gt = GameTasks(data)
        data.game_tasks = gt
    return gt
