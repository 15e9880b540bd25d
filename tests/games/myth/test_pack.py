"""Content packs: the owner's board ("Setup" 1. Set up the Game Board; "Game
Board"; "Locations"), loaded at the first Setup step, refused once the board
is in use, every problem of a bad pack listed with its place."""

from __future__ import annotations

import json

import pytest

from contracts.events import Press
from games.core import RuleError
from games.core.engine import migrate
from games.myth import GAME
from games.myth.board import DEFAULT_BOARD
from tests.fixtures.box import controller_with_packs, start_new_game
from tests.games.myth.helpers import Table
from tests.games.myth.test_setup import _toml
from tests.games.packs import refuse_then_load

SMALL = """
name = "Our printed board"

[[areas]]
id = "city"
name = "Farrenroc"
type = "farrenroc"
neighbours = ["aster", "moor"]
pos = [1, 1]

[[areas]]
id = "aster"
name = "Village of Aster"
type = "village"
flames = 1
neighbours = ["city", "wilds"]
pos = [0, 1]

[[areas]]
id = "moor"
name = "Moor Ruins"
type = "ruins"
flames = 1
short = "MR"
neighbours = ["city", "den"]
pos = [2, 1]
"""
SPECIALS = "".join(
    f'\n[[areas]]\nid = "{area_id}"\ntype = "{kind}"\nfate = "{face}"\n'
    f'neighbours = ["{near}"]\npos = [{col}, {row}]\n'
    for area_id, kind, face, near, col, row in (
        ("wilds", "outland", "rage", "aster", 0, 0), ("den", "lair", "darkness", "moor", 2, 0)))
EXTRA = "".join(
    f'\n[[areas]]\nid = "o{n}"\ntype = "outland"\nfate = "{face}"\nneighbours = ["wilds"]\n'
    f"pos = [{n}, 2]\n" for n, face in enumerate(("guile", "nature", "arcane", "faith")))
BOARD = SMALL + SPECIALS + EXTRA.replace('neighbours = ["wilds"]', 'neighbours = []')


def _board_text() -> str:
    """A small valid board: every fate symbol on one Outland or Lair, all reach Farrenroc."""
    text = SMALL + SPECIALS
    for n, face in enumerate(("guile", "nature", "arcane", "faith")):
        text += (f'\n[[areas]]\nid = "o{n}"\ntype = "outland"\nfate = "{face}"\n'
                 f'neighbours = ["aster"]\npos = [{n}, 2]\n')
    return text.replace('neighbours = ["city", "wilds"]',
                        'neighbours = ["city", "wilds", "o0", "o1", "o2", "o3"]')


def test_a_board_pack_at_the_first_setup_step_replaces_the_stand_in():
    """"Setup" 1 and 2: the board is set up first, heroes on its Farrenroc."""
    t = Table(heroes=2, at_board=True)
    assert t.step().id == "board"
    t.do("load_pack", toml=_board_text())
    state = t.state
    assert state["board"]["name"] == "Our printed board"
    assert set(state["areas"]) == set(state["board"]["areas"])
    assert [h["area"] for h in state["heroes"]] == ["city", "city"]
    assert state["distance"] == {"city": 0, "aster": 1, "moor": 1, "wilds": 2, "den": 2,
                                 "o0": 2, "o1": 2, "o2": 2, "o3": 2}
    assert state["board"]["areas"]["moor"]["short"] == "MR"
    assert state["board"]["areas"]["aster"]["short"] == "V"
    assert t.step().id == "board"  # still at the step: next goes on with this board
    t.do("next")
    t.do("hero")
    assert t.step().id == "hero" or t.step().id == "enemy"


def test_the_pack_board_is_used_by_objectives_and_forms():
    """"Setup" 4 places the tokens on the pack's locations; forms offer its areas by name."""
    t = Table(at_board=True)
    t.do("load_pack", toml=_board_text())
    t.do("next")
    t.do("hero")
    t.do("enemy_sheet")
    for _ in range(3):
        t.do("track_abilities")
    t.do("objective", location="village")
    assert t.state["areas"]["aster"]["objective"] == "hope"
    travel = next(c for c in GAME.commands if c.name == "travel")
    area = travel.resolved_params(t.state)[0]
    assert area.choices == tuple(t.state["board"]["areas"])
    assert area.shown("aster") == "Village of Aster"


def test_a_bad_pack_lists_every_problem_with_its_place_and_changes_nothing():
    t = Table(at_board=True)
    before = t.state
    bad = _board_text().replace('type = "ruins"', 'type = "castle"').replace(
        "pos = [2, 1]", "pos = [0, 1]\nneighbors = []").replace('short = "MR"', 'short = "MOOR RUINS"')
    with pytest.raises(RuleError) as err:
        t.do("load_pack", toml=bad)
    assert err.value.short == "Pack: 5 problems"
    for expected in ("area 'moor': flames must be a whole number from 1, on a basic location",
                     "area 'moor': type 'castle'", "area 'moor': unknown key 'neighbors'",
                     "area 'moor'.short: 1 to 4 characters", "area 'moor'.pos [0, 1] is also "
                     "'aster'"):
        assert expected in err.value.long, expected
    assert t.state == before
    with pytest.raises(RuleError) as err:
        t.do("load_pack", toml="name = \n")
    assert "not valid TOML" in err.value.long and t.state == before


def test_positions_for_every_area_or_none():
    t = Table(at_board=True)
    text = _board_text().replace("pos = [1, 1]\n", "", 1)
    with pytest.raises(RuleError) as err:
        t.do("load_pack", toml=text)
    assert "pos must be given for every area or none; missing on: city" in err.value.long


def test_no_board_pack_once_the_objective_tokens_are_placed():
    """"Setup" 4 puts the tokens on the board's locations: the board is in use."""
    t = Table().to_objectives()
    t.do("objective", location="village")
    err = t.refused("load_pack", toml=_board_text())
    assert err.short == "Board: Setup 1 only" and "Setup 4" in err.long


def test_no_board_pack_with_enemies_on_the_board_or_after_setup():
    t = Table(at_board=True)
    t.do("place", area="village-1", rank="minion", count=2)
    err = t.refused("load_pack", toml=_board_text())
    assert "Village 1" in err.long
    t = Table().setup()
    err = t.refused("load_pack", toml=_board_text())
    assert "the game has begun" in err.long


def test_the_shipped_board_has_a_hex_position_for_every_area():
    """The stand-in is a hex map ("Glossary", Area: a single hex): laid out in
    rows, each area's neighbours in the touching cells."""
    cells = {tuple(a["pos"]): area_id for area_id, a in DEFAULT_BOARD["areas"].items()}
    assert len(cells) == len(DEFAULT_BOARD["areas"])
    for area_id, area in DEFAULT_BOARD["areas"].items():
        col, row = area["pos"]
        shift = -1 if row % 2 else 0  # offset hexes: rows level with Farrenroc's (3) sit left
        touching = {(col - 1, row), (col + 1, row), (col + shift, row - 1),
                    (col + shift + 1, row - 1), (col + shift, row + 1), (col + shift + 1, row + 1)}
        assert {cells[c] for c in touching if c in cells} == set(area["neighbours"]), area_id


def test_the_shipped_board_as_a_pack_loads_the_same_board():
    t = Table(at_board=True)
    before = t.state["board"]
    t.do("load_pack", toml=_toml(dict(DEFAULT_BOARD, name=before["name"])))
    assert t.state["board"] == before


def test_schema_2_saves_gain_map_fields_and_the_discard_queue():
    t = Table().setup()
    old = json.loads(json.dumps(t.state))
    for area in old["board"]["areas"].values():
        del area["pos"], area["short"]
    del old["discards"], old["raising"]
    old["schema"] = 2
    new = migrate(GAME, old)
    assert new["schema"] == 4 and new["discards"] == [] and new["raising"] == []
    assert new["board"]["areas"]["village-3"] == dict(t.state["board"]["areas"]["village-3"],
                                                     pos=None)


def test_schema_3_saves_gain_the_waiting_raises():
    """Schema 4: a raise waits while the ability it entered is resolved ("Conquest")."""
    t = Table().setup()
    old = json.loads(json.dumps(t.state))
    del old["raising"]
    old["schema"] = 3
    assert migrate(GAME, old) == dict(t.state, schema=4)


# --- through the box's controls ---------------------------------------------------------------


def test_a_board_pack_is_offered_in_the_action_menu_and_loaded_as_a_journaled_command(tmp_path):
    """docs/PACKS.md: <data dir>/packs/myth-dark-frontier/*.toml appear as "Load pack: <name>"
    at the first Setup step; a bad pack is refused with nothing journaled; the good
    one is one journal entry that carries the text."""
    packs = {"board": _board_text(), "broken": _board_text().replace('"ruins"', '"castle"')}
    with controller_with_packs(tmp_path, "myth-dark-frontier", packs) as (controller, journal):
        start_new_game(controller, "Myth")           # the new-game form: 1 hero
        state, seq = journal.state()
        assert state["procedure"]["step"] == 0 and seq == 0   # "Board: next, or a board pack"
        state = refuse_then_load(controller, journal, "broken", "2 problems", "board")
        assert state["board"]["name"] == "Our printed board"
        assert state["heroes"][0]["area"] == "city"
        controller.handle(Press("next"))             # on to the hero prompt
        assert controller.frame().form is not None
