"""Mansions of Madness (first edition) as a kernel game over a story given as data.

Nothing is imported here (the board imports only the modules a screen needs). The modules:

    consts.py     limits, phases, action kinds, card kinds, effect and condition codes
    vocab.py      the effect and condition vocabulary of the data files, compiled at load
    story.py      a story's TSV files read and validated into flat arrays (KernelError: file, line, field;
                  or every problem collected, for `eldritch mansions check`), in stages:
    storyfiles.py   each file's columns and its rows read, naming file, line and field
    storymap.py     story.tsv, spaces and links
    storycards.py   cards, the keeper's guide, the rooms' piles
    storydecks.py   monsters, trauma, keeper action and mythos cards, events, combat decks
    storysides.py   objectives, investigators, traits
    effectsets.py   which effects each kind of effect list may hold
    state.py      the state's buffers, reset, clone, queries and the event records
    effects.py    applying compiled effects: damage, horror, stun, spawn, seal, learn, mythos, time
                  tokens, the keeper's choices inside a list
    checks.py     the attribute test as a sub-machine: the d10 chance node, rerolls, continuations
    board.py      adjacency, movement with evading and lock cards, monster movement, horror checks
    turn.py       the investigator's turn: legal actions and each action (run, ability, drop, attack,
                  explore, hide, barricade)
    keeper.py     the keeper's turn: trade and stun, threat, keeper actions, monster attacks, event;
                  barricades and hiding investigators met by monsters
    victory.py    objectives, the revealed objective, every end of the game
    prepare.py    setup: the keeper's guide answers, investigators and their two traits
    choices.py    the named choices where the seed is silent, and the options that swap them
    rules.py      Rules and State: the surface every kernel game shares (kernel/surface.py)
    save.py       serialize / deserialize
    view.py       per-player views as bytes, and the reader bots and screens use
    text.py       actions, events and views in words
    bots.py       a random and a heuristic bot for either side, reading only their view
    playlog.py    a seeded bot game as a transcript, replayed from its actions (golden games)
"""
