"""The Controller: input events become journaled commands; menus and forms are not state."""

import pytest

from app.controller import Controller
from contracts.events import DiceRolled, Hold, Press, Turn
from tests.fixtures.box import choose
from tests.fixtures.counter_game import GAME_ID


class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def make(journal, clock, **kw):
    return Controller(journal, seed=lambda: 42, clock=clock, **kw)


def start_counter(controller):
    choose(controller, "Test Counter")
    choose(controller, "New game")
    form = controller.frame().form
    assert form.title == "New Test Counter"
    controller.handle(Turn("spirit", 3))  # start = 3
    controller.handle(Turn("menhir", 1))  # the limit shown too: nothing is confirmed unseen
    controller.handle(Press("select"))


def test_no_game_shows_the_game_list_and_a_new_game_starts(journal, clock):
    controller = make(journal, clock)
    assert controller.frame().menu.title == "Choose a game"
    start_counter(controller)
    state, seq = journal.state()
    assert state["game"] == GAME_ID and state["counter"] == 3 and seq == 0
    frame = controller.frame()
    assert frame.menu is None and frame.focus == "counter"


def test_spirit_dial_turns_the_focused_value_within_bounds(journal, clock):
    controller = make(journal, clock)
    start_counter(controller)
    controller.handle(Turn("spirit", 1))
    controller.handle(Turn("spirit", 1))
    assert journal.state()[0]["counter"] == 5
    controller.handle(Turn("spirit", 6))  # 11 > limit 10: refused
    state, seq = journal.state()
    assert state["counter"] == 5 and seq == 2
    assert controller.frame().message.short == "Counter max is 10"
    assert controller.frame().message.kind == "error"
    controller.handle(Press("back"))
    assert controller.frame().message is None


def test_undo_and_held_undo_redo(journal, clock):
    controller = make(journal, clock)
    start_counter(controller)
    controller.handle(Turn("spirit", -2))
    controller.handle(Press("undo"))
    assert journal.state()[0]["counter"] == 3
    assert controller.frame().message.short.startswith("Undone")
    controller.handle(Hold("undo"))
    assert journal.state()[0]["counter"] == 1
    controller.handle(Hold("undo"))
    assert controller.frame().message.kind == "error"


def test_action_menu_form_commits_a_command_with_parameters(journal, clock):
    controller = make(journal, clock)
    start_counter(controller)
    controller.handle(Press("select"))
    assert controller.frame().menu.title == "Actions"
    choose(controller, "Push the counter up")
    form = controller.frame().form
    assert form.fields[0].label == "Amount" and form.fields[0].value == "1"
    controller.handle(Turn("spirit", 5))  # clamps at the parameter's high of 3
    assert controller.frame().form.fields[0].value == "3"
    controller.handle(Press("select"))
    assert journal.state()[0]["counter"] == 6
    assert controller.frame().form is None


def test_refused_form_stays_open_and_changes_nothing(journal, clock):
    controller = make(journal, clock)
    start_counter(controller)
    controller.handle(Turn("spirit", 7))  # counter 10
    before = journal.state()
    controller.handle(Press("select"))
    choose(controller, "Push the counter up")  # amount 1: 11 > 10
    controller.handle(Press("select"))
    assert journal.state() == before
    frame = controller.frame()
    assert frame.form is not None and frame.message.short == "Counter is full"


def test_a_form_never_offers_a_value_its_command_would_refuse(journal, clock):
    """The Spirit dial passes over a value commit would refuse while the one set is taken
    (issue 25, point 5: Character 3 in a game of two): amount 2 on a counter at 9 of 10."""
    controller = make(journal, clock)
    start_counter(controller)
    controller.handle(Turn("spirit", 6))  # counter 9
    controller.handle(Press("select"))
    choose(controller, "Push the counter up")
    controller.handle(Turn("spirit", 3))  # amount 1 stays: 2, 3, 4 would all overflow
    assert [f.value for f in controller.frame().form.fields] == ["1"]
    controller.handle(Press("select"))
    assert journal.state()[0]["counter"] == 10


def test_next_runs_the_procedure_reminder(journal, clock):
    controller = make(journal, clock)
    start_counter(controller)
    controller.handle(Press("next"))
    state = journal.state()[0]
    assert state["procedure"]["name"] == "round"
    assert controller.frame().game.headline == "Counter, round 0"
    controller.handle(Press("next"))
    assert journal.state()[0]["round"] == 1


def test_history_returns_to_a_past_entry_and_checkpoints_are_marked(journal, clock):
    controller = make(journal, clock)
    start_counter(controller)
    controller.handle(Turn("spirit", 1))
    controller.handle(Press("select"))
    choose(controller, "Mark checkpoint")
    controller.handle(Turn("spirit", 1))
    controller.handle(Turn("spirit", 1))
    controller.handle(Press("menhir_push"))
    history = controller.frame().history
    assert history.items[0] == "3. Counter 5 \u2192 6"
    assert history.items[2].startswith("* ") and history.items[2].endswith("1. Counter 3 \u2192 4")
    controller.handle(Turn("menhir", 2))
    controller.handle(Press("select"))
    assert journal.state()[0]["counter"] == 4
    assert journal.can_redo()


def test_help_hold_and_game_list_hold(journal, clock):
    controller = make(journal, clock)
    start_counter(controller)
    controller.handle(Hold("select"))
    assert ("undo", "undo (hold: redo)") in controller.frame().help
    controller.handle(Press("next"))  # any press closes help, and does nothing else
    assert controller.frame().help is None and journal.state()[1] == 0
    controller.handle(Hold("back"))
    assert controller.frame().menu.title == "Choose a game"
    choose(controller, "Test Counter")
    assert any(item.startswith("Continue") for item in controller.frame().menu.items)


def test_dice_not_asked_for_are_not_consumed(journal, clock):
    controller = make(journal, clock)
    start_counter(controller)
    before = journal.state()
    controller.handle(DiceRolled(({"kind": "d6", "face": 4},)))
    assert journal.state() == before
    assert controller.frame().message.short == "No roll asked now"


def test_dimming_and_burn_in_shift_follow_the_clock(journal, clock):
    controller = make(journal, clock, dim_after=10, shift_every=60)
    start_counter(controller)
    assert not controller.frame().dim and controller.frame().shift == (0, 0)
    assert controller.next_deadline(clock.now) == pytest.approx(clock.now + 10)
    clock.now += 10
    assert controller.frame().dim
    clock.now += 50
    assert controller.frame().shift != (0, 0)
    controller.handle(Turn("menhir", 1))
    assert not controller.frame().dim


def test_the_menhir_dial_skips_tracks_off_the_dial(journal, clock, monkeypatch):
    import dataclasses

    from games.core import TrackSpec, registry
    from tests.fixtures.counter_game import COUNTER

    extra = [TrackSpec("score", "Score", "score", 0, 999, dial=False)]
    with_score = dataclasses.replace(COUNTER, tracks=lambda s: COUNTER.tracks(s) + extra)
    monkeypatch.setitem(registry._GAMES, GAME_ID, with_score)
    controller = make(journal, clock)
    start_counter(controller)
    controller.handle(Turn("menhir", 1))
    assert controller.frame().focus == "counter"


def test_content_packs_are_offered_and_loaded_as_a_journaled_command(journal, clock, tmp_path, monkeypatch):
    import dataclasses

    from games.core import CommandSpec, Param, registry
    from tests.fixtures.counter_game import COUNTER

    def load_pack(ctx):
        if "limit" not in ctx.params["toml"]:
            ctx.fail("Pack: 1 problem", "limit: missing")
        ctx.state["limit"] = 20

    with_packs = dataclasses.replace(
        COUNTER, commands=COUNTER.commands + (
            CommandSpec("load_pack", "Load a pack", load_pack, (Param("toml", "text", high=10_000),),
                        menu=False),))
    monkeypatch.setitem(registry._GAMES, GAME_ID, with_packs)
    packs = tmp_path / "packs"
    (packs / GAME_ID).mkdir(parents=True)
    (packs / GAME_ID / "big.toml").write_text("limit = 20\n")
    (packs / GAME_ID / "bad.toml").write_text("nothing = 1\n")
    controller = Controller(journal, seed=lambda: 1, clock=clock, packs_dir=packs)
    start_counter(controller)
    controller.handle(Press("select"))
    choose(controller, "Load pack: bad")
    assert controller.frame().message.short == "bad: 1 problem" and journal.state()[1] == 0  # names the pack
    controller.handle(Press("select"))
    choose(controller, "Load pack: big")
    state, seq = journal.state()
    assert state["limit"] == 20 and seq == 1


def test_sound_cues_for_refusals_finished_procedures_and_low_values(journal, clock):
    from device.sound import RecordingSound

    sound = RecordingSound()
    controller = Controller(journal, seed=lambda: 1, clock=clock, sound=sound)
    start_counter(controller)                    # counter 3 of 10
    controller.handle(Turn("spirit", 7))         # 10
    controller.handle(Turn("spirit", 1))         # 11 > 10: refused
    assert sound.cues == ["rejected"]
    controller.handle(Turn("spirit", -8))        # 10 -> 2: at or below a quarter of 0..10
    assert sound.cues[-1] == "low" and sound.cues.count("low") == 1
    controller.handle(Press("next"))
    controller.handle(Press("next"))             # the round procedure ends
    assert sound.cues[-1] == "finished"
    controller.handle(DiceRolled(({"kind": "d6", "face": 2},)))
    assert sound.cues[-1] == "rejected"


def test_a_dice_prompt_arms_the_tray_and_a_tray_roll_answers_it(journal, clock, monkeypatch):
    import dataclasses

    from games.core import CommandSpec, Param, Procedure, Step, StepKind, registry
    from tests.fixtures.counter_game import COUNTER

    def roll(ctx):
        faces = [d["face"] for d in ctx.params["dice"]] if ctx.params["dice"] else ctx.roll(2)
        ctx.state["score"] += sum(faces)

    rolling = Procedure("round", "Round", (
        Step("roll", StepKind.PROMPT, "Roll 2 dice", command="roll_two", dice=lambda s: (2, "d6")),
        Step("again", StepKind.PROMPT, "Roll 2 more", command="roll_two", dice=lambda s: (2, "d6")),
    ))
    game = dataclasses.replace(COUNTER, procedures=(rolling,), commands=COUNTER.commands + (
        CommandSpec("roll_two", "Roll", roll, (Param("dice", "dice", optional=True),), prompt_only=True),))
    monkeypatch.setitem(registry._GAMES, GAME_ID, game)
    armed = []
    controller = Controller(journal, seed=lambda: 1, clock=clock,
                            arm_tray=lambda n, kind: armed.append((n, kind)))
    start_counter(controller)
    controller.handle(Press("next"))
    assert armed == [(2, "d6")] and controller.frame().form.title == "Roll 2 dice"
    controller.handle(DiceRolled(({"kind": "d6", "face": 6}, {"kind": "d6", "face": 5})))
    assert journal.state()[0]["score"] == 11
    # The next prompt is open (and armed) after a tray roll, ready for the next throw.
    assert controller.frame().form.title == "Roll 2 more" and armed[-1] == (2, "d6")
    controller.handle(Press("select"))  # no tray roll: the game rolls virtually
    assert journal.state()[0]["procedure"] is None


def test_any_tracked_value_can_be_corrected_from_the_action_menu(journal, clock):
    controller = make(journal, clock)
    start_counter(controller)                    # counter 3 of 10
    controller.handle(Press("select"))
    choose(controller, "Correct a value")
    assert controller.frame().menu.items == ("Counter: 3",)
    controller.handle(Press("select"))
    form = controller.frame().form
    assert form.title == "Correct Counter" and form.fields[0].value == "3"
    controller.handle(Turn("spirit", 20))        # the form stops at the track's bound
    controller.handle(Press("select"))
    state, seq = journal.state()
    assert state["counter"] == 10 and seq == 1
    assert journal.history(limit=1)[0].description == "Corrected: Counter 3 \u2192 10"


def test_while_a_prompt_waits_select_still_reaches_the_action_menu(journal, clock, monkeypatch):
    import dataclasses

    from games.core import CommandSpec, Param, Procedure, Step, StepKind, registry
    from tests.fixtures.counter_game import COUNTER

    asking = Procedure("round", "Round", (Step("ask", StepKind.PROMPT, "How many?", command="answer"),))
    game = dataclasses.replace(COUNTER, procedures=(asking,), commands=COUNTER.commands + (
        CommandSpec("answer", "Answer", lambda ctx: None, (Param("n", "int", low=0, high=3),),
                    prompt_only=True),))
    monkeypatch.setitem(registry._GAMES, GAME_ID, game)
    controller = make(journal, clock)
    start_counter(controller)
    controller.handle(Press("next"))
    assert controller.frame().form.title == "How many?"  # the prompt opens by itself
    controller.handle(Press("back"))
    controller.handle(Press("select"))
    menu = controller.frame().menu
    assert menu.items[0] == "Answer: How many?" and "Roll a die and score it" in menu.items
    controller.handle(Press("select"))
    assert controller.frame().form.title == "How many?"
    controller.handle(Press("back"))
    controller.handle(Press("next"))  # next answers the waiting prompt directly
    assert controller.frame().form.title == "How many?"


def test_a_text_field_is_typed_with_the_spirit_dial_and_its_push(journal, clock, monkeypatch):
    import dataclasses

    from app.forms import KEYS
    from games.core import CommandSpec, Param, registry
    from tests.fixtures.counter_game import COUNTER

    def name_it(ctx):
        ctx.state["name"] = ctx.params["name"]

    game = dataclasses.replace(COUNTER, commands=COUNTER.commands + (
        CommandSpec("name_it", "Name a status", name_it, (Param("name", "text", "Status", high=12),)),))
    monkeypatch.setitem(registry._GAMES, GAME_ID, game)
    controller = make(journal, clock)
    start_counter(controller)
    controller.handle(Press("select"))
    choose(controller, "Name a status")
    assert controller.frame().form.fields[0].value == "[A]"

    def type_key(key):
        form = controller.overlay
        current = form.keys.get("name", KEYS.index("A"))
        controller.handle(Turn("spirit", KEYS.index(key) - current))
        controller.handle(Press("spirit_push"))

    for key in ("D", "A", "R", "K", "X", "DEL", "SPACE", "M"):
        type_key(key)
    assert controller.frame().form.fields[0].value == "Dark M[M]"
    controller.handle(Press("select"))
    assert journal.state()[0]["name"] == "Dark M"
