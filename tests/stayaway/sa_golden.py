"""A seeded bot game of Stay Away! as a transcript, in the MicroPython subset (CPython and the unix port
run it unchanged, so the golden-game test compares their output with ==).

    python tests/stayaway/sa_golden.py PLAYERS SEED [OPTIONS]

Seat 1, 4, 7, 10 are random bots, the others heuristic (seeds from the game's). Each step prints the player to
act, the action and its text and a checksum of every player's view; the end prints the result, the
returns, each player's log checksum and the whole referee log.
"""

import sys

try:
    from eldritch.kernel.stayaway.game.rules import Rules
    from eldritch.kernel.stayaway.game.play import make_bots
    from eldritch.kernel.binio import fletcher16
except ImportError:                                   # MicroPython: the repository root on sys.path
    from kernel.stayaway.game.rules import Rules
    from kernel.stayaway.game.play import make_bots
    from kernel.binio import fletcher16


def transcript(players, seed, options=None, out=print):
    rules = Rules(options)
    s = rules.new_game(seed, players)
    kinds = ["heuristic" if p % 3 else "random" for p in range(players)]
    bots = make_bots(kinds, seed, rules)
    from array import array
    buf = array("i", [0] * rules.max_actions)
    step = 0
    while not s.is_terminal():
        p = s.current_player()
        n = s.legal_actions(buf)
        legal = [buf[i] for i in range(n)]
        a = legal[0] if n == 1 else bots[p].choose(s.view(p), legal)
        text = s.action_text(a)
        s.apply(a)
        sums = []
        for q in range(players):
            v = s.view(q)
            sums.append("%04x" % fletcher16(v, len(v)))
        out("%d P%d %d %s | %s" % (step, p + 1, a, text, " ".join(sums)))
        step += 1
    out("result %d returns %s" % (s.result, " ".join([str(r) for r in s.returns()])))
    for q in range(players):
        log = s.player_log(q).encode()
        out("log P%d %04x %d" % (q + 1, fletcher16(log, len(log)), len(log)))
    for line in s.referee_log().splitlines():
        out(line)


if __name__ == "__main__":
    transcript(int(sys.argv[1]), int(sys.argv[2]), eval(sys.argv[3]) if len(sys.argv) > 3 else None)
