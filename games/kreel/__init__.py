"""Kreel Manor: the round, the Action Power Track, Threats, Locations and the Campaign.

Builds the :class:`~games.core.Game` and registers it under ``kreel-manor``.
The rulebook is ``rules/kreel-manor.md``; what the box automates is in
``docs/games/kreel-manor.md``.
"""

from games.core import Game, register
from games.kreel import commands, procedures, rules, setup, views
from games.kreel.migrations import MIGRATIONS
from games.kreel.state import SCHEMA_VERSION

GAME = register(
    Game(
        id="kreel-manor",
        title="Kreel Manor",
        schema_version=SCHEMA_VERSION,
        setup_params=setup.SETUP_PARAMS,
        setup=setup.setup,
        commands=commands.COMMANDS,
        procedures=procedures.PROCEDURES,
        tracks=rules.tracks,
        show=views.view,
        invariants=rules.invariants,
        end_check=rules.end_check,
        next_procedure=procedures.next_procedure,
        settle=rules.settle,
        migrations=MIGRATIONS,
        rules_file="rules/kreel-manor.md",
    )
)
