"""Arkham Horror's words (kernel/arkham/game/text.py): every event the kernel records has its words."""

from eldritch.kernel.arkham.game import defs, text


def test_every_event_code_has_its_words():
    """text.event_text is a table of event codes to small functions: every EV_ code of defs.py is in
    it (a new event without words would log "event N ..."), and nothing else is."""
    codes = {v for k, v in vars(defs).items() if k.startswith("EV_")}
    assert set(text.EVENT_TEXTS) == codes
