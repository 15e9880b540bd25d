"""A roll dialog's hint names what can be done on it (issue 25, on the screen): a roll
with no fields to set never says "Menhir: field  Spirit: value"."""

from __future__ import annotations

from app.forms import PromptForm
from games.core import Param

DICE = Param("dice", "dice", "Dice")


def test_a_roll_with_no_fields_says_to_roll_or_throw():
    form = PromptForm("Foe 2d: KO you 0%", [DICE], print)
    model = form.model()
    assert model.fields == ()
    assert "Menhir" not in model.hint and "field" not in model.hint
    assert model.hint == "OK: roll, or throw the dice"


def test_a_form_with_fields_keeps_the_dials_hint():
    form = PromptForm("1d: kill 33% F100%", [Param("bonus", "int", "Bonus dice", high=3), DICE], print)
    assert form.model().hint == "Menhir: field  Spirit: value"
