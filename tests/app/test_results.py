"""Every result of a command reaches the OLED, in turn; the tray's line never covers one.

Found playing Kilforth from the OLED alone: its Night card's "B2 falls into gloom; new
Weather" was replaced at once by "Dawn: …", so the player was never told to put a
gloom token on B2; and "Tray ready" replaced the message a command had just put up.
"""

from app.forms import PromptForm
from app.messages import MessageBoard, results
from contracts.events import DiceRolled, Notice, Press, TrayStatus, Turn
from games.core import Command
from games.core.context import Event
from tests.app.test_controller import make, start_counter
from tests.games.kilforth.helpers import WARRIOR, step_id
from ui import cuts
from ui.model import Frame, Message
from ui.oled import render_oled

KILFORTH = "gloom-of-kilforth"


def kilforth_day_1_ends(journal) -> None:
    """A solo Kilforth game through its setup to Day 1's Daylight, where camping starts the Night."""
    journal.new_game(KILFORTH, {"heroes": 1, "mode": "solo"}, 7)
    journal.commit(Command("next", {}))
    journal.commit(Command("hero_values", WARRIOR))
    while step_id(journal.state()[0]) == "ancient":
        journal.commit(Command("ancient_plot", {"terrain": "badlands"}))
    while step_id(journal.state()[0]) == "discard":
        journal.commit(Command("difficulty_discard", {"location": "A1"}))
    journal.commit(Command("next", {}))


def shown(controller) -> str | None:
    message = controller.frame().message
    return message.short if message else None


def test_the_results_of_one_command_are_numbered_and_one_alone_is_not():
    events = [Event("B2 falls into gloom"), Event("Game over", "end")]
    assert [(m.short, m.kind) for m in results(events)] == [("1/2 B2 falls into gloom", "info"),
                                                           ("2/2 Game over", "end")]
    assert [m.short for m in results([Event("Dawn")])] == ["Dawn"]


def night_card_results(journal, clock):
    """A controller showing the first of the Night card's two results, the camping
    before it (and its results) done in the journal."""
    kilforth_day_1_ends(journal)
    while journal.state()[0]["procedure"] is None:
        journal.commit(Command("camp", {}))
    controller = make(journal, clock)
    controller.overlays.commit("night_card", {"location": "B2", "type": "weather"})
    assert shown(controller).startswith("1/2 ")
    return controller


def test_a_night_card_shows_each_result_and_the_press_that_turns_one_does_nothing_else(journal, clock):
    controller = night_card_results(journal, clock)
    seq = journal.state()[1]
    assert shown(controller) == "1/2 B2 falls into gloom; new Weather"
    controller.handle(Press("next"))
    assert shown(controller) == "2/2 Dawn: successes and Hidden cleared"
    assert journal.state()[1] == seq  # the press only turned to the next result
    controller.handle(Press("next"))
    assert journal.state()[1] == seq + 1  # this one dismissed the last result and did the unveil reminder
    assert shown(controller) == "Day 2: Hero 1 acts first"


def test_results_over_the_form_they_lead_to_go_in_turn_and_then_hide_as_any_message(journal, clock):
    kilforth_day_1_ends(journal)
    controller = make(journal, clock)
    controller.overlays.commit("camp")  # the only hero camps: the Night runs to its card
    form = controller.overlay
    assert isinstance(form, PromptForm) and shown(controller) == "1/3 Hero 1 makes Camp (First Hero marker)"
    controller.handle(Turn("spirit", 1))
    controller.handle(Press("select"))
    assert shown(controller).endswith("draws a Night card (24 left)")  # 3/3: the card to enter
    assert controller.overlay is form and form.values == PromptForm(form.title, form.params, print).values
    clock.now += 2.0
    assert controller.frame().message is None and controller.frame().form is not None


def test_the_tray_line_never_covers_a_message(journal, clock):
    controller = make(journal, clock)
    start_counter(controller)
    controller.handle(Turn("spirit", 1))
    controller.handle(Press("undo"))
    controller.handle(TrayStatus("Tray ready"))
    assert shown(controller).startswith("Undone")
    assert controller.frame().tray == "Tray ready"  # the screen's strip has it


def test_a_message_put_up_keeps_the_results_still_waiting_after_it(clock):
    board = MessageBoard(clock, 2.0)
    board.say_in_turn(results([Event("one"), Event("two")]))
    board.say(Message("OLED back"))
    assert board.current.short == "OLED back" and board.dismiss()
    assert board.current.short == "2/2 two" and not board.dismiss()
    assert board.current is None


def test_what_no_input_caused_never_drops_a_result_still_waiting(journal, clock):
    """A tray roll nothing asks for, a notice (the OLED back): said at once, and the
    Night card's "2/2 Dawn" still comes on the next input, not lost (a token never placed)."""
    controller = night_card_results(journal, clock)
    controller.handle(DiceRolled(({"kind": "d6", "value": 4},)))
    assert shown(controller) == "No roll asked now"
    controller.handle(Notice("OLED back"))
    assert shown(controller) == "OLED back"
    controller.handle(Press("next"))
    assert shown(controller) == "2/2 Dawn: successes and Hidden cleared"


def test_results_waiting_over_a_form_stay_up_until_an_input(journal, clock):
    """Hidden after 2 s, "1/3" would still take the next dial turn (to show "2/3"): a
    form that looks free but does not answer. Only the last result goes by itself."""
    kilforth_day_1_ends(journal)
    controller = make(journal, clock)
    controller.overlays.commit("camp")
    assert isinstance(controller.overlay, PromptForm) and shown(controller).startswith("1/3 ")
    assert controller.next_deadline(clock.now) == controller.idle.next_deadline(clock.now)
    clock.now += 2.5
    assert shown(controller).startswith("1/3 ")
    controller.handle(Turn("spirit", 1))
    clock.now += 0.5  # a detent a result, apart: one spin would show only the next
    controller.handle(Turn("spirit", 1))
    assert shown(controller).startswith("3/3 ")
    clock.now += 2.0
    assert controller.frame().message is None


def test_a_long_result_is_drawn_whole_on_the_oled_not_cut():
    """Myth's "3/4 March: no assault (no enemies at Farrenroc or a structure)" lost its end
    in three lines of the small font; the tiny font holds it."""
    text = "3/4 March: no assault (no enemies at Farrenroc or a structure)"
    with cuts.counting() as tally:
        render_oled(Frame(title="Table Warden", message=Message(text, text)))
    assert tally.lines["oled"] >= 3 and tally.cut.get("oled", 0) == 0


def test_the_press_that_wakes_the_box_turns_no_result(journal, clock):
    """Results left up until the OLED dims: the waking press only lights it, the next
    shows "2/2", so no result is passed over unseen in the dark."""
    controller = night_card_results(journal, clock)
    clock.now += controller.idle.dim_after + 1
    assert controller.frame().dim
    controller.handle(Press("next"))
    assert not controller.frame().dim and shown(controller).startswith("1/2 ")
    controller.handle(Press("next"))
    assert shown(controller) == "2/2 Dawn: successes and Hidden cleared"


def test_a_quick_spin_of_a_dial_shows_one_more_result_and_turns_no_value(journal, clock):
    """Detents a fast turn sends together are one gesture: the first shows "2/2", the rest
    are spent on nothing, so no value changes under results the player has not read; after
    a pause the dial turns values again."""
    controller = night_card_results(journal, clock)
    seq = journal.state()[1]
    for _ in range(4):
        controller.handle(Turn("spirit", 1))
        clock.now += 0.02
    assert shown(controller) == "2/2 Dawn: successes and Hidden cleared"
    assert journal.state()[1] == seq
    clock.now += 1.0
    controller.handle(Turn("spirit", 1))  # a new turn: dismisses the last result and turns a value
    assert journal.state()[1] == seq + 1
