"""Setup: heroes, the enemy sheet, the board and its distances, objectives, fate pool."""

from __future__ import annotations

import pytest

from games.core import RuleError
from games.myth import GAME
from games.myth.board import DEFAULT_BOARD, distances, parse_board
from tests.games.myth.helpers import Table


def test_new_game_state_farrenroc_stability_10_heroes_in_farrenroc():
    """"Farrenroc": stability 10; "Setup" 2: heroes on the Farrenroc tile."""
    t = Table(heroes=3)
    assert t.state["stability"] == 10
    assert [h["area"] for h in t.state["heroes"]] == ["farrenroc"] * 3
    assert t.state["procedure"]["name"] == "setup"
    assert t.state["conquest"] == {"despair": 1, "devastation": 1, "corruption": 1}


def test_heroes_one_to_four():
    from games.core import new_game
    with pytest.raises(RuleError):
        new_game(GAME, {"heroes": 5}, 1)
    with pytest.raises(RuleError):
        new_game(GAME, {"heroes": 0}, 1)


def test_hero_and_enemy_values_entered():
    t = Table(heroes=2)
    t.do("hero", tactics=4, cunning=3, intellect=2, spirit=1, vitality=9)
    t.do("hero", tactics=1)
    t.do("enemy_sheet", minion_attack=5, boss_vitality=12)
    hero1, hero2 = t.state["heroes"]
    assert (hero1["tactics"], hero1["cunning"], hero1["vitality"]) == (4, 3, 9)
    assert hero2["tactics"] == 1
    assert t.state["enemy"]["minion"]["attack"] == 5
    assert t.state["enemy"]["boss"]["vitality"] == 12


def test_board_distance_to_farrenroc_derived_from_the_graph():
    d = distances(DEFAULT_BOARD, "farrenroc")
    assert d["farrenroc"] == 0
    for area_id, area in DEFAULT_BOARD["areas"].items():
        if area_id != "farrenroc":
            assert min(d[n] for n in area["neighbours"]) == d[area_id] - 1
    assert {d[a] for a, s in DEFAULT_BOARD["areas"].items() if s["type"] == "outland"} == {3}


def test_board_checks_neighbours_name_each_other_back():
    bad = {"areas": [{"id": "f", "type": "farrenroc", "neighbours": ["v"]},
                     {"id": "v", "type": "village", "neighbours": []}]}
    with pytest.raises(ValueError):
        parse_board(bad)


def test_board_has_outlands_and_lairs_for_every_fate_symbol():
    faces = {a["fate"] for a in DEFAULT_BOARD["areas"].values() if a["fate"]}
    assert faces == {"rage", "guile", "nature", "arcane", "faith", "darkness"}


def test_objective_tokens_one_per_hero_in_flame_locations():
    """"Setup" 4: one token per player in different locations of the card's type."""
    t = Table(heroes=3).setup()
    for kind in ("hope", "supply", "influence"):
        spots = [a for a, s in t.state["areas"].items() if s["objective"] == kind]
        assert len(spots) == 3
        flames = [t.state["board"]["areas"][a]["flames"] for a in spots]
        assert max(flames) <= 3


def test_objective_types_must_differ():
    t = Table().to_objectives()
    t.do("objective", location="village")
    t.refused("objective", location="village")


def test_fate_pool_from_the_tray_or_virtual():
    faces = ["rage", "guile", "nature", "arcane", "darkness"]
    assert Table().setup(fate=faces).state["fate"] == faces
    virtual = Table(seed=3).setup().state["fate"]
    assert len(virtual) == 5 and set(virtual) <= {"rage", "guile", "nature", "arcane", "faith",
                                                  "darkness"}


def test_fate_tray_roll_must_hold_five_fate_faces():
    t = Table().to_fate()
    with pytest.raises(RuleError):
        t.do("roll_fate", dice=[{"kind": "fate", "face": "Rage"}])


def test_setup_ends_in_planning_with_a_shuffled_enemy_deck():
    t = Table().setup()
    assert t.state["procedure"]["name"] == "planning"
    cards = t.state["enemy_deck"]["draw"] + [p["enemy"]["card"] for p in t.state["plan"].values()]
    assert sorted(cards) == sorted(["march", "scheme", "despair", "devastation", "corruption"])


def test_setup_prompts_ask_again_for_each_hero_track_and_objective():
    """"Setup" 2 and 4, "Conquest Tracks": one answer per hero, track and objective
    card, the same prompt asking again (ctx.stay) until all are in."""
    t = Table(heroes=2)
    assert t.step().id == "hero"
    t.do("hero", tactics=3)
    assert t.step().id == "hero"
    t.do("hero", tactics=4)
    assert t.step().id == "enemy"
    assert [h["tactics"] for h in t.state["heroes"]] == [3, 4]
    t.do("enemy_sheet")
    for _track in ("despair", "devastation"):
        t.do("track_abilities", space5=True)
        assert t.step().id == "track"
    t.do("track_abilities")
    assert t.state["abilities"] == {"despair": [5], "devastation": [5], "corruption": []}
    assert t.step().id == "objective"


def test_fate_prompt_arms_the_tray_for_five_fate_dice():
    """"Fate Pool": the setup roll is five fate dice (firmware_bridge/PROTOCOL.md kind ``fate``)."""
    t = Table().to_fate()
    assert t.step().id == "fate"
    assert t.step().dice(t.state) == (5, "fate")


def test_fate_tray_roll_of_the_wrong_kind_is_refused_naming_what_was_expected():
    t = Table().to_fate()
    err = t.refused("roll_fate", dice=[{"kind": "d6", "face": 3}] * 5)
    assert "5 fate dice" in err.long and "d6" in err.long


def test_area_choices_come_from_the_games_own_board():
    """An edited board's areas are the choices (Param.choices_from), not the shipped ids."""
    from games.myth.commands import COMMANDS
    t = Table().setup()
    board = parse_board({"areas": [
        {"id": "farrenroc", "type": "farrenroc", "neighbours": ["moor"]},
        {"id": "moor", "type": "village", "neighbours": ["farrenroc"]},
    ]}, partial=True)
    t.state["board"] = board
    t.state["distance"] = distances(board, "farrenroc")
    t.state["areas"] = {a: {"minions": [], "captains": [], "structure": False, "objective": None}
                        for a in board["areas"]}
    travel = next(c for c in COMMANDS if c.name == "travel")
    assert travel.resolved_params(t.state)[0].choices == ("farrenroc", "moor")
    t.do("travel", area="moor", hero=1)
    assert t.state["heroes"][0]["area"] == "moor"
    with pytest.raises(RuleError):
        t.do("travel", area="village-1", hero=1)


# --- the board: the stand-in, checked -----------------------------------------------------


def _toml(board: dict) -> str:
    """A board as the TOML an owner would write (``[[areas]]`` tables)."""
    lines = [f'name = "{board["name"]}"']
    for area_id, area in board["areas"].items():
        lines += ["", "[[areas]]", f'id = "{area_id}"', f'name = "{area["name"]}"',
                  f'type = "{area["type"]}"',
                  "neighbours = [" + ", ".join(f'"{n}"' for n in area["neighbours"]) + "]"]
        if area["flames"]:
            lines.append(f"flames = {area['flames']}")
        if area["fate"]:
            lines.append(f'fate = "{area["fate"]}"')
        if area.get("pos"):
            lines.append(f"pos = {area['pos']}")
        if area.get("short"):
            lines.append(f'short = "{area["short"]}"')
    return "\n".join(lines) + "\n"


def test_the_stand_in_written_as_a_pack_reads_the_same():
    from games.myth import pack
    assert pack.parse(_toml(DEFAULT_BOARD)) == DEFAULT_BOARD


def test_a_bad_board_names_every_problem():
    """"Locations", "Farrenroc", "Muster": known types, two-way neighbours, one
    Farrenroc reaching every area, each fate symbol on one Outland or Lair."""
    from games.myth.board import BoardError
    bad = {"areas": [
        {"id": "f", "type": "farrenroc", "neighbours": ["v"]},
        {"id": "v", "type": "villa", "neighbours": []},
        {"id": "o", "type": "outland", "fate": "rage", "neighbours": []},
        {"id": "l", "type": "lair", "fate": "rage", "neighbours": ["ghost"]},
        {"id": "w", "type": "lair", "flames": 2, "neighbours": []},
    ]}
    with pytest.raises(BoardError) as err:
        parse_board(bad, "board.json")
    text = str(err.value)
    for expected in ("'v': type 'villa'", "'v' does not name 'f' back",
                     "unknown neighbour 'ghost'", "not connected to Farrenroc: o, l, w",
                     "'w': flames", "fate symbol 'rage' must name exactly one",
                     "fate symbol 'guile'"):
        assert expected in text, expected


def test_a_new_game_starts_on_its_own_copy_of_the_stand_in_board_and_reads_no_file(monkeypatch):
    """DESIGN.md: the engine does no I/O; an owner's board arrives as the journaled
    ``load_pack`` command's text (test_pack.py), never as a file read at setup."""
    import builtins
    import io

    from games.core import new_game

    def no_files(*args, **kwargs):
        raise AssertionError("a new game read a file")

    monkeypatch.setattr(builtins, "open", no_files)
    monkeypatch.setattr(io, "open", no_files)
    state = new_game(GAME, {"heroes": 1}, 1).state
    assert state["board"] == DEFAULT_BOARD
    state["board"]["areas"]["farrenroc"]["name"] = "Changed in play"
    assert DEFAULT_BOARD["areas"]["farrenroc"]["name"] == "Farrenroc"


# --- values set once: off the dial, still corrected ------------------------------------------


def test_the_menhir_dial_cycles_stability_reserves_tracks_and_damage_only():
    t = Table(heroes=2).setup()
    on_dial = [s.key for s in GAME.tracks(t.state) if s.dial]
    assert on_dial == ["stability", "hope", "supply", "influence", "despair", "devastation",
                       "corruption", "hero1.damage", "hero2.damage"]
    assert [tv.key for tv in GAME.view(t.state).tracks] == on_dial


def test_skills_vitality_and_the_enemy_sheet_are_corrected_off_the_dial():
    """"Skill": different game effects can modify a hero's skills; "Enemy Sheet"."""
    t = Table().setup()
    t.do("correct", track="hero1.cunning", value=4)
    t.do("correct", track="minion.defence", value=7)
    assert t.state["heroes"][0]["cunning"] == 4 and t.state["enemy"]["minion"]["defence"] == 7
    t.do("wound", amount=3)
    before = t.state
    with pytest.raises(RuleError):
        t.do("correct", track="hero1.vitality", value=3)   # below damage 3 + 1
    with pytest.raises(RuleError):
        t.do("correct", track="hero1.tactics", value=10)
    assert t.state == before
    assert GAME.track(t.state, "hero1.spirit").label == "H1 spirit"   # as "Correct a value" lists it
