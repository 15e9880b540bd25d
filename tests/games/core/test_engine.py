"""The engine contract: pure apply, prompts, reminders, automatic steps,
rejected commands change nothing, invariants and the end of the game."""

import copy
import dataclasses

import pytest

from games.core import (
    Command,
    CommandSpec,
    Game,
    GameView,
    Param,
    Procedure,
    RuleError,
    Step,
    StepKind,
    TrackSpec,
    apply,
    new_game,
)
from games.core.context import current_step
from games.core.engine import InvariantError, migrate
from games.core.errors import fits_oled


def _setup(ctx):
    ctx.state["hp"] = ctx.params["hp"]
    ctx.state["max_hp"] = ctx.params["hp"]
    ctx.state["log"] = []


def _take(ctx):
    ctx.state["hp"] = max(0, ctx.state["hp"] - ctx.params["amount"])
    ctx.describe(f"Took {ctx.params['amount']}")


def _roll(ctx):
    ctx.state["log"].append(ctx.roll(2))


def _enter(ctx):
    ctx.data["entered"] = ctx.params["value"]


def _double(ctx):
    ctx.state["log"].append(ctx.data["entered"] * 2)


def _break(ctx):
    ctx.state["hp"] = 1000


UPKEEP = Procedure(
    "upkeep",
    "Upkeep",
    (
        Step("remind", StepKind.REMINDER, "Shuffle the deck"),
        Step("ask", StepKind.PROMPT, "Enter a number", command="enter"),
        Step("double", StepKind.AUTO, "Double it", run=_double),
        Step("never", StepKind.REMINDER, "Skipped", skip=lambda s: True),
    ),
)

GAME = Game(
    id="engine-test",
    title="Engine Test",
    schema_version=2,
    setup_params=(Param("hp", "int", low=1, high=20, default=10),),
    setup=_setup,
    commands=(
        CommandSpec("take", "Lose HP", _take, (Param("amount", "int", low=0, high=50),)),
        CommandSpec("roll", "Roll two dice", _roll),
        CommandSpec("enter", "Answer the prompt", _enter, (Param("value", "int", low=0, high=9),),
                    prompt_only=True),
        CommandSpec("break", "A buggy command", _break),
    ),
    procedures=(UPKEEP,),
    tracks=lambda s: [TrackSpec("hp", "HP", "hp", 0, lambda st: st["max_hp"])],
    show=lambda g, s: GameView(headline="test"),
    end_check=lambda s: {"result": "loss", "text": "HP 0"} if s["hp"] == 0 else None,
    next_procedure=lambda s: "upkeep",
    migrations={1: lambda s: {**s, "max_hp": s["hp"]}},
)


def start(hp=10):
    return new_game(GAME, {"hp": hp}, seed=1).state


def test_new_game_builds_state_with_core_keys():
    state = start()
    assert state["game"] == "engine-test" and state["schema"] == 2
    assert state["procedure"] is None and state["over"] is None
    assert state["hp"] == 10


def test_apply_is_pure_and_deterministic():
    state = start()
    before = copy.deepcopy(state)
    a = apply(GAME, state, Command("roll"))
    b = apply(GAME, state, Command("roll"))
    assert state == before
    assert a.state == b.state
    assert a.state["rng"] != state["rng"]


def test_rejected_command_leaves_state_equal():
    state = start()
    before = copy.deepcopy(state)
    for bad in (Command("take", {"amount": 51}), Command("take", {}), Command("take", {"amount": "x"}),
                Command("nope"), Command("take", {"amount": 1, "extra": 2}),
                Command("adjust", {"track": "hp", "delta": 1})):
        with pytest.raises(RuleError) as err:
            apply(GAME, state, bad)
        assert fits_oled(err.value.short)
        assert state == before


def test_adjust_respects_bounds_from_state():
    state = apply(GAME, start(), Command("adjust", {"track": "hp", "delta": -3})).state
    assert state["hp"] == 7
    with pytest.raises(RuleError, match="cannot go above 10"):
        apply(GAME, state, Command("adjust", {"track": "hp", "delta": 4}))
    applied = apply(GAME, state, Command("correct", {"track": "hp", "value": 9}))
    assert applied.state["hp"] == 9 and applied.description == "Corrected: HP 7 \u2192 9"


def test_procedure_reminder_prompt_auto_and_skip():
    state = apply(GAME, start(), Command("next")).state
    assert current_step(GAME, state).id == "remind"
    with pytest.raises(RuleError, match="only answers its procedure step"):
        apply(GAME, state, Command("enter", {"value": 3}))
    state = apply(GAME, state, Command("next")).state
    assert current_step(GAME, state).id == "ask"
    with pytest.raises(RuleError, match="needs an answer"):
        apply(GAME, state, Command("next"))
    state = apply(GAME, state, Command("enter", {"value": 4})).state
    # The automatic step ran, the skipped reminder was passed, the procedure ended.
    assert state["log"] == [8]
    assert state["procedure"] is None


def test_end_check_ends_game_and_blocks_commands_but_correct():
    state = apply(GAME, start(), Command("take", {"amount": 10})).state
    assert state["over"]["result"] == "loss"
    with pytest.raises(RuleError, match="has ended"):
        apply(GAME, state, Command("roll"))


def test_invariant_violation_is_refused():
    state = start()
    with pytest.raises(InvariantError):
        apply(GAME, state, Command("break"))


def test_migrate_upgrades_old_schema():
    old = {"game": "engine-test", "schema": 1, "rng": 1, "procedure": None, "over": None, "hp": 4, "log": []}
    assert migrate(GAME, old) == {**old, "schema": 2, "max_hp": 4}
    with pytest.raises(ValueError):
        migrate(GAME, {**old, "schema": 3})


class _Untouchable(dict):
    """Migrations that fail the test if the engine so much as looks one up."""

    def __contains__(self, key) -> bool:
        raise AssertionError(f"looked up migration {key!r}")

    def __getitem__(self, key):
        raise AssertionError(f"looked up migration {key!r}")


@pytest.mark.parametrize(
    ("schema", "problem"),
    [
        (-(10**30), "schemas start at 0"),  # issue "Never bricks, never freezes", finding 2
        (-1, "schemas start at 0"),
        (10**30, "this version reads up to 2"),
        (True, "it is not a whole number"),
        ("1", "it is not a whole number"),
        (None, "it is not a whole number"),
    ],
)
def test_migrate_refuses_a_schema_outside_0_to_the_games_before_running_anything(schema, problem):
    untouchable = dataclasses.replace(GAME, migrations=_Untouchable())
    old = {"game": "engine-test", "schema": schema, "rng": 1, "procedure": None, "over": None, "hp": 4}
    with pytest.raises(ValueError, match=f"engine-test save has schema .*; {problem}"):
        migrate(untouchable, old)


def test_migrate_refuses_a_schema_older_than_its_migrations_reach():
    old = {"game": "engine-test", "schema": 0, "rng": 1, "procedure": None, "over": None, "hp": 4}
    with pytest.raises(ValueError, match="has schema 0; this version reads saves from schema 1 up"):
        migrate(GAME, old)


def test_rule_error_short_text_must_fit_oled():
    with pytest.raises(ValueError):
        RuleError("this text is far too long to fit on two lines of the oled display")


# --- hooks the games asked for ------------------------------------------------------


def _answer_twice(ctx):
    ctx.state["answers"] = ctx.state.get("answers", []) + [ctx.params["value"]]
    if len(ctx.state["answers"]) < 2:
        ctx.stay()


def _spend_ap(ctx, before, after):
    ctx.state["ap"] = max(0, ctx.state["ap"] - max(0, before - after))


LINKED = Game(
    id="engine-hooks",
    title="Engine Hooks",
    schema_version=1,
    setup_params=(),
    setup=lambda ctx: ctx.state.update(hp=5, ap=5, area="north"),
    commands=(
        CommandSpec("answer", "Answer", _answer_twice, (Param("value", "int", low=0, high=9),),
                    prompt_only=True),
        CommandSpec("go", "Go to an area", lambda ctx: ctx.state.update(area=ctx.params["area"]),
                    (Param("area", "choice", choices_from=lambda s: ("north", "south")
                           if s["hp"] > 2 else ("north",)),)),
        CommandSpec("roll", "Roll", lambda ctx: ctx.state.update(faces=ctx.params["dice"] or ctx.roll(2)),
                    (Param("dice", "dice", optional=True),)),
    ),
    procedures=(Procedure("ask", "Ask", (Step("q", StepKind.PROMPT, "Answer", command="answer"),)),),
    tracks=lambda s: [TrackSpec("hp", "HP", "hp", 0, 5, on_change=_spend_ap),
                      TrackSpec("ap", "AP", "ap", 0, 5)],
    show=lambda g, s: GameView(headline="hooks"),
    next_procedure=lambda s: "ask",
)


def test_a_prompt_can_ask_again_with_stay():
    state = apply(LINKED, new_game(LINKED, {}, 1).state, Command("next")).state
    state = apply(LINKED, state, Command("answer", {"value": 1})).state
    assert current_step(LINKED, state).id == "q"
    state = apply(LINKED, state, Command("answer", {"value": 2})).state
    assert state["answers"] == [1, 2] and state["procedure"] is None


def test_on_change_runs_for_dial_turns_not_corrections():
    state = new_game(LINKED, {}, 1).state
    state = apply(LINKED, state, Command("adjust", {"track": "hp", "delta": -2})).state
    assert (state["hp"], state["ap"]) == (3, 3)
    state = apply(LINKED, state, Command("correct", {"track": "hp", "value": 1})).state
    assert (state["hp"], state["ap"]) == (1, 3)


def test_choices_can_depend_on_the_state():
    state = new_game(LINKED, {}, 1).state
    assert apply(LINKED, state, Command("go", {"area": "south"})).state["area"] == "south"
    state = apply(LINKED, state, Command("correct", {"track": "hp", "value": 2})).state
    with pytest.raises(RuleError, match="must be one of north"):
        apply(LINKED, state, Command("go", {"area": "south"}))


def test_an_optional_dice_parameter_accepts_none_and_tray_dice():
    state = new_game(LINKED, {}, 1).state
    assert len(apply(LINKED, state, Command("roll", {"dice": None})).state["faces"]) == 2
    tray = [{"kind": "d6", "face": 6}]
    assert apply(LINKED, state, Command("roll", {"dice": tray})).state["faces"] == tray


def test_a_broken_track_limit_is_named_in_the_short_text():
    state = start()
    with pytest.raises(InvariantError) as err:
        apply(GAME, state, Command("break"))
    assert err.value.short == "HP 1000 not in 0..10"


def test_tracks_off_the_dial_are_still_corrected_within_bounds():
    game = Game(
        id="engine-dial", title="Dial", schema_version=1, setup_params=(),
        setup=lambda ctx: ctx.state.update(hp=3, might=2), commands=(), procedures=(),
        tracks=lambda s: [TrackSpec("hp", "HP", "hp", 0, 5),
                          TrackSpec("might", "Might", "might", 0, 4, dial=False)],
        show=lambda g, s: GameView(headline="dial"),
    )
    state = new_game(game, {}, 1).state
    assert apply(game, state, Command("correct", {"track": "might", "value": 4})).state["might"] == 4
    with pytest.raises(RuleError, match="cannot go above 4"):
        apply(game, state, Command("correct", {"track": "might", "value": 5}))


def test_finish_ends_a_procedure_early_and_runs_its_wrap_up():
    def early(ctx):
        ctx.finish()

    def wrap_up(ctx):
        ctx.state["wrapped"] = True

    proc = Procedure("p", "P", (Step("a", StepKind.AUTO, "A", run=early),
                                Step("b", StepKind.REMINDER, "never reached")),
                     then="q", on_finish=wrap_up)
    then = Procedure("q", "Q", (Step("c", StepKind.REMINDER, "C"),))
    game = Game(id="engine-finish", title="Finish", schema_version=1, setup_params=(),
                setup=lambda ctx: ctx.start("p"), commands=(), procedures=(proc, then),
                tracks=lambda s: [], show=lambda g, s: GameView(headline="f"))
    state = new_game(game, {}, 1).state
    assert state["wrapped"] is True
    assert current_step(game, state).id == "c"


def test_choice_labels_name_values_without_changing_them():
    cell = Param("cell", "choice", choices=("C2", "C3"),
                 labels_from=lambda s: {"C2": s.get("pack_name", "C2")})
    resolved = cell.resolve({"pack_name": "Tower of Kilforth"})
    assert resolved.shown("C2") == "Tower of Kilforth" and resolved.shown("C3") == "C3"
    assert resolved.check("C2") == "C2"


def test_settle_runs_after_every_command_and_may_start_a_procedure():
    def settle(ctx):
        if ctx.state["hp"] == 0 and ctx.state["procedure"] is None and not ctx.state["wounded"]:
            ctx.state["wounded"] = True
            ctx.start("wound")

    wound = Procedure("wound", "Wounded", (Step("draw", StepKind.REMINDER, "Draw a Wound"),))
    game = Game(id="engine-settle", title="Settle", schema_version=1, setup_params=(),
                setup=lambda ctx: ctx.state.update(hp=2, wounded=False), commands=(),
                procedures=(wound,), tracks=lambda s: [TrackSpec("hp", "HP", "hp", 0, 5)],
                show=lambda g, s: GameView(headline="s"), settle=settle)
    state = new_game(game, {}, 1).state
    state = apply(game, state, Command("correct", {"track": "hp", "value": 0})).state
    assert state["wounded"] and current_step(game, state).id == "draw"
    state = apply(game, state, Command("next")).state
    assert state["procedure"] is None  # settled once: nothing more to do


def test_a_form_default_can_depend_on_the_state():
    param = Param("target", "int", low=0, high=9, default_from=lambda s: s["last"])
    assert param.resolve({"last": 4}).initial() == 4


def test_a_default_from_the_state_is_checked_like_a_given_value():
    spec = CommandSpec("pick", "Pick", lambda ctx: None,
                       (Param("area", "choice", choices_from=lambda s: tuple(s["areas"]),
                              default_from=lambda s: s["last"]),))
    assert spec.validate({}, {"areas": ["north", "south"], "last": "south"}) == {"area": "south"}
    with pytest.raises(RuleError, match="must be one of north"):
        spec.validate({}, {"areas": ["north"], "last": "south"})


def test_a_refusal_from_the_state_cites_the_rule_before_the_generic_check():
    def refusal(state, value):
        if value in state["areas"]:
            return None
        return RuleError("Not 1 area closer", f"{value!r} is not one area closer (Overruns).")

    spec = CommandSpec("move", "Move", lambda ctx: None,
                       (Param("area", "choice", choices_from=lambda s: tuple(s["areas"]),
                              default_from=lambda s: s["last"], refusal=refusal),))
    state = {"areas": ["north", "south"], "last": "south"}
    assert spec.validate({"area": "north"}, state) == {"area": "north"}
    with pytest.raises(RuleError, match=r"'east' is not one area closer \(Overruns\)"):
        spec.validate({"area": "east"}, state)
    with pytest.raises(RuleError, match=r"'west' is not one area closer"):  # a default too
        spec.validate({}, {"areas": ["north"], "last": "west"})
    # None from the refusal leaves the value to the generic checks.
    loose = CommandSpec("move", "Move", lambda ctx: None,
                        (Param("area", "choice", choices=("north",), refusal=lambda s, v: None),))
    with pytest.raises(RuleError, match="must be one of north"):
        loose.validate({"area": "east"}, {})
    # Without a state (no game to ask) only the generic checks run.
    assert loose.validate({"area": "north"}) == {"area": "north"}


def test_an_interrupting_procedure_resumes_the_waiting_step():
    """A card effect mid-procedure ("Add 1 Threat" in Kreel's Play phase, a Test
    during Kilforth's Event): the waiting procedure goes on at its own step."""
    from games.core.context import resume

    def interrupt(ctx):
        ctx.interrupt("effect", {"amount": 2})

    def apply_effect(ctx):
        ctx.state["hp"] -= ctx.data["amount"]

    outer = Procedure("outer", "Outer", (Step("a", StepKind.REMINDER, "A"),
                                         Step("b", StepKind.REMINDER, "B")))
    effect = Procedure("effect", "Effect", (Step("hit", StepKind.AUTO, "Hit", run=apply_effect),),
                       on_finish=resume)
    game = Game(id="engine-interrupt", title="Interrupt", schema_version=1, setup_params=(),
                setup=lambda ctx: ctx.state.update(hp=5), procedures=(outer, effect),
                commands=(CommandSpec("card", "A card effect", interrupt),),
                tracks=lambda s: [TrackSpec("hp", "HP", "hp", 0, 5)],
                show=lambda g, s: GameView(headline="i"), next_procedure=lambda s: "outer")
    state = new_game(game, {}, 1).state
    state = apply(game, apply(game, state, Command("next")).state, Command("next")).state
    assert current_step(game, state).id == "b"
    state = apply(game, state, Command("card")).state
    assert state["hp"] == 3 and current_step(game, state).id == "b"
    assert state["procedure"]["data"] == {}
    state = apply(game, new_game(game, {}, 1).state, Command("card")).state
    assert state["hp"] == 3 and state["procedure"] is None  # nothing waited: the effect just ends


# --- after the end of the game -------------------------------------------------------------


def _settling_game():
    """A game whose ``settle`` keeps a list as long as a corrected count (Tainted
    Grail's Active Quests), and starts a procedure at 0 HP (a Wound)."""

    def settle(ctx):
        del ctx.state["names"][ctx.state["count"]:]
        while len(ctx.state["names"]) < ctx.state["count"]:
            ctx.state["names"].append(f"n{len(ctx.state['names']) + 1}")
        if ctx.state["hp"] == 0 and ctx.state["procedure"] is None:
            ctx.start("wound")

    wound = Procedure("wound", "Wounded", (Step("draw", StepKind.REMINDER, "Draw a Wound"),))
    return Game(
        id="engine-end", title="End", schema_version=1, setup_params=(),
        setup=lambda ctx: ctx.state.update(hp=2, count=0, names=[], lost=False),
        commands=(CommandSpec("lose", "Lose the game", lambda ctx: ctx.state.update(lost=True)),),
        procedures=(wound,),
        tracks=lambda s: [TrackSpec("hp", "HP", "hp", 0, 5), TrackSpec("count", "Count", "count", 0, 3)],
        show=lambda g, s: GameView(headline="end"),
        invariants=lambda s: [] if len(s["names"]) == s["count"] else [f"count {s['count']} but "
                                                                           f"{len(s['names'])} names"],
        end_check=lambda s: {"result": "loss", "text": "Lost"} if s["lost"] else None,
        settle=settle,
    )


def test_after_the_end_no_game_action_is_accepted():
    game = _settling_game()
    state = apply(game, new_game(game, {}, 1).state, Command("lose")).state
    assert state["over"] == {"result": "loss", "text": "Lost"}
    for command in (Command("lose"), Command("next"), Command("adjust", {"track": "hp", "delta": -1})):
        before = copy.deepcopy(state)
        with pytest.raises(RuleError, match="no game action is accepted"):
            apply(game, state, command)
        assert state == before


def test_after_the_end_a_correction_runs_settle_and_starts_no_procedure():
    """The game's settle still keeps derived values whole after a correction (the
    old engine skipped it, and the correction broke the game's invariant)."""
    game = _settling_game()
    state = apply(game, new_game(game, {}, 1).state, Command("lose")).state
    state = apply(game, state, Command("correct", {"track": "count", "value": 2})).state
    assert state["names"] == ["n1", "n2"] and state["over"]["result"] == "loss"
    state = apply(game, state, Command("correct", {"track": "hp", "value": 0})).state
    assert state["procedure"] is None


def test_after_the_end_a_correction_that_breaks_a_limit_is_a_rule_message_not_a_bug():
    game = dataclasses.replace(_settling_game(), settle=None)
    state = apply(game, new_game(game, {}, 1).state, Command("lose")).state
    before = copy.deepcopy(state)
    with pytest.raises(RuleError) as err:
        apply(game, state, Command("correct", {"track": "count", "value": 1}))
    assert not isinstance(err.value, InvariantError)
    assert err.value.short == "Not after the end" and "count 1 but 0 names" in err.value.long
    assert state == before


def test_the_private_copy_is_what_a_json_round_trip_gives():
    """context.copy_state copies plain JSON data structurally; anything JSON would change
    (a tuple, a number as a key) still goes through JSON, as it always did."""
    import json

    from games.core.context import copy_state

    plain = {"a": [1, 2.5, True, None, "x", {"b": []}], "c": {"d": {"e": -0.0}}, "f": float("inf")}
    copied = copy_state(plain)
    assert copied == json.loads(json.dumps(plain))
    copied["a"][5]["b"].append(1)
    copied["c"]["d"]["e"] = 3
    assert plain["a"][5]["b"] == [] and plain["c"]["d"]["e"] == 0.0
    shared = [1, 2]
    unshared = copy_state({"x": shared, "y": shared})
    assert unshared["x"] is not unshared["y"]
    odd = {"t": (1, 2), "n": {1: "one"}}
    assert copy_state(odd) == json.loads(json.dumps(odd)) == {"t": [1, 2], "n": {"1": "one"}}
    with pytest.raises(TypeError):
        copy_state({"s": {1, 2}})


def test_a_note_adds_to_the_description_and_the_events():
    from games.core.context import Context
    from tests.fixtures.counter_game import COUNTER

    ctx = Context(COUNTER, {})
    ctx.note("Threat revealed")
    ctx.note("Spirit 7 -> 6", "error")
    assert ctx.description == "Threat revealed; Spirit 7 -> 6"
    assert [(e.text, e.kind) for e in ctx.events] == [("Threat revealed", "info"), ("Spirit 7 -> 6", "error")]


@pytest.mark.parametrize("command", ["ancient_plot", "ancient_card", "encounter", "engage_next", "team_up"])
def test_a_prompt_only_command_outside_its_step_is_refused_not_a_crash(command):
    """Its parameters' choices read its own step's data, so it is refused before they are
    checked (Kilforth's once raised TypeError or IndexError from another step's data)."""
    from games.core import apply, get_game, new_game
    from games.core.commands import Command

    game = get_game("gloom-of-kilforth")
    state = new_game(game, {}, 1).state
    with pytest.raises(RuleError) as refused:
        apply(game, state, Command(command, {}))
    assert refused.value.short == "Not asked now"  # not a parameter's complaint, nor a crash
