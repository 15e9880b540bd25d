"""The shared Save Sheet's Statuses ("Statuses and Save Sheet") and the Active
Quests by name ("Events, Quests, and Tasks")."""

import copy

import pytest

from games.core import RuleError
from games.core.commands import Command
from games.grail.state import migrate_3_to_4
from games.grail.story import OTHER
from tests.games.grail.helpers import GAME, do, new, refused


def _panel(state):
    return next(p for p in GAME.view(state).panels if p.title == "Quests and Statuses").lines


def _spec(name):
    return next(s for s in GAME.commands if s.name == name)


def test_a_typed_status_is_marked_once_on_the_shared_sheet():
    state = do(new(2), "status", named=OTHER, status="  Burned  the Mill ")
    assert state["statuses"] == ["Burned the Mill"]
    before = copy.deepcopy(state)
    with pytest.raises(RuleError):
        do(state, "status", status="Burned the Mill")
    with pytest.raises(RuleError):
        do(state, "status", named=OTHER, status="   ")  # nothing typed
    assert state == before
    assert "  Burned the Mill" in _panel(state)


def test_the_rulebooks_named_status_is_a_choice():
    """"Allmother's Mercy": mark "Saved by the Goddess" on the Save Sheet."""
    assert _spec("status").params[0].choices == (OTHER, "Saved by the Goddess")
    state = do(new(), "status", named="Saved by the Goddess")
    assert state["statuses"] == ["Saved by the Goddess"]


def test_a_journaled_status_of_schema_3_still_replays():
    state = do(new(), "status", status="Old Friend")  # {"status": text}, as journaled before
    assert state["statuses"] == ["Old Friend"]


def test_status_text_is_short():
    with pytest.raises(RuleError):
        do(new(), "status", status="x" * 41)


def test_a_status_is_erased_from_the_current_list():
    state = do(do(new(), "status", status="A"), "status", status="B")
    assert _spec("unmark_status").params[0].resolve(state).choices == ("A", "B")
    state = do(state, "unmark_status", status="A")
    assert state["statuses"] == ["B"]
    with pytest.raises(RuleError):
        do(state, "unmark_status", status="A")  # not a choice any more
    assert not _spec("unmark_status").available(do(state, "unmark_status", status="B"))


def test_quests_by_name_keep_the_active_quests_count():
    state = do(new(), "quest", quest="The Wyrdness")
    state = do(state, "quest", quest="Find the Grail")
    assert state["quest_list"] == ["The Wyrdness", "Find the Grail"] and state["quests"] == 2
    assert _panel(state)[:3] == ("Active Quests: 2", "  The Wyrdness", "  Find the Grail")
    refused(state, "quest", quest="The Wyrdness")  # already in the pile
    state = do(state, "complete_quest", quest="The Wyrdness", how="completed")
    assert state["quest_list"] == ["Find the Grail"] and state["quests"] == 1


def test_correcting_the_count_adds_unnamed_quests_or_drops_the_last():
    state = do(new(), "quest", quest="Find the Grail")
    state = do(state, "correct", track="quests", value=3)
    assert state["quest_list"] == ["Find the Grail", "Quest 2", "Quest 3"]
    state = do(state, "correct", track="quests", value=1)
    assert state["quest_list"] == ["Find the Grail"]


def test_the_count_always_matches_the_list():
    state = new()
    state["quests"] = 2  # a broken state (not through a command)
    assert any("Active Quests" in b for b in GAME.invariants(state))


def test_a_schema_3_count_becomes_unnamed_quests():
    state = new()
    del state["quest_list"]
    state["quests"] = 2
    assert migrate_3_to_4(state)["quest_list"] == ["Quest 1", "Quest 2"]


def test_the_commands_are_in_the_menu_and_forms():
    names = [s.name for s in GAME.commands if s.menu]
    assert {"status", "unmark_status", "quest", "complete_quest"} <= set(names)
    assert Command("quest", {"quest": "x"}).name == "quest"
