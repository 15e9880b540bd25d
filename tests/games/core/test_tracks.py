"""Track specs are built once per state shape (games/core/tracks.py), and are always
what the game's own ``tracks`` function gives for the state at hand."""

import random

import pytest

from games.core import Command, Game, GameView, RuleError, TrackSpec, all_games, apply, new_game
from games.core.context import current_step
from games.core.core_commands import command_specs
from games.core.tracks import StaleStateError, TrackTable


def _shape_of(spec: TrackSpec, state: dict) -> tuple:
    bound = lambda value: value(state) if callable(value) else value  # noqa: E731
    return (spec.key, spec.label, spec.path, spec.dial, spec.on_change is None,
            bound(spec.low), bound(spec.high))


def described(specs: list[TrackSpec], state: dict) -> list[tuple]:
    """The specs as plain values, their bounds evaluated on ``state``."""
    return [_shape_of(spec, state) for spec in specs]


class Counting:
    """A ``tracks`` function that counts its calls: one track per hero, labelled by name."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, state: dict) -> list[TrackSpec]:
        self.calls += 1
        return [TrackSpec(f"hero{i + 1}.hp", f"{hero['name']} HP", f"heroes.{i}.hp", 0,
                          lambda s, i=i: s["heroes"][i]["max_hp"])
                for i, hero in enumerate(state["heroes"])]


def heroes(*names: str, hp: int = 3) -> dict:
    return {"heroes": [{"name": name, "hp": hp, "max_hp": 5} for name in names], "round": 1}


def test_the_same_shape_reuses_the_specs_and_a_new_one_builds_again():
    build = Counting()
    table = TrackTable(build)
    first = table(heroes("Ana", "Bo"))
    assert build.calls == 2  # recorded through the read-only view, and checked against a plain build
    again = table(heroes("Ana", "Bo", hp=1) | {"round": 7})  # values the specs do not read changed
    assert build.calls == 2
    assert again == first and again is not first  # a new list of the same specs
    renamed = table(heroes("Ana", "Cy"))
    assert build.calls == 4
    assert [spec.label for spec in renamed] == ["Ana HP", "Cy HP"]
    assert len(table(heroes("Ana", "Bo", "Cy"))) == 3
    assert table.cached


def test_bounds_read_the_state_they_are_given():
    table = TrackTable(Counting())
    table(heroes("Ana"))
    state = heroes("Ana")
    state["heroes"][0]["max_hp"] = 9
    assert table(state)[0].high_in(state) == 9


def test_spec_finds_a_track_by_key():
    table = TrackTable(Counting())
    state = heroes("Ana", "Bo")
    assert table.spec(state, "hero2.hp").label == "Bo HP"
    assert table.spec(state, "hero3.hp") is None


def test_a_missing_key_is_part_of_the_shape():
    def build(state):
        return [TrackSpec("gold", "Gold", "gold")] if "gold" in state else []

    table = TrackTable(build)
    assert table({"round": 1}) == []
    assert [spec.key for spec in table({"round": 1, "gold": 3})] == ["gold"]
    assert table({"round": 2}) == []


def test_a_function_the_read_only_view_cannot_serve_is_called_every_time():
    def build(state):
        hero = state["heroes"][0]
        return [TrackSpec("hp", "HP", "heroes.0.hp")] if isinstance(hero, dict) else []

    table = TrackTable(build)
    assert [spec.key for spec in table(heroes("Ana"))] == ["hp"]
    assert not table.cached
    assert [spec.key for spec in table(heroes("Bo"))] == ["hp"]


def test_a_bound_that_kept_the_state_turns_the_cache_off_instead_of_answering_from_it():
    def build(state):
        hero = state["heroes"][0]
        return [TrackSpec("hp", "HP", "heroes.0.hp", 0, lambda s: hero["max_hp"])]  # not s

    table = TrackTable(build)
    state = heroes("Ana")
    assert table(state)[0].high_in(state) == 5
    assert not table.cached


def test_reading_the_state_a_shape_was_built_from_after_the_build_fails_loudly():
    kept = []

    def build(state):
        kept.append(state)
        return []

    table = TrackTable(build)
    table(heroes("Ana"))
    with pytest.raises(StaleStateError):
        kept[0]["heroes"]


def test_a_state_the_function_fails_on_raises_as_before_and_keeps_the_cache():
    table = TrackTable(Counting())
    with pytest.raises(KeyError):
        table({"round": 1})
    assert table.cached


def test_games_wrap_their_tracks_and_the_engine_uses_them():
    build = Counting()
    game = Game(id="tracks-test", title="Tracks", schema_version=1, setup_params=(),
                setup=lambda ctx: ctx.state.update(heroes("Ana")), commands=(), procedures=(),
                tracks=build, show=lambda game, state: GameView("Tracks"))
    assert isinstance(game.tracks, TrackTable) and game.tracks.build is build
    state = new_game(game, {}, 1).state
    for delta in (-1, 1, -1, -1):
        state = apply(game, state, Command("adjust", {"track": "hero1.hp", "delta": delta})).state
    assert state["heroes"][0]["hp"] == 1
    assert build.calls == 2  # one shape, built once (and checked once)
    with pytest.raises(RuleError, match="cannot go above 5"):
        apply(game, state, Command("correct", {"track": "hero1.hp", "value": 6}))


def _random_command(game: Game, state: dict, rnd: random.Random) -> Command:
    """Something a player might press: next, a dial turn, the prompt's answer, any command."""
    step = current_step(game, state)
    roll = rnd.random()
    if step is not None and step.command and roll < 0.4:
        spec = command_specs(game)[step.command]
    elif roll < 0.6:
        return Command("next")
    elif roll < 0.8:
        dial = [spec.key for spec in game.tracks.build(state) if spec.dial]
        if dial:
            return Command("adjust", {"track": rnd.choice(dial), "delta": rnd.choice((-1, 1))})
        return Command("next")
    else:
        spec = rnd.choice(list(command_specs(game).values()))
    params = {}
    for param in spec.params:
        try:
            param = param.resolve(state)
        except (KeyError, IndexError, TypeError, ValueError):  # choices that make no sense now
            return Command("next")
        if param.kind == "choice" and param.choices:
            params[param.name] = rnd.choice(param.choices)
        elif param.kind == "int" and param.low is not None and param.high is not None:
            params[param.name] = rnd.randint(param.low, min(param.high, param.low + 6))
        else:
            params[param.name] = param.initial()
    return Command(spec.name, params)


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.id)
def test_over_random_play_the_cached_specs_are_what_the_game_builds(game: Game):
    rnd = random.Random(game.id)
    state = new_game(game, {}, 5).state
    seen = 0
    for _ in range(400):
        try:
            state = apply(game, state, _random_command(game, state, rnd)).state
        except RuleError:
            continue
        assert described(game.tracks(state), state) == described(game.tracks.build(state), state)
        seen += 1
    assert seen > 50
    assert game.tracks.cached, f"{game.id}: its tracks cannot be cached (see games/core/tracks.py)"
