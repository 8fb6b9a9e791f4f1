"""One front end for every game: a neutral screen and decision model (model.py), decision shapes
built from the legal actions (shapes.py) and walked a key at a time (walk.py), a generic session
over a per-game adapter (adapter.py, session.py) with its saves in one place (persist.py), a
multi-viewer log (gamelog.py) and what happened since a seat's last decision, read from it (news.py),
and two faces over it: the Textual app (tui.py, its fixed rows wrapped by wrapping.py) and the plain
line-by-line mode for pipes and screen readers (plain.py, which never imports Textual).

A game brings only its adapter (host/<game>/frontend.py): a renderer of a seat's view to a Screen,
its decision shapes, its texts, its bots and optional advice. The table server (host/serve/) reuses the
Screen and shape objects through their `to_json()`.
"""
