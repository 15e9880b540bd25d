"""Edges of the day's order ("Playing the Game": I) Start of the Day, II) During the Day,
III) End of the Day), each expected value read from the rulebook alone
(rules/tainted-grail.md), not from the box."""

import pytest

from tests.games.grail.helpers import do, new


def _at_energy(state, *energies):
    for i, energy in enumerate(energies, 1):
        state = do(state, "correct", track=f"c{i}.energy", value=energy)
    return state


@pytest.mark.xfail(strict=True, reason=(
    "deviation: the day ends when all Characters have Passed or run out of Energy; the box "
    "waits for `next` when the last one runs out"))
def test_the_day_ends_at_once_when_the_only_character_runs_out_of_energy():
    """"III) End of the Day": "The day ends when all Characters have Passed or run out of
    Energy." "II) During the Day": "... until all players Pass or run out of Energy. Then
    go to End of the Day." The Travel that spends the last Energy ends the day."""
    state = do(_at_energy(new(), 1), "travel", character=1, direction="north")
    assert state["characters"][0]["energy"] == 0
    assert state["procedure"]["name"] == "end-of-day"


@pytest.mark.xfail(strict=True, reason=(
    "deviation: the day ends when all Characters have Passed or run out of Energy; the box "
    "waits for `next` when both are at 0"))
def test_the_day_ends_when_both_characters_have_run_out_of_energy():
    """"III) End of the Day": "The day ends when all Characters have Passed or run out of
    Energy." Both at 1 Energy travel: after the second Travel both are at 0 and the day
    ends."""
    state = _at_energy(new(2), 1, 1)
    state = do(state, "travel", character=1, direction="north")
    assert state["procedure"]["name"] == "day"  # Character 2 still has Energy
    state = do(state, "travel", character=2, direction="south")
    assert [c["energy"] for c in state["characters"]] == [0, 0]
    assert state["procedure"]["name"] == "end-of-day"


@pytest.mark.xfail(strict=True, reason=(
    "deviation: the day ends when every Character has Passed or run out of Energy (a mix "
    "counts); the box waits for `next`"))
def test_one_passed_and_one_out_of_energy_ends_the_day():
    """"III) End of the Day": "The day ends when all Characters have Passed or run out of
    Energy" - each Character either way: one has Passed, the other spends their last
    Energy, and the day ends."""
    state = _at_energy(new(2), 5, 1)
    state = do(state, "pass_day", character=1)
    state = do(state, "travel", character=2, direction="north")
    assert state["procedure"]["name"] == "end-of-day"


def test_the_day_goes_on_while_one_character_has_energy_and_has_not_passed():
    """"II) During the Day": "... until all players Pass or run out of Energy." One at 0,
    the other with Energy left and not Passed: still During the Day."""
    state = do(_at_energy(new(2), 1, 3), "travel", character=1, direction="north")
    assert state["procedure"]["name"] == "day"


def test_the_last_pass_ends_the_day():
    """"Pass - free. Finish your day and rest."; "III) End of the Day": "The day ends when
    all Characters have Passed". The last Pass, with Energy unspent, ends the day."""
    state = do(new(2), "pass_day", character=1)
    assert state["procedure"]["name"] == "day"
    state = do(state, "pass_day", character=2)
    assert state["procedure"]["name"] == "end-of-day"
