"""Cards as data: the schema of data/GAME.md, generic cards labelled, user card files loaded without
code changes, unknown effects rejected at load with a clear error; companion mode entries."""

import pytest

from eldritch.kernel.errors import KernelError
from eldritch.kernel.eldersign.game import effects as E
from eldritch.kernel.eldersign.game.data import GameData, SCHEMAS, FILES, read_table, _folder
from eldritch.kernel.eldersign.game import companion as C
from eldritch.kernel.eldersign.game import pool
from eldritch.cli import main

DATA = GameData()


def test_every_shipped_table_matches_its_schema_and_generic_cards_are_labelled():
    for name in FILES:
        kind, rows = read_table(_folder() + name + ".tsv")
        assert kind == name and rows
        for r in rows:
            assert r.source.startswith(("generic", "fact")), r.where


def test_known_ancient_one_facts():
    ao = {a.name: a for a in DATA.ancient_ones}
    assert (ao["Yog-Sothoth"].doom, ao["Yog-Sothoth"].elder_signs, ao["Yog-Sothoth"].combat) == (10, 10, "L L I3")
    assert (ao["Yig"].doom, ao["Yig"].elder_signs, ao["Yig"].combat) == (8, 10, "P P")
    assert (ao["Azathoth"].doom, ao["Azathoth"].elder_signs) == (12, 14)
    assert (ao["Ithaqua"].doom, ao["Ithaqua"].elder_signs, ao["Ithaqua"].combat) == (9, 11, "I3 T P")
    assert [i for i in range(len(ao["Ithaqua"].spaces)) if ao["Ithaqua"].spaces[i]] == [3, 5, 8]
    assert [a.name for a in DATA.ancient_ones if a.masks] == ["Nyarlathotep"]


def test_all_eight_base_game_ancient_ones_are_rows():
    assert sorted(a.name for a in DATA.ancient_ones) == sorted(
        ["Azathoth", "Cthulhu", "Hastur", "Ithaqua", "Nyarlathotep", "Shub-Niggurath", "Yig", "Yog-Sothoth"])


def test_deck_sizes_match_the_base_game():
    assert len(DATA.investigators) == 16 and len(DATA.mythos) == 32
    assert [len(d) for d in DATA.decks] == [12, 12, 12, 8]


def test_schema_doc_names_every_table_column_and_effect():
    doc = open(_folder() + "GAME.md").read()
    for name, cols in SCHEMAS.items():
        assert "`%s.tsv`" % name in doc
        for c in cols:
            assert "`%s`" % c in doc, (name, c)
    for name in E.NAMES:
        assert "`%s`" % name in doc, name


def test_unknown_effect_is_rejected_at_load_with_file_line_and_name(tmp_path):
    f = tmp_path / "mine.tsv"
    f.write_text("\t".join(SCHEMAS["items"]) + "\n" + "common\tBad Card\t1\tteleport+1\tdiscard\tmine\n")
    with pytest.raises(KernelError) as e:
        GameData(extra=[f])
    assert "unknown effect 'teleport'" in str(e.value) and "line 2" in str(e.value)


def test_user_card_file_adds_cards_without_code_changes(tmp_path):
    f = tmp_path / "mine.tsv"
    f.write_text("\t".join(SCHEMAS["mythos"]) + "\n" + "My Mythos\t3\telder_sign+1\t\t\t\t\t\tmine\n")
    data = GameData(extra=[f])
    assert len(data.mythos) == 35 and data.mythos[-1].immediate == (E.OP_ELDER, 1, 0)


def test_a_card_file_with_the_earlier_mythos_header_still_loads(tmp_path):
    f = tmp_path / "old.tsv"
    f.write_text("name\tcount\timmediate\tterror\tmidnight\tlock\tsource\n"
                 "Old Mythos\t1\tdoom+1\t\t\t\tmine\n")
    data = GameData(extra=[f])
    assert data.mythos[-1].name == "Old Mythos" and data.mythos[-1].lasts_n == 1 and not data.mythos[-1].ongoing.any


def test_bad_user_file_via_cli_is_one_line_exit_2(tmp_path, capsys):
    f = tmp_path / "mine.tsv"
    f.write_text("not\ta\theader\n")
    assert main(["play", "--bots", "all", "--cards", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "header" in err


def test_corrupt_save_is_one_line_exit_2_and_file_untouched(tmp_path, capsys):
    save = tmp_path / "g.sav"
    assert main(["play", "--seed", "5", "--bots", "all", "--save", str(save)]) == 0
    blob = bytearray(save.read_bytes())
    blob[20] ^= 0xFF
    save.write_bytes(bytes(blob))
    capsys.readouterr()
    assert main(["play", "--load", str(save), "--bots", "all"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert save.read_bytes() == bytes(blob)


def test_companion_mode_tracks_entered_effects():
    g = C.new_companion(DATA, players=2)
    assert g._mythos == -1                       # the table draws its own mythos cards
    C.put_adventure(g, 0, "The Curator")
    C.place_monster(g, 0, "Generic Horror")    # locks the yellow die
    assert len(g._slots.adv[0].card.tasks) == 3 and pool.free_dice(g, 1) == 0
    doom = g._doom
    C.enter_effect(g, "doom+1,each(sanity-1)")
    assert g._doom == doom + 1
    with pytest.raises(KernelError):
        C.enter_effect(g, "summon+1")


# the field-by-field examples of data/GAME.md ("Entering your own cards"), by table, as printed there
DOC_EXAMPLES = {
    "ancient_ones": ["The Drowned Choir|11|12|L T I4|4,8|1|each(choose(max_sanity-1;clue-1,stamina-1)),doom+1||"
                     "on_monster(sanity-1)|mine"],
    "investigators": ['Ada Quillfeather|6|4|card("Brass Compass"),clue+1|anyturn(any(stamina+1))|mine'],
    "items": ["common|Brass Compass|2|die_yellow+1|discard|mine", "unique|Glass Eye of Ur|1|die_red+1,clue+1|discard|mine",
              "spell|Whispered Ward|2|hold_die+1|hold|mine", "ally|Old Tomas|1|any(sanity+1)|day|mine"],
    "mythos": ["The Lamps Gutter|1|monster+1|sanity-1||yellow|no_clues+1|2|mine"],
    "monsters": ["Grey Lurker|3|P T|1|green||clue+1|mine", "Mask of Ash|1|L L I3|2||1||mine"],
    "entrance": ["lost_found|I3|0|clue+1|mine", "gift_shop|Lantern Oil|3|common_item+1|mine"],
    "adventure_rules": ["Core|The Flooded Archive|L P > I5 S1|none|2|2:full|stamina-1|||elder_sign+1,clue+1|doom+1|"
                        "green|turn_end(sanity-1)|mine",
                        "Other Worlds|City of Gugs||||||||elder_sign+1|sanity-1|||mine"],
}


def test_the_field_by_field_examples_of_the_schema_doc_load_and_play(tmp_path):
    """Every example row of GAME.md's "Entering your own cards" is printed there, loads
    as a user card file, and a seeded bot game with its Ancient One and investigator plays to its end
    (the named starting card, the Other World given a reward and so dealt)."""
    from array import array
    from eldritch.kernel.eldersign.game.machine import Game, MAX_GAME_ACTIONS, A_PICK
    from eldritch.kernel.eldersign.game import bot
    doc = open(_folder() + "GAME.md").read().replace("\n", " ")
    paths = []
    for table, rows in DOC_EXAMPLES.items():
        for row in rows:
            assert "`%s`" % row in doc, row
        f = tmp_path / (table + ".tsv")
        f.write_text("\t".join(SCHEMAS[table]) + "\n" + "\n".join(r.replace("|", "\t") for r in rows) + "\n")
        paths.append(f)
    data = GameData(extra=paths)
    assert "City of Gugs" in [a.name for a in data.adventures] and "City of Gugs" not in data.left_out
    g = Game(data, players=2, seed=4, ancient_one="The Drowned Choir")
    ada = [i for i, r in enumerate(data.investigators) if r.name == "Ada Quillfeather"][0]
    g.apply(A_PICK + ada)
    assert "Brass Compass" in [data.cards[g._inv.card(ada, k)].name for k in range(24) if g._inv.card(ada, k) != 255]
    buf = array("i", [0] * MAX_GAME_ACTIONS)
    while not g.is_terminal():
        g.apply(bot.choose(g, buf, g.legal_actions(buf)))
    assert "Mask of Ash" in [data.monsters[m].name for m in range(len(data.monsters)) if data.monsters[m].mask]
