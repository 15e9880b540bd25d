"""What the menus list, as the OLED's 21 characters show it (issue 14: menu entries
unique and telling on the OLED alone)."""

from app import menus
from app.controller import Controller
from contracts.events import Press
from games.core import get_game
from tests.app.test_controller import make, start_counter
from tests.fixtures.box import choose

GAMES = {"gloom-of-kilforth": ({"heroes": 1, "mode": "solo"}, "Day 1"),
         "kreel-manor": ({}, "A1 Round 0"),
         "tainted-grail": ({}, "Day 1"),
         "myth-dark-frontier": ({}, "Round 0")}


def test_a_save_slot_is_named_by_its_number_and_day_or_round_not_its_game(journal):
    for game_id, (options, where) in GAMES.items():
        journal.new_game(game_id, options, 7)
        journal.new_game(game_id, options, 8)
        game = get_game(game_id)
        slots = [slot for slot in journal.slots() if slot.game_id == game_id]
        labels = [menus.slot_label(journal, game, slot) for slot in slots]
        assert len(set(labels)) == 2, labels
        for label in labels:
            assert label.split(" ", 2)[2].startswith(where), label  # "Continue #3 Day 1 · Hero 1"


def test_an_action_not_possible_now_says_the_rule_that_forbids_it(journal, clock):
    journal.new_game("kreel-manor", {}, 7)  # round 0: no Play phase, no Threat yet
    controller = Controller(journal, seed=lambda: 7, clock=clock, dim_after=0)
    controller.handle(Press("select"))
    menu = controller.frame().menu
    reasons = {"Use an Action": "Only in Play phase", "Defeat a Threat": "No Threat 1 in play"}
    for label, reason in reasons.items():
        assert menu.items.index(label) in menu.marked
        choose(controller, label)
        assert controller.frame().message.short == reason and controller.frame().menu.items == menu.items
    assert journal.state()[1] == 0  # only tried: nothing journaled


def test_history_entries_spend_the_line_on_what_was_done_not_on_prefixes(journal, clock):
    controller = make(journal, clock)
    start_counter(controller)
    controller.handle(Press("next"))  # starts the round
    controller.handle(Press("next"))  # its reminder done
    controller.handle(Press("menhir_push"))
    items = controller.frame().history.items
    assert items[:2] == ("2. Reset the tokens", "1. Start Round")
    assert menus.history_label(7, "Corrected: Counter 3 \u2192 10") == "7. Set Counter 3 \u2192 10"


def test_defaults_that_do_not_fit_the_form_give_no_reason_but_the_plain_one(journal, clock):
    """Tried with its form's defaults, an action whose form has nothing to choose fails on
    the form ("Status: not a choice"), which says nothing of the rule: the plain reason."""
    journal.new_game("tainted-grail", {}, 7)  # no Character has a status marked
    controller = Controller(journal, seed=lambda: 7, clock=clock, dim_after=0)
    controller.handle(Press("select"))
    label = next(spec.help for spec in get_game("tainted-grail").commands if spec.name == "unmark_status")
    assert controller.frame().menu.items.index(label) in controller.frame().menu.marked
    choose(controller, label)
    assert controller.frame().message.short == "Not possible now"


def test_a_new_game_form_asks_only_for_the_chosen_modes_own_fields():
    """Issue 25, point 5: a Standard Grail campaign's form showed all eleven Story and
    Challenge modifiers as "yes", then ten check pages. A mode's own fields (named after
    it) are shown only when that mode is chosen; Kilforth's Co-op Finale only in co-op."""
    form = menus.setup_form(get_game("tainted-grail"), start=lambda values: None, back=lambda: None)
    standard = [f.label for f in form.model().fields]
    assert not any(label.startswith(("Story", "Chall")) for label in standard)
    form.turn(1)  # mode: story
    story = [f.label for f in form.model().fields]
    assert any(label.startswith("Story") for label in story)
    assert not any(label.startswith("Chall") for label in story)
    assert len(story) > len(standard)
    form.turn(-1)  # back to standard: every field it shows walked, one confirm commits
    committed: list[dict] = []
    form.confirm = committed.append
    for _ in standard:
        form.move(1)
    form.submit()
    assert committed and committed[0]["mode"] == "standard"

    kilforth = menus.setup_form(get_game("gloom-of-kilforth"), start=lambda values: None, back=lambda: None)
    assert "Co-op Finale" not in [f.label for f in kilforth.model().fields]
