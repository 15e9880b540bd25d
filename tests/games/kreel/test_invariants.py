"""Over random command sequences: the rules' limits hold, a refused command
changes nothing, and the same seed and commands always give the same state."""

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import Command, RuleError, apply, new_game
from games.core.context import current_step
from games.core.engine import InvariantError
from games.kreel.campaign import adventure_choices
from games.kreel.state import ACTIONS, STATUSES, VALUES, VARIANTS
from tests.games.kreel.helpers import GAME

threat_ids = st.integers(1, 12)
commands = st.one_of(
    st.just(Command("next")),
    st.just(Command("next")),
    st.just(Command("next")),
    st.builds(
        lambda f, i, s, c, b, bold: Command("reveal", {"fight": f, "influence": i, "sneak": s,
                                                       "spirit_cost": c, "spirit_boost": b,
                                                       "bold": bold}),
        st.integers(0, 6), st.integers(0, 6), st.integers(0, 6), st.integers(0, 4),
        st.integers(0, 3), st.booleans(),
    ),
    st.builds(lambda p: Command("block", {"points": p}), st.integers(0, 5)),
    st.builds(lambda n: Command("add_threat", {"count": n}), st.integers(1, 3)),
    st.builds(lambda t: Command("defeat", {"threat": t}), threat_ids),
    st.builds(lambda t: Command("discard", {"threat": t}), threat_ids),
    st.builds(lambda t, s, on: Command("status", {"threat": t, "status": s, "on": on}),
              threat_ids, st.sampled_from(STATUSES + ("exhausted",)), st.booleans()),
    st.builds(lambda t, v, a: Command("threat_value", {"threat": t, "value": v, "amount": a}),
              threat_ids, st.sampled_from(VALUES), st.integers(-1, 5)),
    st.builds(lambda t: Command("confront", {"threat": t}), threat_ids),
    st.builds(lambda d, h: Command("asset_spirit", {"delta": d, "hero": h}),
              st.integers(-3, 3), st.integers(1, 4)),
    st.builds(lambda h, d: Command("adjust", {"track": f"hero{h}.spirit", "delta": d}),
              st.integers(1, 4), st.integers(-3, 3)),
    st.builds(lambda h, d: Command("adjust", {"track": f"hero{h}.max_spirit", "delta": d}),
              st.integers(1, 4), st.integers(-3, 3)),
    st.builds(lambda n, f, c, sp: Command("scout", {"shadow": n, "fight": f, "spirit_cost": c,
                                                    "spend": sp}),
              st.integers(1, 3), st.integers(0, 5), st.integers(0, 3), st.integers(0, 2)),
    st.builds(lambda a, t, sp, b: Command("use", {"action": a, "target": t, "spend": sp,
                                                  "bonus": b}),
              st.sampled_from(ACTIONS), st.sampled_from(["draw", "explore", "1 Threat 1",
                                                         "2 Threat 2", "3 Threat 3"]),
              st.integers(0, 3), st.integers(0, 4)),
    st.builds(lambda a: Command("tilt", {"action": a}), st.sampled_from(ACTIONS)),
    st.builds(lambda t, v, n: Command("damage", {"target": t, "value": v, "amount": n}),
              st.sampled_from(["explore", "1 Threat 1", "2 Threat 2"]),
              st.sampled_from(ACTIONS), st.integers(1, 6)),
    st.builds(lambda s, a, on: Command("hero_status", {"status": s, "action": a, "on": on}),
              st.sampled_from(STATUSES), st.sampled_from(ACTIONS), st.booleans()),
    st.builds(lambda a, n: Command("act", {"action": a, "needed": n}),
              st.sampled_from(ACTIONS), st.integers(1, 8)),
    st.builds(lambda a, d: Command("asset_power", {"action": a, "delta": d}),
              st.sampled_from(ACTIONS), st.integers(-2, 2)),
    st.builds(lambda f, s, star, plain, kind, h: Command("reveal", {
        "fight": f, "sneak": s, "spirit_boost": 2, "starred": star, "plain": plain, "kind": kind,
        "story_hero": h}),
              st.integers(0, 6), st.integers(0, 6), st.booleans(),
              st.sampled_from(("none",) + ACTIONS), st.sampled_from(("threat", "foe", "story")),
              st.integers(0, 2)),
    st.builds(lambda t: Command("return_threat", {"threat": t}), threat_ids),
    st.builds(lambda h: Command("boost", {"hero": f"Hero {h}"}), st.integers(1, 4)),
    st.builds(lambda t, src: Command("discard", {"threat": t, "source": src}),
              threat_ids, st.sampled_from(("hero", "threat"))),
    st.builds(lambda t, src: Command("return_threat", {"threat": t, "source": src}),
              threat_ids, st.sampled_from(("hero", "threat"))),
    st.builds(lambda t, src: Command("defeat", {"threat": t, "source": src}),
              threat_ids, st.sampled_from(("hero", "threat"))),
    st.builds(lambda t, n: Command("damage", {"target": t, "value": "fight", "amount": n,
                                              "source": "threat"}),
              st.sampled_from(["1 Threat 1 (Sneak 1)", "2 Threat 2 (Sneak 2)",
                               "3 Threat 3 (Sneak 3)", "1 Threat 1"]), st.integers(1, 6)),
    st.builds(lambda n, f, per, kind: Command("reveal_shadow", {
        "shadow": n, "fight": f, "spirit_cost": 1, "per_hero": per, "kind": kind}),
              st.integers(1, 3), st.integers(0, 5), st.booleans(),
              st.sampled_from(("threat", "foe", "story"))),
    st.builds(lambda on, h: Command("shadow_reach", {"on": on, "hero": h}),
              st.booleans(), st.integers(1, 4)),
    st.builds(lambda t, v, n: Command("remove_damage", {"threat": t, "value": v, "amount": n}),
              threat_ids, st.sampled_from(ACTIONS), st.integers(1, 4)),
    st.builds(lambda f, per: Command("reveal", {"fight": f, "spirit_cost": 1, "per_hero": per}),
              st.integers(0, 6), st.booleans()),
    st.builds(lambda a, h: Command("reset_action", {"action": a, "hero": h}),
              st.sampled_from(ACTIONS), st.integers(1, 4)),
    st.builds(lambda t, n, h: Command("damage", {"target": t, "value": "fight", "amount": n,
                                                 "hero": h}),
              st.sampled_from(["1 Threat 1", "2 Threat 2"]), st.integers(1, 6), st.integers(1, 4)),
    st.builds(lambda a, n, c, h: Command("power_effect", {"action": a, "amount": n, "cost": c,
                                                         "hero": h}),
              st.sampled_from(ACTIONS), st.integers(-6, 6), st.booleans(), st.integers(1, 4)),
    st.builds(lambda n, c, h: Command("spirit_effect", {"amount": n, "cost": c, "hero": h}),
              st.integers(-12, 12), st.booleans(), st.integers(1, 4)),
    st.builds(lambda t, h: Command("defeat", {"threat": t, "hero": h}), threat_ids,
              st.integers(1, 4)),
)
setups = st.fixed_dictionaries({
    "heroes": st.integers(1, 4),
    "spirit": st.integers(3, 12),
    "max_spirit": st.just(12),
    "variant": st.sampled_from(tuple(VARIANTS)),
    # "Difficulty Variants": Belanor's Lightbringer starts with 1 Action Advanced
    "advanced": st.sampled_from(ACTIONS),
})


def _check_limits(state: dict) -> None:
    """Shadows within their spaces; threat values >= 0; Spirit within 0..max."""
    assert len(state["shadows"]) == state["shadow_spaces"] == 3
    for threat in [t for t in state["shadows"] if t] + state["threat_area"]:
        assert all(threat[v] >= 0 for v in VALUES)
    for hero in state["heroes"]:
        assert 0 <= hero["spirit"] <= hero["max_spirit"]
        assert sorted(a["slot"] for a in hero["actions"].values()) == [1, 2, 3]
        assert all(0 <= a["die"] <= 6 for a in hero["actions"].values())
        assert hero["tilts"] <= 1
    for threat in state["threat_area"]:
        for value in ACTIONS:
            assert threat["damage"][value] <= threat[value] or threat["overkill"]
    location = state["locations"][state["active_location"]]
    assert location["damage"] <= (location["sneak"] or 0) * len(state["heroes"])
    assert GAME.invariants(state) == []
    json.dumps(state)


def _progress(state: dict) -> Command:
    """The command that moves the game on: answer the prompt, or next."""
    step = current_step(GAME, state)
    answers = {
        "reveal": Command("reveal", {"fight": 2, "spirit_cost": 1, "spirit_boost": 1}),
        "block": Command("block", {"points": 0}),
        "location": Command("location", {"sneak": 3}),
        "press_on": Command("press_on", {"choice": "press on"}),
        "rewards": Command("rewards", {"heal_wound": False, "upgrade": "none"}),
        "skip_adventure": Command("skip_adventure", {"skip": False}),
        "next_adventure": Command("next_adventure", {"adventure": adventure_choices(state)[0]}),
    }
    if step is not None and step.command in answers:
        return answers[step.command]
    return Command("next")


def _play(options: dict, seed: int, draw) -> tuple[dict, list[Command]]:
    """Play up to 120 commands, mostly moving the game on, some at random."""
    state = new_game(GAME, options, seed).state
    sequence = []
    for _ in range(draw(st.integers(0, 120))):
        if state["over"]:
            break
        command = draw(st.one_of(st.just(None), st.just(None), commands)) or _progress(state)
        sequence.append(command)
        state = _apply(state, command)
    return state, sequence


def _apply(state: dict, command: Command) -> dict:
    before = copy.deepcopy(state)
    try:
        state = apply(GAME, state, command).state
    except InvariantError:  # a rule limit broken is a bug, not a refusal
        raise
    except RuleError:
        assert state == before
    _check_limits(state)
    return state


def _replay(options: dict, seed: int, sequence: list[Command]) -> dict:
    state = new_game(GAME, options, seed).state
    for command in sequence:
        state = _apply(state, command)
    return state


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups, st.integers(0, 2**32), st.data())
def test_limits_hold_and_refusals_change_nothing(options, seed, data):
    _play(options, seed, data.draw)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setups, st.integers(0, 2**32), st.data())
def test_same_seed_and_commands_give_the_same_state(options, seed, data):
    state, sequence = _play(options, seed, data.draw)
    assert _replay(options, seed, sequence) == state


def test_a_long_game_of_next_presses_keeps_the_limits():
    """Answer every prompt with fixed values until the Adventure is lost."""
    state = new_game(GAME, {"spirit": 30, "max_spirit": 30}, 1).state
    while (state["procedure"] or {}).get("name") != "game-end":
        state = apply(GAME, state, _progress(state)).state
        _check_limits(state)
    # 1 more Spirit Cost each round from round 4: 1 + 2 + ... + 8 = 36 >= 30 in round 11
    assert state["round"] == 11
    assert state["campaign"]["wounds"] == 1 and state["campaign"]["fails"] == 1
    assert state["over"] is None


def test_refused_commands_leave_the_state_exactly_equal():
    """Each refusal, rule by rule: the state after equals the state before."""
    from tests.games.kreel.helpers import new, next_until, with_threats

    state = with_threats(new(heroes=2, spirit=10, max_spirit=10), {"kind": "foe"})
    state = next_until(state, "play.turn")
    refused = [
        Command("adjust", {"track": "hero1.spirit", "delta": 1}),  # Spirit max is 10
        Command("adjust", {"track": "hero1.max_spirit", "delta": -1}),  # below Spirit
        Command("confront", {"threat": 1}),  # a Foe
        Command("defeat", {"threat": 9}),  # not in play
        Command("reveal", {"fight": 1}),  # not asked
        Command("block", {"points": 1}),  # not asked
        Command("scout", {"shadow": 1, "fight": 1}),  # empty space
        Command("use", {"action": "fight", "target": "draw", "spend": 1}),  # die shows 0
        Command("use", {"action": "fight", "target": "explore"}),  # Locations take Sneak
        Command("location", {"sneak": 3}),  # not asked
        Command("asset_spirit", {"delta": 1, "hero": 3}),  # no Hero 3
        Command("status", {"threat": 1, "status": "angry"}),  # not a Status
    ]
    for command in refused:
        before = copy.deepcopy(state)
        try:
            apply(GAME, state, command)
        except RuleError:
            pass
        else:
            raise AssertionError(f"{command} was accepted")
        assert state == before


def test_docs_list_every_command_and_step():
    from pathlib import Path

    doc = (Path(__file__).parents[3] / "docs/games/kreel-manor.md").read_text()
    for spec in GAME.commands:
        assert f"`{spec.name}`" in doc, spec.name
    for procedure in GAME.procedures:
        assert f"`{procedure.name}`" in doc, procedure.name
        for step in procedure.steps:
            assert f"`{step.id}`" in doc, f"{procedure.name}.{step.id}"
