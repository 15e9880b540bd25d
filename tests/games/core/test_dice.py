"""Dice pools counted for successes, exact odds and reroll-once bookkeeping."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.core import RuleError, dice


def test_kilforth_successes_on_5_and_6():
    # Kilforth "Test": "Gain a success for each die showing '5' or '6'".
    # The Kobold engagement example: the Kobold rolls 2, 5, 6 -> 2 successes.
    assert dice.successes([2, 5, 6], 5) == 2
    # Difficulty Variant: 4, 5 or 6.
    assert dice.successes([2, 4, 5, 6], 4) == 3


def test_myth_assault_counts_at_most():
    # Myth "Assault": a die result less than or equal to the attack value succeeds.
    assert dice.successes([1, 3, 4, 9], 3, at_most=True) == 2


def test_one_die_chances():
    assert dice.p_success(5) == Fraction(1, 3)
    assert dice.p_success(4) == Fraction(1, 2)
    assert dice.p_success(7, sides=10) == Fraction(4, 10)
    assert dice.p_success(3, sides=10, at_most=True) == Fraction(3, 10)


def test_exact_odds_of_two_successes_with_five_dice():
    # 1 - P(0) - P(1) with p = 1/3: 1 - 32/243 - 80/243 = 131/243.
    assert dice.chance_at_least(2, 5, 5) == Fraction(131, 243)


def test_fate_as_an_extra_success():
    # One Fate success makes 2 needed out of 2 dice equal 1 needed.
    assert dice.chance_at_least(2, 2, 5, extra=1) == dice.chance_at_least(1, 2, 5)
    assert dice.chance_at_least(1, 0, 5, extra=1) == 1
    assert dice.chance_at_least(3, 2, 5) == 0
    assert dice.chance_at_least(0, 0, 5) == 1


@given(st.integers(0, 12), st.sampled_from([4, 5]))
def test_distribution_sums_to_one(n, threshold):
    assert sum(dice.distribution(n, threshold)) == 1


@given(st.integers(0, 10), st.integers(0, 10))
def test_more_dice_never_lower_the_odds(n, needed):
    assert dice.chance_at_least(needed, n + 1, 5) >= dice.chance_at_least(needed, n, 5)


def test_percent_never_rounds_to_certainty():
    assert dice.percent(Fraction(0)) == "0%"
    assert dice.percent(Fraction(1)) == "100%"
    assert dice.percent(Fraction(1, 1000)) == "<1%"
    assert dice.percent(Fraction(999, 1000)) == ">99%"
    assert dice.percent(Fraction(131, 243)) == "54%"


def test_faces_from_a_tray_report():
    assert dice.faces_from_report([{"kind": "d6", "face": 5}, {"kind": "d6", "face": 1}]) == [5, 1]
    with pytest.raises(RuleError):
        dice.faces_from_report([{"kind": "d10", "face": 5}])
    with pytest.raises(RuleError):
        dice.faces_from_report([{"kind": "d6", "face": 7}])
    assert dice.report([3, 6]) == [{"kind": "d6", "face": 3}, {"kind": "d6", "face": 6}]


def test_a_report_of_the_wrong_count_or_kind_names_what_was_expected():
    with pytest.raises(RuleError) as err:
        dice.faces_from_report(dice.report([5, 6]), count=3)
    assert err.value.short == "Roll 3 d6"
    with pytest.raises(RuleError) as err:
        dice.faces_from_report([{"kind": "d10", "face": 5}], count=1)
    assert "1 d6" in err.value.short and "d10" in err.value.long
    assert dice.faces_from_report(dice.report([4]), count=1) == [4]


def test_faces_or_roll_takes_the_tray_report_else_rolls_with_the_games_generator():
    from games.core.context import Context
    tray = Context(None, {"rng": 7})
    assert dice.faces_or_roll(tray, dice.report([3, 10], "d10"), "d10", 10, 2) == [3, 10]
    assert tray.state["rng"] == 7  # a tray roll draws nothing
    with pytest.raises(RuleError) as err:
        dice.faces_or_roll(tray, dice.report([3]), "d10", 10, 2, rule="Rolling Dice")
    assert err.value.short == "Roll 2 d10" and "(Rolling Dice)" in err.value.long
    virtual, same = Context(None, {"rng": 7}), Context(None, {"rng": 7})
    assert dice.faces_or_roll(virtual, None, "d10", 10, 3) == same.roll(3, 10)
    assert virtual.state["rng"] == same.state["rng"]  # exactly the calls ctx.roll makes


FATE = ("rage", "guile", "nature", "arcane", "faith", "darkness")


def test_named_faces_are_read_whatever_their_case_in_the_games_spelling():
    # firmware_bridge/PROTOCOL.md: kind "fate", faces Rage Guile Nature Arcane Faith Darkness.
    report = [{"kind": "fate", "face": "Rage"}, {"kind": "fate", "face": "darkness"}]
    assert dice.named_faces_from_report(report, "fate", FATE, 2) == ["rage", "darkness"]
    assert dice.named_faces_from_report(report, "fate", FATE) == ["rage", "darkness"]


@pytest.mark.parametrize(("report", "why"), [
    ([{"kind": "fate", "face": "Rage"}], "the report had 1 die"),           # count
    ([{"kind": "d6", "face": 3}] * 2, "the report had a 'd6'"),             # kind
    ([{"kind": "fate", "face": "Joy"}] * 2, "the report had 'Joy'"),        # face
    ([{"kind": "fate", "face": 3}] * 2, "the report had 3"),                # a number
])
def test_a_named_roll_of_the_wrong_count_kind_or_face_names_the_roll_expected(report, why):
    with pytest.raises(RuleError) as err:
        dice.named_faces_from_report(report, "fate", FATE, 2, rule="Fate Pool")
    assert err.value.short == "Roll 2 fate dice"
    assert err.value.long.startswith("This roll needs 2 fate dice (Fate Pool); ")
    assert why in err.value.long


def test_a_named_roll_can_be_asked_in_the_games_words():
    # Tainted Grail, "Challenge Mode": "toss a Dial".
    with pytest.raises(RuleError) as err:
        dice.named_faces_from_report([{"kind": "d6", "face": 1}], "dial", ("skull", "grail"), 1,
                                     asked="Toss 1 Dial")
    assert err.value.short == "Toss 1 Dial" and "1 dial die" in err.value.long


def test_an_impossible_numbered_face_names_the_roll_and_the_faces():
    with pytest.raises(RuleError) as err:
        dice.faces_from_report([{"kind": "d10", "face": 11}], "d10", 10, 1, rule="Rolling Dice")
    assert err.value.short == "Roll 1 d10"
    assert err.value.long == "This roll needs 1 d10 (Rolling Dice); a d10 shows 1 to 10; the report had 11."


def test_dice_counts_are_worded_for_the_player():
    assert [dice.counted(3, "d6"), dice.counted(1, "d10"), dice.counted(1, "fate"),
            dice.counted(5, "fate"), dice.counted(1), dice.counted(2)] == [
        "3 d6", "1 d10", "1 fate die", "5 fate dice", "1 die", "2 dice"]


def test_each_die_rerolls_only_once():
    pool = dice.new_pool([2, 9])
    assert dice.can_reroll(pool, 0)
    dice.reroll(pool, 0, 8)
    assert pool == {"faces": [8, 9], "rerolled": [True, False]}
    assert not dice.can_reroll(pool, 0)
    with pytest.raises(RuleError):
        dice.reroll(pool, 0, 10)
    with pytest.raises(RuleError):
        dice.reroll(pool, 2, 1)
    assert dice.pool_successes(pool, 8, ) == 2
