"""Gloom of Kilforth: the Night phase, Daylight Actions, Tests and battles.

Builds the :class:`~games.core.Game` and registers it under ``gloom-of-kilforth``.
The rulebook is ``rules/gloom-of-kilforth.md``; what the box automates is in
``docs/games/gloom-of-kilforth.md``.
"""

from games.core import Game, register
from games.kilforth import commands, procedures, rules, setup, turns, views
from games.kilforth.state import (
    SCHEMA_VERSION,
    SECRETS,
    migrate_1,
    migrate_2,
    migrate_3,
    migrate_4,
    migrate_market_3,
)

GAME = register(
    Game(
        id="gloom-of-kilforth",
        title="Gloom of Kilforth",
        schema_version=SCHEMA_VERSION,
        setup_params=setup.SETUP_PARAMS,
        setup=setup.setup,
        commands=commands.COMMANDS,
        procedures=procedures.PROCEDURES,
        tracks=rules.tracks,
        show=views.view,
        invariants=rules.invariants,
        end_check=rules.end_check,
        next_procedure=turns.next_procedure,
        migrations={1: migrate_1, 2: migrate_2, 3: migrate_3, 4: migrate_4},
        command_migrations={3: migrate_market_3},
        rules_file="rules/gloom-of-kilforth.md",
        secrets=SECRETS,
    )
)
