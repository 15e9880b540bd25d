"""Touch on the screen (``Tap``) reaches the same commands as the dials and buttons.

Each test plays the same thing twice on fresh journals, once with taps and
once with the box's controls, and compares what was journaled.
"""

import dataclasses

import pytest

from app.controller import Controller
from contracts.events import Hold, Press, Tap, Turn
from games.core import CommandSpec, Param, TrackSpec, registry
from store.journal import Journal
from tests.app.test_controller import FakeClock, start_counter
from tests.fixtures.counter_game import COUNTER, GAME_ID


@pytest.fixture
def two_tracks(monkeypatch):
    """The counter game with a second dial track (``score``) and one off the dial (``round``)."""
    extra = [TrackSpec("score", "Score", "score", 0, 99),
             TrackSpec("round", "Round", "round", 0, 99, dial=False)]
    game = dataclasses.replace(COUNTER, tracks=lambda s: COUNTER.tracks(s) + extra)
    monkeypatch.setitem(registry._GAMES, GAME_ID, game)


@pytest.fixture
def boxes(tmp_path):
    """Two controllers on their own journals: one tapped, one driven by its controls."""
    journals = [Journal.open(tmp_path / name)[0] for name in ("taps", "controls")]
    yield [Controller(j, seed=lambda: 42, clock=FakeClock()) for j in journals]
    for journal in journals:
        journal.close()


def tap_item(controller: Controller, label: str) -> None:
    controller.handle(Tap(("menu", controller.frame().menu.items.index(label))))


def choose(controller: Controller, label: str, menu: bool = False) -> None:
    """With the box's controls: open the action menu if ``menu``, then pick ``label``."""
    if menu:
        controller.handle(Press("select"))
    items = controller.frame().menu.items
    controller.handle(Turn("menhir", items.index(label) - controller.frame().menu.cursor))
    controller.handle(Press("select"))


def journaled(controller: Controller) -> tuple[dict, list[str]]:
    state, _ = controller.journal.state()
    return state, [entry.description for entry in controller.journal.history(limit=50)]


def test_a_tap_on_a_tracks_plus_is_the_menhir_then_the_spirit_dial(two_tracks, boxes):
    tapped, turned = boxes
    for controller in boxes:
        start_counter(controller)
    tapped.handle(Tap(("turn", "score", 1)))
    tapped.handle(Tap(("turn", "score", 1)))
    turned.handle(Turn("menhir", 1))
    turned.handle(Turn("spirit", 1))
    turned.handle(Turn("spirit", 1))
    assert journaled(tapped) == journaled(turned)
    assert journaled(tapped)[0]["score"] == 2
    assert tapped.frame().focus == turned.frame().focus == "score"


def test_a_tap_on_a_track_focuses_it_and_a_drag_turns_it(two_tracks, boxes):
    tapped, turned = boxes
    for controller in boxes:
        start_counter(controller)
    tapped.handle(Tap(("focus", "score")))
    assert tapped.frame().focus == "score" and journaled(tapped)[1] == journaled(turned)[1]
    tapped.handle(Tap(("turn", "counter", -2)))  # a drag to the left along Counter
    turned.handle(Turn("spirit", -2))
    assert journaled(tapped) == journaled(turned)


def test_a_tap_on_a_menu_item_is_the_cursor_moved_there_and_select(boxes):
    tapped, controlled = boxes
    start_counter(controlled)
    tap_item(tapped, "Test Counter")
    tap_item(tapped, "New game")
    tapped.handle(Tap(("field_turn", 0, 3)))  # start = 3, dragged along its field
    tapped.handle(Tap(("field", 1)))  # the limit shown too: nothing is confirmed unseen
    tapped.handle(Press("select"))
    assert journaled(tapped) == journaled(controlled)
    for controller in boxes:
        controller.handle(Press("select"))  # the action menu
    items = tapped.frame().menu.items
    tapped.handle(Tap(("menu", items.index("Push the counter up"))))
    controlled.handle(Turn("menhir", items.index("Push the counter up")))
    controlled.handle(Press("select"))
    assert tapped.frame() == controlled.frame()


def test_a_tap_on_a_form_field_focuses_it(boxes):
    tapped, _ = boxes
    tap_item(tapped, "Test Counter")
    tap_item(tapped, "New game")
    assert [f.focused for f in tapped.frame().form.fields] == [True, False]
    tapped.handle(Tap(("field", 1)))
    assert [f.focused for f in tapped.frame().form.fields] == [False, True]
    tapped.handle(Tap(("field", 5)))  # no such field: nothing moves
    assert [f.focused for f in tapped.frame().form.fields] == [False, True]


def test_taps_that_do_not_match_what_is_open_do_nothing(two_tracks, boxes):
    tapped, untouched = boxes
    for controller in boxes:
        start_counter(controller)
    tapped.handle(Tap(("menu", 0)))  # no menu open
    tapped.handle(Tap(("field", 0)))  # no form open
    tapped.handle(Tap(("turn", "round", 1)))  # off the dial: only a correction sets it
    tapped.handle(Tap(("turn", "nothing", 1)))
    assert journaled(tapped) == journaled(untouched)
    assert tapped.frame() == untouched.frame()
    tapped.handle(Press("select"))  # the action menu covers the tracks
    tapped.handle(Tap(("turn", "counter", 1)))
    assert journaled(tapped) == journaled(untouched)
    assert tapped.frame().menu is not None


def test_a_tap_reads_a_message_and_closes_help(boxes):
    tapped, _ = boxes
    start_counter(tapped)
    tapped.handle(Turn("spirit", 20))  # above the limit: refused
    assert tapped.frame().message.kind == "error"
    tapped.handle(Tap(("dismiss",)))
    assert tapped.frame().message is None
    tapped.handle(Hold("select"))
    assert tapped.frame().help is not None
    tapped.handle(Tap(("help",)))
    assert tapped.frame().help is None


OK, CANCEL = Tap(("press", "select")), Tap(("press", "back"))


def both(boxes: list[Controller], tap: Tap, control: Press | Turn) -> None:
    """The first box tapped, the second driven by ``control``."""
    tapped, controlled = boxes
    tapped.handle(tap)
    controlled.handle(control)


def test_a_dialogs_ok_is_select_and_its_cancel_is_back(boxes):
    for controller in boxes:
        choose(controller, "Test Counter")
        choose(controller, "New game")
        controller.handle(Turn("spirit", 3))
    both(boxes, OK, Press("select"))  # the limit was never shown: the check page first
    assert boxes[0].frame().form.review == ("Start 3 \u00b7 Limit 10",)
    both(boxes, OK, Press("select"))  # the new-game form confirmed
    tapped, controlled = boxes
    assert journaled(tapped) == journaled(controlled) and journaled(tapped)[0]["counter"] == 3
    for cancel in (True, False):
        for controller in boxes:
            controller.handle(Press("select"))
            menu = controller.frame().menu
            controller.handle(Turn("menhir", menu.items.index("Push the counter up")))
        both(boxes, OK, Press("select"))  # the menu's OK opens the form
        assert tapped.frame().form is not None
        for controller in boxes:
            controller.handle(Turn("spirit", 1))
        both(boxes, CANCEL if cancel else OK, Press("back" if cancel else "select"))
        assert tapped.frame() == controlled.frame() and tapped.frame().form is None
        assert journaled(tapped) == journaled(controlled)
    assert journaled(tapped)[0]["counter"] == 5
    for controller in boxes:
        controller.handle(Press("select"))
    both(boxes, CANCEL, Press("back"))  # a menu closed
    for controller in boxes:
        controller.handle(Press("menhir_push"))
    both(boxes, CANCEL, Press("back"))  # the history's Close
    for controller in boxes:
        controller.handle(Hold("select"))
    both(boxes, CANCEL, Press("back"))  # help's Close
    assert tapped.frame() == controlled.frame()
    assert tapped.frame().menu is tapped.frame().history is tapped.frame().help is None


def test_ok_confirms_a_form_even_on_a_text_field(boxes, monkeypatch):
    def name_it(ctx):
        ctx.state["name"] = ctx.params["name"]

    game = dataclasses.replace(COUNTER, commands=COUNTER.commands + (
        CommandSpec("name_it", "Name a status", name_it, (Param("name", "text", "Status"),)),))
    monkeypatch.setitem(registry._GAMES, GAME_ID, game)
    for controller in boxes:
        start_counter(controller)
        choose(controller, "Name a status", menu=True)
        controller.handle(Press("spirit_push"))  # types "A"
    both(boxes, OK, Press("select"))
    tapped, controlled = boxes
    assert journaled(tapped) == journaled(controlled) and journaled(tapped)[0]["name"] == "A"


def test_ok_and_cancel_with_nothing_open_do_nothing(boxes):
    tapped, untouched = boxes
    for controller in boxes:
        start_counter(controller)
    tapped.handle(OK)  # select would open the action menu: the dialog is gone
    tapped.handle(CANCEL)
    tapped.handle(Tap(("press", "undo")))  # the screen draws no such button
    assert tapped.frame() == untouched.frame() and journaled(tapped) == journaled(untouched)


def test_the_wheel_over_a_list_is_the_menhir_dial(boxes):
    tapped, controlled = boxes
    both(boxes, Tap(("scroll", -2)), Turn("menhir", 2))  # wheel down: the cursor goes down
    assert tapped.frame().menu.cursor == controlled.frame().menu.cursor == 2
    both(boxes, Tap(("scroll", 3)), Turn("menhir", -3))
    assert tapped.frame() == controlled.frame()
    start_counter(tapped)
    tapped.handle(Tap(("scroll", 1)))  # no list open
    assert tapped.frame().menu is None


def test_the_service_hands_a_tap_to_the_controller_and_draws(tmp_path):
    from tests.app.test_service import Rig

    rig = Rig(tmp_path)
    try:
        def driver(rig):
            rig.seen["before"] = rig.display.frames
            rig.service.emit(Tap(("turn", "counter", 1)))

        rig.play(driver)
        state, seq = rig.journal.state()
        assert state["counter"] == 3 and seq == 1
        assert rig.display.frames == rig.seen["before"] + 1
    finally:
        rig.journal.close()
