"""Playable from the OLED alone: the controller's side of it.

Every form field is shown before it is confirmed (a check page otherwise);
waking is not playing; ``back`` never leads to a dead end; messages match the
state and never hide a form for long; the action menu keeps its places.
"""

import dataclasses

import pytest

from app.controller import MESSAGE_OVER_FORM, Controller
from app.forms import distinct, pack
from contracts.events import DiceRolled, Hold, Press, Turn
from games.core import Command, CommandSpec, GameView, Param, Procedure, Step, StepKind, TrackView, registry
from tests.app.test_controller import FakeClock, make, start_counter
from tests.fixtures.box import choose
from tests.fixtures.counter_game import COUNTER, GAME_ID
from ui.model import Message


def with_commands(monkeypatch, *commands, procedures=None, view=None):
    game = dataclasses.replace(COUNTER, commands=COUNTER.commands + tuple(commands),
                               procedures=procedures or COUNTER.procedures, show=view or COUNTER.show)
    monkeypatch.setitem(registry._GAMES, GAME_ID, game)
    return game


def three_fields(ctx):
    ctx.state["score"] += ctx.params["a"] + ctx.params["b"] + ctx.params["c"]


THREE = CommandSpec("three", "Score three numbers", three_fields,
                    (Param("a", "int", "First", low=0, high=9), Param("b", "int", "Second", low=0, high=9),
                     Param("c", "int", "Third", low=0, high=9)))


def open_three(controller):
    controller.handle(Press("select"))
    choose(controller, "Score three numbers")
    return controller.frame().form


@pytest.fixture
def three_open(journal, clock, monkeypatch) -> Controller:
    """A counter game with the "Score three numbers" form open from the action menu."""
    with_commands(monkeypatch, THREE)
    controller = make(journal, clock)
    start_counter(controller)
    open_three(controller)
    return controller


# --- 1. every field named, with its place -------------------------------------------------


def test_each_field_shows_its_label_and_place_and_equal_values_differ(three_open):
    controller = three_open
    form = controller.frame().form
    assert [f.label for f in form.fields] == ["First", "Second", "Third"]
    assert [f.value for f in form.fields] == ["0", "0", "0"]  # equal values…
    seen = set()
    for _ in range(3):
        frame = controller.frame()
        focused = next(f for f in frame.form.fields if f.focused)
        seen.add((focused.label, focused.value))
        controller.handle(Turn("menhir", 1))
    assert len(seen) == 3  # …but each field drawn under its own label


# --- 2. nothing confirmed unseen --------------------------------------------------------------


def test_a_confirm_with_unseen_fields_shows_every_value_first(journal, three_open):
    controller = three_open
    controller.handle(Turn("spirit", 2))          # First 2; Second and Third never shown
    controller.handle(Press("next"))
    form = controller.frame().form
    assert form.review == ("First 2 \u00b7 Second 0", "Third 0") and form.keys == ("next:OK", "back:edit")
    assert journal.state()[1] == 0               # nothing committed yet
    controller.handle(Press("back"))             # back to the fields, not closed
    assert controller.frame().form.review == () and controller.frame().form.fields[0].value == "2"
    controller.handle(Press("select"))           # the check page again
    controller.handle(Press("select"))           # now confirmed
    assert journal.state()[0]["score"] == 2 and controller.frame().form is None


def test_a_form_walked_field_by_field_confirms_at_once(journal, three_open):
    controller = three_open
    assert controller.frame().form.keys == ("next:check", "back:close")
    controller.handle(Turn("menhir", 1))
    controller.handle(Turn("spirit", 1))
    controller.handle(Turn("menhir", 1))
    assert controller.frame().form.keys == ("next:OK", "back:close")
    controller.handle(Press("next"))
    assert journal.state()[0]["score"] == 1


def test_a_long_form_pages_its_check_and_commits_after_the_last_page():
    from app.forms import PromptForm

    committed = []
    form = PromptForm("Reveal", [Param(f"f{i}", "int", f"Value {i}") for i in range(8)], committed.append)
    form.submit()
    assert form.pages() == [["Value 0 0", "Value 1 0", "Value 2 0"], ["Value 3 0", "Value 4 0", "Value 5 0"],
                            ["Value 6 0", "Value 7 0"]]
    assert form.model().page == (1, 3)
    form.submit()
    form.submit()
    assert committed == []
    form.submit()
    assert committed == [{f"f{i}": 0 for i in range(8)}]


def test_pack_keeps_a_long_item_whole_on_its_own_lines():
    assert pack([("Race (pack)", "as entered"), ("Gold", "1")], 20) == [
        ["Race (pack)", "  as entered"], ["Gold 1"]]


def test_a_check_page_never_splits_a_label_from_its_value():
    from app.forms import PromptForm

    form = PromptForm("Fortify", [Param("a", "int", "First value"), Param("b", "int", "Second value"),
                                  Param("c", "bool", "Decline (+1 infl.)")], print)
    assert form.pages() == [["First value 0", "Second value 0"], ["Decline (+1 infl.)", "  no"]]


def test_a_tray_roll_into_a_form_with_unseen_fields_waits_on_the_check_page(journal, clock, monkeypatch):
    def roll(ctx):
        ctx.state["score"] += sum(d["face"] for d in ctx.params["dice"]) + ctx.params["bonus"]

    rolling = Procedure("round", "Round", (
        Step("roll", StepKind.PROMPT, "Roll 2 dice", command="roll_two", dice=lambda s: (2, "d6")),))
    params = (Param("mode", "choice", "Mode", choices=("plain", "wild")),
              Param("bonus", "int", "Bonus", low=0, high=3), Param("dice", "dice", optional=True))
    with_commands(monkeypatch, CommandSpec("roll_two", "Roll", roll, params, prompt_only=True),
                  procedures=(rolling,))
    controller = make(journal, clock)
    start_counter(controller)
    controller.handle(Press("next"))             # the roll prompt opens; Bonus never shown
    seq = journal.state()[1]
    controller.handle(DiceRolled(({"kind": "d6", "face": 6}, {"kind": "d6", "face": 5})))
    form = controller.frame().form
    assert form.review == ("Dice 6 5", "Mode plain \u00b7 Bonus 0") and journal.state()[1] == seq
    controller.handle(Press("select"))
    assert journal.state()[0]["score"] == 11


def test_a_next_that_ends_the_phase_for_everyone_unannounced_asks_once(journal, clock, monkeypatch):
    """Grail's "Character 1's turn": next there would pass everyone and end the day."""
    def view(game, state):
        step = "Player 1's turn" if state.get("procedure") else ""
        return GameView(headline="Counter", step=step,
                        tracks=(TrackView("counter", "Counter", state["counter"], 0, state["limit"]),))

    day = Procedure("round", "The Day", (
        Step("actions", StepKind.REMINDER, "Take actions; next when all pass"),
        Step("all_pass", StepKind.AUTO, "Everyone has passed", run=lambda ctx: None)))
    with_commands(monkeypatch, procedures=(day,), view=view)
    controller = make(journal, clock)
    start_counter(controller)
    controller.handle(Press("next"))             # the day starts
    assert journal.state()[0]["procedure"]["name"] == "round"
    controller.handle(Press("next"))
    question = controller.frame().form
    assert question.title == "End the phase?" and question.keys == ("next:yes", "back:no")
    # Only what is true: nobody has passed yet; the press ends the day, and loses the turns left.
    assert " ".join(question.review) == "Ends The Day for all; turns not taken are lost"
    controller.handle(Press("back"))             # no: nothing happened
    assert journal.state()[0]["procedure"]["name"] == "round" and controller.frame().form is None
    controller.handle(Press("next"))
    controller.handle(Press("next"))             # yes
    assert journal.state()[0]["procedure"] is None


def test_a_reminder_in_its_own_words_is_done_with_one_next(journal, clock):
    controller = make(journal, clock)
    start_counter(controller)
    controller.handle(Press("next"))
    controller.handle(Press("next"))             # "Reset the tokens", then the roll ends the round
    assert journal.state()[0]["round"] == 1 and controller.frame().form is None


# --- messages ---------------------------------------------------------------------------------


def test_a_message_hides_a_form_for_two_seconds_at_most(clock, three_open):
    controller = three_open
    controller.message = Message("Tray armed 2 d6")
    assert controller.frame().message is not None
    assert controller.next_deadline(clock.now) == pytest.approx(clock.now + MESSAGE_OVER_FORM)
    clock.now += MESSAGE_OVER_FORM
    assert controller.frame().message is None and controller.frame().form is not None


def test_any_input_dismisses_a_message(journal, clock):
    controller = make(journal, clock)
    start_counter(controller)
    controller.handle(Turn("spirit", 20))        # refused
    assert controller.frame().message.kind == "error"
    controller.handle(Turn("menhir", 1))
    assert controller.frame().message is None


def test_a_refusal_is_cleared_once_a_later_roll_is_accepted(journal, clock, monkeypatch):
    def roll(ctx):
        dice = ctx.params["dice"]
        if dice and len(dice) != 3:
            ctx.fail("Roll 3 d6", "This roll needs 3 d6.")
        ctx.state["score"] += 1

    rolling = Procedure("round", "Round", (
        Step("roll", StepKind.PROMPT, "Roll 3 dice", command="roll_three", dice=lambda s: (3, "d6")),
        Step("rest", StepKind.REMINDER, "Rest")))
    spec = CommandSpec("roll_three", "Roll", roll, (Param("dice", "dice", optional=True),), prompt_only=True)
    with_commands(monkeypatch, spec, procedures=(rolling,))
    controller = make(journal, clock)
    start_counter(controller)
    controller.handle(Press("next"))
    controller.handle(DiceRolled(({"kind": "d6", "face": 6},) * 2))
    assert controller.frame().message.short == "Roll 3 d6"
    controller.handle(DiceRolled(({"kind": "d6", "face": 6},) * 3))
    assert journal.state()[0]["score"] == 1 and controller.frame().message is None


# --- 3. waking is not playing -----------------------------------------------------------------


def test_after_a_start_the_first_detent_only_wakes_the_box(journal, clock):
    controller = make(journal, clock)
    start_counter(controller)
    controller.start()                           # as the service does when it starts
    assert controller.frame().dim
    controller.handle(Turn("spirit", 1))
    assert journal.state()[1] == 0 and not controller.frame().dim
    controller.handle(Turn("spirit", 1))
    assert journal.state()[0]["counter"] == 4


def test_after_a_long_idle_the_first_press_only_wakes_the_box(journal, clock):
    controller = make(journal, clock, dim_after=30)
    start_counter(controller)
    clock.now += 30
    assert controller.frame().dim
    controller.handle(Press("next"))             # wakes: the round does not start
    assert journal.state()[0]["procedure"] is None and not controller.frame().dim
    controller.handle(Press("next"))
    assert journal.state()[0]["procedure"]["name"] == "round"


def test_with_dimming_off_the_box_never_sleeps(journal, clock):
    controller = make(journal, clock, dim_after=0)
    start_counter(controller)
    controller.start()
    controller.handle(Turn("spirit", 1))
    assert journal.state()[0]["counter"] == 4


def test_a_prompt_that_was_waiting_opens_again_at_start(tmp_path, monkeypatch):
    from store.journal import Journal

    asking = Procedure("round", "Round", (Step("ask", StepKind.PROMPT, "How many?", command="answer"),))
    with_commands(monkeypatch, CommandSpec("answer", "Answer", lambda ctx: None,
                                           (Param("n", "int", low=0, high=3),), prompt_only=True),
                  procedures=(asking,))
    journal, _ = Journal.open(tmp_path)
    journal.new_game(GAME_ID, {"start": 2, "limit": 10}, seed=1)
    journal.commit(Command("next"))
    controller = Controller(journal, seed=lambda: 1, clock=FakeClock())
    assert controller.frame().form is None
    controller.start()
    assert controller.frame().form.title == "How many?"
    controller.handle(Turn("spirit", 2))         # wakes only: the answer is not touched
    assert controller.frame().form.fields[0].value == "0"
    journal.close()


# --- 4. no dead ends --------------------------------------------------------------------------


def test_back_from_a_new_game_form_returns_to_its_list_and_then_to_the_games(journal, clock):
    controller = make(journal, clock)
    choose(controller, "Test Counter")
    choose(controller, "New game")
    assert controller.frame().form.keys[1] == "back:close"
    controller.handle(Press("back"))
    menu = controller.frame().menu
    assert menu.title == "Test Counter" and menu.keys == ("select:OK", "back:games")
    controller.handle(Press("back"))
    assert controller.frame().menu.title == "Choose a game"
    controller.handle(Press("back"))             # nothing to leave to: the list stays
    assert controller.frame().menu.title == "Choose a game"
    choose(controller, "Test Counter")
    choose(controller, "New game")
    assert controller.frame().form is not None


def test_back_from_an_action_form_returns_to_the_action_menu(journal, clock):
    controller = make(journal, clock)
    start_counter(controller)
    controller.handle(Press("select"))
    choose(controller, "Push the counter up")
    controller.handle(Press("back"))
    assert controller.frame().menu.title == "Actions"
    controller.handle(Press("back"))
    assert controller.frame().menu is None and controller.frame().game is not None


def test_every_overlay_says_how_to_leave_it(journal, clock, monkeypatch):
    with_commands(monkeypatch, THREE)
    controller = make(journal, clock)
    assert controller.frame().menu.keys[0] == "select:OK"
    start_counter(controller)
    controller.handle(Press("select"))
    assert controller.frame().menu.keys == ("select:OK", "back:close")
    choose(controller, "History")
    assert controller.frame().history.keys == ("select:go", "back:close")
    controller.handle(Press("back"))
    open_three(controller)
    assert controller.frame().form.keys[1] == "back:close"


# --- 6. text that fits its meaning ------------------------------------------------------------


def test_the_action_menu_keeps_its_places_and_marks_what_cannot_be_taken(journal, clock, monkeypatch):
    only_low = CommandSpec("nudge", "Nudge (counter under 5)", lambda ctx: None,
                           available=lambda state: state["counter"] < 5)
    with_commands(monkeypatch, only_low)
    controller = make(journal, clock)
    start_counter(controller)                    # counter 3
    controller.handle(Press("select"))
    before = controller.frame().menu
    assert before.items[0] == "Answer: no prompt" and 0 in before.marked
    index = before.items.index("Nudge (counter under 5)")
    assert index not in before.marked
    controller.handle(Press("back"))
    controller.handle(Turn("spirit", 3))         # counter 6
    controller.handle(Press("select"))
    after = controller.frame().menu
    assert after.items == before.items and index in after.marked
    controller.handle(Turn("menhir", index))
    controller.handle(Press("select"))
    frame = controller.frame()
    assert frame.message.short == "Not possible now" and frame.menu.items == before.items


def test_save_slots_are_numbered_with_where_their_game_stands(journal, clock):
    controller = make(journal, clock)
    start_counter(controller)
    controller.handle(Hold("back"))
    start_counter(controller)
    controller.handle(Press("next"))
    controller.handle(Press("next"))             # round 1 in the second game
    controller.handle(Hold("back"))
    choose(controller, "Test Counter")
    items = controller.frame().menu.items
    assert items[0] == "New game"
    assert sorted(items[1:]) == ["Continue #1 Counter, round 0", "Continue #2 Counter, round 1"]


def test_menu_labels_that_look_alike_once_cut_keep_their_distinguishing_part():
    labels = distinct(["Equip/unequip a +Spirit Asset: Spirit and max move together",
                       "Equip/unequip a +Power Asset on an Action", "Move"])
    assert labels[2] == "Move"
    assert labels[0].startswith("Equip\u2026+Spirit") and labels[1].startswith("Equip\u2026+Power")
    assert len({label[:19] for label in labels}) == 3


def test_help_starts_with_the_step_in_full_and_scrolls(journal, clock, monkeypatch):
    def view(game, state):
        return GameView(headline="Counter", phase="2. Threat Phase",
                        step="B. Block: enter your Block points played this Spirit phase",
                        tracks=(TrackView("counter", "Counter", state["counter"], 0, state["limit"]),))

    with_commands(monkeypatch, view=view)
    controller = make(journal, clock)
    start_counter(controller)
    controller.handle(Hold("select"))
    frame = controller.frame()
    assert frame.about == "2. Threat Phase \u2014 B. Block: enter your Block points played this Spirit phase"
    controller.handle(Turn("menhir", 3))
    assert controller.frame().help_scroll == 3
    controller.handle(Press("back"))
    assert controller.frame().help is None


# --- the tray's footer --------------------------------------------------------------------


def test_a_roll_answered_virtually_disarms_the_tray(journal, clock, monkeypatch):
    rolling = Procedure("round", "Round", (
        Step("roll", StepKind.PROMPT, "Roll 1 fate", command="roll_one", dice=lambda s: (1, "fate")),
        Step("prepare", StepKind.REMINDER, "Prepare")))
    spec = CommandSpec("roll_one", "Roll", lambda ctx: None, (Param("dice", "dice", optional=True),),
                       prompt_only=True)
    with_commands(monkeypatch, spec, procedures=(rolling,))
    cancelled = []
    controller = Controller(journal, seed=lambda: 42, clock=clock, arm_tray=lambda n, kind: None,
                            cancel_tray=lambda: cancelled.append(1))
    start_counter(controller)
    controller.handle(Press("next"))             # the roll prompt: the tray is armed
    controller.handle(Press("back"))             # the form closed: the roll still waits
    assert cancelled == []
    controller.handle(Press("next"))
    controller.handle(Press("select"))           # rolled virtually: on to "Prepare"
    assert journal.state()[0]["procedure"]["step"] == 1 and cancelled == [1]
    controller.handle(Press("next"))
    assert cancelled == [1]                      # told once


def test_the_dial_follows_the_games_main_value_until_the_player_focuses_another(journal, clock, monkeypatch):
    """Issue 25: "The focus stays on Hero 1 while Hero 2 acts" - Kilforth puts the acting
    hero's tracks first; the Spirit dial turns the game's first track as it is now, not
    the one that was first when the box started, until the Menhir dial focuses another."""
    from games.core import TrackSpec

    def tracks(state):
        counter = TrackSpec("counter", "Counter", "counter", 0, lambda s: s["limit"])
        score = TrackSpec("score", "Score", "score", 0, 99)
        return [score, counter] if state["score"] else [counter, score]  # "the acting one first"

    monkeypatch.setitem(registry._GAMES, GAME_ID, dataclasses.replace(COUNTER, tracks=tracks))
    controller = make(journal, clock)
    start_counter(controller)
    assert controller.frame().focus == "counter"
    journal.commit(Command("correct", {"track": "score", "value": 1}))
    assert controller.frame().focus == "score"
    controller.handle(Turn("menhir", 1))  # the player focuses the counter: their choice holds
    journal.commit(Command("correct", {"track": "score", "value": 2}))
    assert controller.frame().focus == "counter"


def test_help_scrolls_within_its_lines(journal, clock):
    """Help is scrolled with the Menhir dial and stops at its last page: turning past it
    does not have to be turned back detent by detent."""
    controller = make(journal, clock)
    start_counter(controller)
    controller.handle(Hold("select"))
    controller.handle(Turn("menhir", 50))
    at_end = controller.frame().help_scroll
    controller.handle(Turn("menhir", -1))
    assert 0 < controller.frame().help_scroll == at_end - 1
