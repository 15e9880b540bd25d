"""Command migrations (issue 2, "an update never strands a campaign"): a
command journaled under an older schema is brought up to the game's schema,
one step at a time, before it is replayed."""

import dataclasses

import pytest

from games.core import Command, CommandSpec, Game, GameView, Param, apply, new_game
from games.core.engine import migrate_command


def _setup(ctx):
    ctx.state["hp"] = 10


def _take(ctx):
    ctx.state["hp"] -= ctx.params["amount"]


def _rename_n(command: dict) -> dict:
    """Schema 1 -> 2: ``hit`` called its parameter ``n``."""
    if command["name"] == "hit" and "n" in command["params"]:
        command["params"]["amount"] = command["params"].pop("n")
    return command


def _hit_is_take(command: dict) -> dict:
    """Schema 3 -> 4: ``hit`` became ``take``."""
    if command["name"] == "hit":
        command["name"] = "take"
    return command


# Schema 4; schema 2 -> 3 changed only the state, so it has no command migration.
GAME = Game(
    id="test-migrating",
    title="Migrating",
    schema_version=4,
    setup_params=(),
    setup=_setup,
    commands=(CommandSpec("take", "Lose HP", _take, (Param("amount", "int", low=1, high=5),)),),
    procedures=(),
    tracks=lambda state: [],
    show=lambda game, state: GameView(headline="hp"),
    migrations={1: lambda s: s, 2: lambda s: s, 3: lambda s: s},
    command_migrations={1: _rename_n, 3: _hit_is_take},
)


def test_a_command_from_the_oldest_schema_goes_through_every_step_in_order() -> None:
    old = {"name": "hit", "params": {"n": 3}}
    assert migrate_command(GAME, old, 1) == Command("take", {"amount": 3})
    state = new_game(GAME, {}, 1).state
    assert apply(GAME, state, migrate_command(GAME, old, 1)).state["hp"] == 7


def test_only_the_steps_from_the_commands_schema_run() -> None:
    hit = {"name": "hit", "params": {"amount": 2}}
    assert migrate_command(GAME, hit, 2) == migrate_command(GAME, hit, 3) == Command("take", {"amount": 2})
    # From schema 4 nothing runs: a command at the current schema is taken as it is.
    assert migrate_command(GAME, {"name": "hit", "params": {"n": 2}}, 4) == Command("hit", {"n": 2})


def test_commands_a_migration_does_not_touch_pass_through() -> None:
    assert migrate_command(GAME, {"name": "next", "params": {}}, 1) == Command("next", {})
    assert migrate_command(GAME, {"name": "next"}, 1) == Command("next", {})


def test_the_journaled_command_is_not_changed() -> None:
    old = {"name": "hit", "params": {"n": 3}}
    migrate_command(GAME, old, 1)
    assert old == {"name": "hit", "params": {"n": 3}}


def test_a_game_without_command_migrations_replays_commands_as_they_are() -> None:
    plain = dataclasses.replace(GAME, command_migrations={})
    take = {"name": "take", "params": {"amount": 1}}
    assert migrate_command(plain, take, 1) == Command("take", {"amount": 1})


@pytest.mark.parametrize("schema", [5, 99])
def test_a_command_from_a_newer_schema_is_an_error_naming_both_versions(schema: int) -> None:
    with pytest.raises(ValueError, match=rf"'take' has schema {schema}; this version reads up to 4"):
        migrate_command(GAME, {"name": "take", "params": {"amount": 1}}, schema)


@pytest.mark.parametrize("schema", [None, "2", True])
def test_a_schema_that_is_not_a_number_is_an_error(schema) -> None:
    with pytest.raises(ValueError, match="has schema"):
        migrate_command(GAME, {"name": "take", "params": {}}, schema)


class _Untouchable(dict):
    """Migrations that fail the test if the engine so much as looks one up."""

    def __contains__(self, key) -> bool:
        raise AssertionError(f"looked up command migration {key!r}")

    def __getitem__(self, key):
        raise AssertionError(f"looked up command migration {key!r}")


@pytest.mark.parametrize("schema", [-1, -(10**30)])
def test_a_schema_below_0_is_refused_before_any_step_is_looked_up(schema: int) -> None:
    """Issue "Never bricks, never freezes", finding 2: a command claiming schema
    -10**30 once made an import count up through every schema for minutes."""
    untouchable = dataclasses.replace(GAME, command_migrations=_Untouchable())
    with pytest.raises(ValueError, match=rf"'take' has schema {schema}; schemas start at 0"):
        migrate_command(untouchable, {"name": "take", "params": {"amount": 1}}, schema)


def test_a_huge_schema_is_refused_before_any_step_is_looked_up() -> None:
    untouchable = dataclasses.replace(GAME, command_migrations=_Untouchable())
    with pytest.raises(ValueError, match="this version reads up to 4"):
        migrate_command(untouchable, {"name": "take", "params": {}}, 10**30)
