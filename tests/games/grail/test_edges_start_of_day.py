"""Edges of "I) Start of the Day" (its 2.0 order, Menhirs, range, Dials, Time Tokens, Move
Guardians) and the day's cycle, each expected value read from the rulebook alone
(rules/tainted-grail.md)."""

from tests.games.grail.helpers import (
    do,
    edit,
    new,
    next_until,
    standing,
    step_id,
    to_next_day,
    with_map,
)


def _menhirs(state, *menhirs):
    return edit(state, lambda s: s.update(menhirs=[{"location": loc, "dial": d} for loc, d in menhirs]))


def _with_guardian(state, location, gid=1):
    return edit(state, lambda s: s["guardians"].append(
        {"id": gid, "name": f"Guardian {gid}", "location": location}))


def _through_start_of_day(state, face="nothing"):
    """From During the Day to the next day's Actions, the steps seen on the way."""
    state = next_until(state, "start-of-day.effects")
    seen = []
    while step_id(state) != "day.actions":
        seen.append(step_id(state))
        if step_id(state) == "start-of-day.guardian":
            state = do(state, "guardian_roll", face=face)
        else:
            state = do(state, "next")
    return state, seen


def _numbers(state):
    return sorted(loc["number"] for loc in state["locations"])


def test_the_days_cycle_and_day_2_has_a_start_of_the_day():
    """"Playing the Game": "It has three stages: Start of the Day, During the Day, and End of
    the Day. As you play, you continuously cycle through these stages." "I) Start of the
    Day": "Skip this sequence on the very first day" - only the first: day 2 and day 3 each
    have one."""
    state = new()
    for day in (2, 3):
        state, seen = _through_start_of_day(state)
        assert state["day"] == day and seen[0] == "start-of-day.effects"


def test_guardians_move_after_the_dials_and_before_the_event():
    """"Version 2.0 changes": "At the Start of the Day, Guardians are moved before the Event
    card is resolved." "I) Start of the Day": ... "Reduce Time Dials and remove Time
    Tokens." "Move Guardians." "Reveal and read a new Event card." """
    _, seen = _through_start_of_day(_with_guardian(new(), 103))
    assert seen.index("start-of-day.time_note") < seen.index("start-of-day.guardian")
    assert seen.index("start-of-day.guardian") < seen.index("start-of-day.event") == len(seen) - 1


def test_no_guardian_on_the_table_nothing_to_roll():
    """"Move Guardians. For each Guardian on the table, roll the Direction die" - none on the
    table, no roll."""
    _, seen = _through_start_of_day(new())
    assert "start-of-day.guardian" not in seen


def test_a_guardian_on_a_removed_location_is_discarded_before_it_could_roll():
    """"Menhirs and Wyrdness": on a removed Location "Everything else on the removed card,
    including Guardians, is discarded." Removal comes before "Move Guardians": the
    Guardian on 103 (out of range of the only Menhir, on 106) never rolls."""
    state = _menhirs(with_map(new(), {106: (2, 0)}), (106, 3))
    state = _with_guardian(standing(state, 104), 103)
    state, seen = _through_start_of_day(state)
    assert state["guardians"] == [] and "start-of-day.guardian" not in seen


def test_only_the_menhir_with_no_dial_goes_dark():
    """"Remove expired Menhirs. If a Menhir has no Dial in its base slot, it becomes inactive
    and goes dark now - remove it." The Menhir with a Dial of 1 stays (its Dial is removed
    this day); the one with no Dial goes."""
    state = _menhirs(with_map(new(), {106: (2, 0)}), (101, None), (104, 1))
    state, _ = _through_start_of_day(state)
    assert state["menhirs"] == [{"location": 104, "dial": None}]


def test_a_dial_at_1_is_removed_and_its_menhir_still_keeps_its_range_that_day():
    """"Reduce Menhir Dials on each Active Menhir by 1. If a Dial is already at 1 and cannot
    be reduced, remove it (but the Menhir itself stays until the next Start of the Day)."
    The range is checked before the Dials: 103 around 101's Menhir stays this day and goes
    at the next Start of the Day, when the Menhir on 101 has gone dark."""
    state = _menhirs(with_map(new(), {106: (2, 0)}), (101, 1), (106, 5))
    state, _ = _through_start_of_day(state)
    assert {"location": 101, "dial": None} in state["menhirs"]
    assert 103 in _numbers(state)
    state, _ = _through_start_of_day(state)
    assert [m["location"] for m in state["menhirs"]] == [106]
    assert 103 not in _numbers(state)


def test_a_dial_at_2_becomes_1():
    """"Reduce Menhir Dials on each Active Menhir by 1": 2 becomes 1, not removed."""
    state, _ = _through_start_of_day(_menhirs(new(), (101, 2)))
    assert state["menhirs"] == [{"location": 101, "dial": 1}]


def test_range_is_one_card_straight_or_diagonal_and_no_further():
    """"Remove Locations out of Menhir range. Every Location must be adjacent (straight line
    or diagonal) to a Location with an Active Menhir." Rules Summary: "range is 1 Location,
    straight or diagonal". With the only Menhir on 106 (2, 0): 104 (straight) and 107
    (1, 1: diagonal) stay; 101, 102, 103, 105 (two away) go."""
    state = _menhirs(with_map(new(), {106: (2, 0), 107: (1, 1)}), (106, 4))
    state = standing(state, 106)
    state, _ = _through_start_of_day(state)
    assert _numbers(state) == [104, 106, 107]


def test_the_menhirs_own_location_and_those_around_two_menhirs_stay():
    """"Every Location must be adjacent ... to a Location with an Active Menhir" - any one of
    them. Menhirs on 103 and 104: every starting card is next to one of them."""
    state = _menhirs(new(), (103, 3), (104, 3))
    state, _ = _through_start_of_day(state)
    assert _numbers(state) == [101, 102, 103, 104, 105]


def test_time_dials_each_lose_1_and_every_time_token_goes():
    """"Reduce Time Dials and remove Time Tokens. Reduce all Dials that carry Time Tokens ...
    by 1; remove a Time token from every Location card that has one." Dials of 1 and 3
    become 0 and 2; tokens on two Locations both go."""
    state = do(do(new(), "time_dial", days=1), "time_dial", days=3)
    state = do(do(state, "time_token", location=102), "time_token", location=105)
    state, _ = _through_start_of_day(state)
    assert [d["days"] for d in state["time_dials"]] == [0, 2]
    assert not any(loc["time_token"] for loc in state["locations"])


def test_menhir_dials_count_down_to_going_dark_over_the_days():
    """"World Setup" II: the Dial shows "the number of days before the Menhir goes dark": 8
    alone. Reduced by 1 at each Start of the Day, removed at 1, dark the next Start of the
    Day - and with it the last Menhir: the Locations stay ("If the last Menhir on the map
    goes out, do not remove the last Location cards")."""
    state = new()
    dials = []
    for _ in range(9):
        state = to_next_day(state)
        dials.append([m["dial"] for m in state["menhirs"]])
    assert dials == [[7], [6], [5], [4], [3], [2], [1], [None], []]
    assert _numbers(state) == [101, 102, 103, 104, 105]


def test_two_menhirs_dark_on_one_day_are_the_last_menhir_out():
    """"If the last Menhir on the map goes out, do not remove the last Location cards -
    Characters may keep playing there but lose 2 Health and gain 2 Terror at each Start of
    the Day". Both Menhirs (101 and 106) without a Dial go dark the same morning: none is
    left, so no Location is removed and the Character loses 2 Health, gains 2 Terror."""
    state = _menhirs(with_map(new(), {106: (2, 0)}), (101, None), (106, None))
    state, _ = _through_start_of_day(state)
    assert state["menhirs"] == [] and _numbers(state) == [101, 102, 103, 104, 105, 106]
    assert (state["characters"][0]["health"], state["characters"][0]["terror"]) == (4, 2)
