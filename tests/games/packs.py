"""Loading a content pack through the box's controls, the same walk for every game."""

from collections.abc import Callable

import pytest

from contracts.events import Press
from games.core.packs import PackError
from tests.fixtures.box import choose


def assert_problem(parse: Callable[[str], dict], text: str, problem: str) -> None:
    """``parse`` refuses ``text`` with a PackError, one of whose problems (each naming
    where it is) contains ``problem``."""
    with pytest.raises(PackError) as err:
        parse(text)
    assert any(problem in p for p in err.value.problems), err.value.problems


def refuse_then_load(controller, journal, broken: str, problems: str, good: str) -> dict:
    """docs/PACKS.md: the action menu offers each pack file as "Load pack: <name>". The
    ``broken`` one is refused, the OLED naming the pack and its ``problems`` ("1 problem"),
    with nothing journaled; the ``good`` one is then one journaled ``load_pack``.
    Returns the state after it."""
    controller.handle(Press("select"))  # the action menu
    choose(controller, f"Load pack: {broken}")
    assert controller.frame().message.short == f"{broken}: {problems}"  # the OLED names the pack
    assert journal.state()[1] == 0
    controller.handle(Press("select"))
    choose(controller, f"Load pack: {good}")
    state, seq = journal.state()
    assert seq == 1
    return state
