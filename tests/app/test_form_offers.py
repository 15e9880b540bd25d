"""A form offers only what its command takes for this game's players and mode (issue 25,
point 5: "Choices come from the state").

Each game is started with two players and played on by answering each prompt with its
form's values and pressing ``next``; at each state every form the action menu (or the
waiting prompt) opens is turned through every value of every field with the Spirit
dial. Wherever the form's values are taken by the command, each value the dial offers
must be taken too: a 2-character Grail game offering Character 3, refused only at
commit, fails here.
"""

from __future__ import annotations

import pytest

from app.forms import PromptForm
from app.steps import accepted, prompt_step
from games.core import Command, RuleError, apply, get_game, new_game
from games.core.engine import command_specs
from games.core.registry import KNOWN_PACKAGES

TWO_PLAYERS = {
    "kreel-manor": {"heroes": 2},
    "gloom-of-kilforth": {"heroes": 2, "mode": "coop"},
    "tainted-grail": {"characters": 2},
    "myth-dark-frontier": {"heroes": 2},
}

#: States visited per game (each after a prompt answered or a next).
STATES = 12


def _values(game, state, name: str) -> dict:
    form = PromptForm(name, command_specs(game)[name].resolved_params(state), lambda values: None)
    return dict(form.values)


def _states(game_id: str) -> list[dict]:
    """The states of a two-player game played on from its start (prompts answered with
    their forms' values, else ``next``), up to :data:`STATES` or until it stops."""
    game = get_game(game_id)
    state = new_game(game, TWO_PLAYERS[game_id], seed=5).state
    states = [state]
    for _ in range(STATES):
        step = prompt_step(game, state)
        name = step.command if step is not None and step.command else "next"
        values = _values(game, state, name) if name != "next" else {}
        try:
            state = apply(game, state, Command(name, values)).state
        except RuleError:
            break
        states.append(state)
    return states


def _trial(game, state: dict, name: str):
    """What the box gives a form: whether the command takes these values on ``state``."""
    return lambda values: accepted(game, state, name, values)


def _offered(form: PromptForm, index: int) -> list[dict]:
    """Every set of values the Spirit dial offers on field ``index``, both ways round."""
    form.focus(index)
    param = form.params[index]
    span = len(param.choices) if param.kind == "choice" else min(12, (param.high or 0) - (param.low or 0) + 1)
    seen = []
    for direction in (1, -1):
        for _ in range(span + 1):
            form.turn(direction)
            seen.append(dict(form.values))
    return seen


@pytest.mark.parametrize("game_id", sorted(KNOWN_PACKAGES))
def test_no_form_offers_a_value_commit_would_refuse(game_id):
    game = get_game(game_id)
    specs = command_specs(game)
    offered_wrong: list[str] = []
    checked = 0
    for place, state in enumerate(_states(game_id)):
        step = prompt_step(game, state)
        names = [step.command] if step is not None and step.command else []
        names += [s.name for s in game.commands if s.menu and not s.prompt_only and s.available(state)]
        for name in dict.fromkeys(names):
            spec = specs[name]
            form = PromptForm(name, spec.resolved_params(state), lambda values: None,
                              accepts=_trial(game, state, name))
            if not accepted(game, state, name, form.values):
                continue  # the form starts on values refused (another field's rule): not judged here
            for index, param in enumerate(form.params):
                if param.kind not in ("int", "choice"):
                    continue
                start = dict(form.values)
                for values in _offered(form, index):
                    checked += 1
                    if not accepted(game, state, name, values):
                        offered_wrong.append(f"state {place}: {name} {param.name}={values[param.name]!r}")
                form.values.update(start)
    assert checked > 0
    assert offered_wrong == []


def test_a_two_character_grail_game_offers_no_third_character():
    """The issue's own case: Character 3 is not offered in a game of two."""
    game = get_game("tainted-grail")
    for state in _states("tainted-grail"):
        for spec in game.commands:
            params = [p.name for p in spec.params]
            if "character" not in params or not spec.menu or spec.prompt_only or not spec.available(state):
                continue
            form = PromptForm(spec.name, spec.resolved_params(state), lambda values: None,
                              accepts=_trial(game, state, spec.name))
            if not accepted(game, state, spec.name, form.values):
                continue
            index = [p.name for p in form.params].index("character")
            offered = {values["character"] for values in _offered(form, index)}
            assert 3 not in offered and 4 not in offered, spec.name
            return
    pytest.fail("no Grail command with a Character field was possible")
