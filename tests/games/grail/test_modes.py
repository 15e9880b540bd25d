"""Story and Challenge mode ("Alternative Modes & Appendices"): "apply any or all of
these modifiers" - each modifier is its own choice in the new-game form."""

import copy

import pytest

from games.core import Command, RuleError, apply, new_game
from games.grail.state import CHALLENGE_MODIFIERS, STORY_MODIFIERS, migrate_4_to_5
from tests.games.grail.helpers import GAME, do, edit, new, next_until, refused, standing, step_id


def _without(mode, *names, characters=1):
    """A new Campaign in ``mode`` with the modifiers ``names`` left out, past its setup."""
    return new(characters, mode, **{f"{mode}_{n}": False for n in names})


def _texts(state, name, **params):
    return [e.text for e in apply(GAME, state, Command(name, params)).events]


def _setup_steps(state):
    seen = []
    while state["procedure"]["name"] == "campaign-setup":
        seen.append(step_id(state).split(".")[1])
        state = do(state, "next")
    return seen


def test_by_default_every_modifier_of_the_mode_applies_and_no_other():
    assert new(mode="story")["modifiers"] == sorted(STORY_MODIFIERS)
    assert new(mode="challenge")["modifiers"] == sorted(CHALLENGE_MODIFIERS)
    assert new(mode="standard")["modifiers"] == []


def test_story_modifiers_are_each_a_choice():
    """"Story Mode": "For a more relaxed experience, apply any or all of these
    modifiers" - Health Limiter, Menhirs Cost, Starting Items, Encounters Setup."""
    state = _without("story", "health_limiter", "menhirs_cost", characters=2)
    assert state["modifiers"] == ["encounters", "starting_items"]
    # The limiter stays: Energy never above Health, and Panic.
    state = do(state, "correct", track="c1.terror", value=7)
    assert "Panic" in " ".join(GAME.view(state).panels[2].lines)
    with pytest.raises(RuleError):
        do(state, "adjust", track="c1.energy", delta=2)  # Energy 5 -> 7 above Health 6
    # No Resource requirement 1 lower.
    state = edit(state, lambda s: s["characters"][0]["resources"].update(magic=2))
    err = refused(state, "activate", location=101, days=3, magic=3, story_less="magic")
    assert err.short == "Story: Menhirs Cost"
    # With them all, the limiter is gone and a requirement is 1 lower.
    story = new(mode="story")
    assert do(story, "correct", track="c1.energy", value=8)["characters"][0]["energy"] == 8
    story = edit(story, lambda s: s["characters"][0]["resources"].update(magic=2))
    assert do(story, "activate", location=101, days=3, magic=3, story_less="magic")[
        "characters"][0]["resources"]["magic"] == 0


def test_story_setup_reminders_follow_the_chosen_modifiers():
    """"Starting Items" and "Encounters Setup" are reminders only when chosen."""
    options = {"mode": "story", "characters": 2}
    assert _setup_steps(new_game(GAME, options, 1).state) == ["tray", "story_items", "chapter"]
    state = new_game(GAME, {**options, "story_starting_items": False, "story_encounters": False}, 1).state
    assert _setup_steps(state) == ["tray", "chapter"]
    state = next_until(state, "campaign-setup.chapter")
    assert GAME.view(state).step == "Chapter I Setup: Events, Encounters"


def test_challenge_modifiers_are_each_a_choice():
    """"Challenge Mode": "For extra difficulty, apply any or all" - without Escaping
    Combat, Menhirs & Events, Rest, Character Advancement and Allmother's Mercy the
    Campaign plays by the standard rules there."""
    state = _without("challenge", "escaping", "menhirs_events", "rest", "advancement", "mercy")
    assert state["modifiers"] == ["items", "setup"]
    # Escaping Combat: no Dial toss, the Character simply leaves.
    fight = do(do(state, "combat", character=1, value=9), "escape", character=1)
    assert fight["encounter"] is None and step_id(fight) == "day.actions"
    # Menhirs & Events: the printed days.
    assert do(standing(state, 104), "activate", location=104, days=3)["menhirs"][-1]["dial"] == 3
    # Character Advancement: 2 Exp a deck, 2 Exp the first Attribute point.
    rich = edit(next_until(state, "end-of-day.advance"),
                lambda s: s["characters"][0]["resources"].update(experience=4))
    rich = do(rich, "advance_deck", character=1, deck="combat")
    assert do(rich, "raise_attribute", character=1, attribute="courage")[
        "characters"][0]["resources"]["experience"] == 0
    # Rest: going hungry costs nothing.
    rested = next_until(state, "end-of-day.rest")
    assert "Character 1 rests without Food" in _texts(rested, "rest", eat=False)
    # Allmother's Mercy is there.
    assert do(state, "death", character=1, then="mercy")["over"] is None


def test_challenge_modifiers_when_chosen():
    state = new(mode="challenge")
    fight = do(do(state, "combat", character=1, value=9), "escape", character=1)
    assert step_id(fight) == "escape-toss.toss"
    assert do(standing(state, 104), "activate", location=104, days=3)["menhirs"][-1]["dial"] == 2
    rested = next_until(state, "end-of-day.rest")
    assert "Character 1 goes hungry: Energy 0" in _texts(rested, "rest", eat=False)
    with pytest.raises(RuleError):
        do(state, "death", character=1, then="mercy")


def test_challenge_setup_reminder_follows_setup_and_items():
    """"Challenge Mode", Setup (flip the Health limiter, Secret card 42) and Items
    ("carry up to 5 Items") are the players'; the reminder names the chosen ones."""
    options = {"mode": "challenge"}
    state = next_until(new_game(GAME, options, 1).state, "campaign-setup.challenge")
    assert GAME.view(state).step == "Flip Health limiter; Secret 42; 5 Items at most"
    state = next_until(new_game(GAME, {**options, "challenge_setup": False}, 1).state,
                       "campaign-setup.challenge")
    assert GAME.view(state).step == "5 Items at most"
    state = new_game(GAME, {**options, "challenge_setup": False, "challenge_items": False,
                            "challenge_menhirs_events": False}, 1).state
    assert _setup_steps(state) == ["tray", "chapter"]


def test_a_schema_4_save_keeps_every_modifier_of_its_mode_and_gains_its_pools():
    state = edit(new(mode="challenge"), lambda s: s["characters"][0]["decks"].update(combat=18))
    old = copy.deepcopy(state)
    del old["modifiers"], old["characters"][0]["pools"]
    migrated = migrate_4_to_5(old)
    assert migrated["modifiers"] == sorted(CHALLENGE_MODIFIERS)
    assert migrated["characters"][0]["pools"] == {"combat": 22, "diplomacy": 25}
    fight = do(new(4), "combat", character=1, party=True, value=5, trait="slow")
    old = copy.deepcopy(fight)
    del old["encounter"]["hands"], old["modifiers"]
    assert migrate_4_to_5(old)["encounter"]["hands"] == [3, 3, 3, 3]
