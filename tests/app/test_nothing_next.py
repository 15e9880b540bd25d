"""``next`` with nothing to finish says where the actions are, in words that fit the OLED (issue 25,
point 4). Its first wording was 3 lines long: the RuleError refused it with a ValueError, and the
press failed instead of saying anything."""

from app.steps import nothing_next
from games.core.errors import RuleError, fits_oled


def test_next_with_nothing_to_finish_names_select_within_the_oled():
    worded = nothing_next("H2: Action/Camp, 4 AP")(RuleError("Nothing to do next", "No procedure runs."))
    assert fits_oled(worded.short) and "select" in worded.short
    assert worded.long.startswith("H2: Action/Camp, 4 AP: ") and "select" in worded.long


def test_other_refusals_pass_through_as_they_are():
    other = RuleError("Answer the prompt")
    assert nothing_next("")(other) is other
