"""HP dial turns (``adjust``) and corrections (``correct``) at every prompt of a
battle - a solo battle, a Hidden hero's, a Team's and a Team's Assault - each turn alone
and each hero's "last HP lost, then HP turned back up", then the battle played on to its
end: every reached state keeps the invariants (no battle fought without its hero, its
roll asked of a fighter), a refusal changes nothing, and the view renders.
"""

import pytest

from games.core import Command, RuleError, apply
from games.kilforth import battles, rules
from games.kilforth.state import cell_index

from .helpers import GAME, WARRIOR, do, place, start, step_id

TO_THE_END = 100  # prompts answered after the dial turns; each battle here ends before

# A battle prompt answered the plain way (virtual rolls: the seed fixes the faces).
ANSWERS = {
    "team": Command("team_up", {"team": "none"}),
    "stance": Command("stance", {"choice": "evade"}),
    "evade": Command("evade_roll"),
    "trap": Command("trap"),
    "hero_roll": Command("hero_fight"),
    "foe_roll": Command("foe_fight"),
    "fate": Command("fate", {"use": "no"}),
    "reward": Command("reward", {"loot": "gold", "rumour": "card"}),
    "loss": Command("lose_card", {"card": "rumour"}),
    "escape": Command("escape", {"escape": False}),
    "plots": Command("next"),
}


def _dials(heroes: int) -> list[tuple[Command, ...]]:
    """Each HP turn or correction alone, and each hero's last HP lost (turned or
    corrected to 0) followed by their HP turned or corrected back up."""
    sequences = []
    for n in range(1, heroes + 1):
        track = f"hero{n}.hp"
        ko = [Command("adjust", {"track": track, "delta": -4}),
              Command("correct", {"track": track, "value": 0})]
        up = [Command("adjust", {"track": track, "delta": 2}),
              Command("correct", {"track": track, "value": 2})]
        alone = [Command("adjust", {"track": track, "delta": d}) for d in (-1, 1)]
        sequences += [(c,) for c in ko + up + alone] + [(down, back) for down in ko for back in up]
    return sequences


def _solo() -> dict:
    state = start([dict(WARRIOR, fight=1)])
    state["heroes"][0]["cell"] = cell_index("C2")
    place(state, cell_index("C2"), "enemy", fight=2, hp=2, sneak=2)
    return do(state, "engage", encounter=1)


def _hidden() -> dict:
    state = start([dict(WARRIOR, fight=1)])
    state = do(state, "hide")
    state = do(state, "move", to="C2")
    return do(state, "encounter", type="enemy", fight=2, hp=2, sneak=2)


def _team() -> dict:
    state = start([dict(WARRIOR, sneak=3, fight=1), dict(WARRIOR, fight=1), dict(WARRIOR, fight=1)],
                  mode="coop")
    for hero in state["heroes"]:
        hero["cell"] = cell_index("C2")
    place(state, cell_index("C2"), "enemy", fight=2, hp=1, sneak=1)
    return do(state, "engage", encounter=1, team="H2+H3")


def _assault() -> dict:
    state = start([dict(WARRIOR, sneak=3, fight=2), dict(WARRIOR, fight=2)], mode="coop")
    state["ancients"][0].update(in_play=True, cell=cell_index("B2"), hp=2, max_hp=2, fight=2, gold=5)
    for hero in state["heroes"]:
        hero.update(cell=cell_index("B2"), chapter=6)
    return do(state, "assault", ancient=1, team="H2")


def _in_battle(state: dict) -> bool:
    proc = state.get("procedure")
    return bool(proc) and proc["name"] == "battle"


def _check(state: dict) -> None:
    assert rules.invariants(state) == []
    if _in_battle(state) and not state["procedure"]["data"].get("over"):
        team = battles.fighters(state, state["procedure"]["data"])
        assert team and battles.rolling_hero(state) in team
    view = GAME.view(state)
    assert (view.step or view.over) and view.facts  # every hero eliminated: the game's end


def _apply(state: dict, command: Command) -> dict | None:
    """The state after ``command``, or None when it is refused - by a rule, never by an
    invariant (that would be a rule path left open), and with the state unchanged."""
    before = repr(state)
    try:
        after = apply(GAME, state, command).state
    except RuleError as error:
        assert type(error) is RuleError, error.long
        assert repr(state) == before
        return None
    _check(after)
    return after


def _play_on(state: dict) -> list[dict]:
    """The battle's prompts answered the plain way until it is over; the states passed."""
    states = [state]
    for _ in range(TO_THE_END):
        answer = ANSWERS.get(step_id(state))
        if not _in_battle(state) or answer is None:
            break
        state = _apply(state, answer)
        assert state is not None, f"{answer.name} refused at {step_id(states[-1])}"
        states.append(state)
    assert not _in_battle(state), "the battle never ended"
    return states


@pytest.mark.parametrize("begin", [_solo, _hidden, _team, _assault])
def test_hp_turned_at_any_battle_prompt_keeps_a_hero_in_it_and_the_view_renders(begin):
    first = begin()
    _check(first)
    prompts = [s for s in _play_on(first) if _in_battle(s)]
    turned = refused = 0
    for at in prompts:
        for dials in _dials(len(at["heroes"])):
            state = at
            for command in dials:
                state = _apply(state, command) or state
            if state is at:
                refused += 1
                continue
            turned += 1
            if _in_battle(state):
                _play_on(state)
    assert turned > refused > 0
