"""A procedure's short name: the phase the OLED tags its step line with (issue
"Playable from the OLED alone": "Engagement" was cut to "Engagem.")."""

import pytest

from games.core.procedures import SHORT_MAX, Procedure, Step, StepKind
from games.core.registry import KNOWN_PACKAGES, get_game

STEP = (Step("s", StepKind.REMINDER, "Do it"),)


@pytest.mark.parametrize("game_id", sorted(KNOWN_PACKAGES))
def test_every_phase_of_the_four_games_has_a_short_name_of_its_own(game_id):
    procedures = get_game(game_id).procedures
    shorts = [p.short for p in procedures]
    assert all(shorts), [p.name for p in procedures if not p.short]
    assert len(set(shorts)) == len(shorts), shorts


@pytest.mark.parametrize("short", ["Engagement", "Game End"])
def test_a_short_name_longer_than_one_tag_is_refused(short):
    assert len(short) > SHORT_MAX or " " in short
    with pytest.raises(ValueError, match="short name"):
        Procedure("battle", "Engagement", STEP, short=short)


def test_the_displays_show_the_short_name_else_the_title():
    assert Procedure("battle", "Engagement", STEP, short="Battle").phase == "Battle"
    assert Procedure("battle", "Engagement", STEP).phase == "Engagement"


def test_next_with_nothing_to_do_tells_the_player_what_to_press():
    """The screen's "Not allowed" dialog shows the long text: in the player's words,
    not the engine's ("No procedure is running and none starts now.")."""
    from games.core import Command, RuleError, apply, new_game

    game = get_game("gloom-of-kilforth")
    state = new_game(game, {"heroes": 1, "mode": "solo"}, 7).state
    state["procedure"] = None  # between procedures, nothing due next
    assert game.next_procedure(state) is None
    with pytest.raises(RuleError) as err:
        apply(game, state, Command("next", {}))
    assert err.value.short == "Nothing to do next"
    assert "procedure" not in err.value.long and "select" in err.value.long
