"""Myth: Dark Frontier: hidden enemy planning, the action decks, conquest
tracks and the siege, Farrenroc's stability, the fate pool, the Prepare phase.

Builds the :class:`~games.core.Game` and registers it under
``myth-dark-frontier``. The rulebook is ``rules/myth-dark-frontier.md``; what
the box automates is in ``docs/games/myth-dark-frontier.md``.
"""

from games.core import Game, register
from games.myth import commands, procedures, rules, setup, views
from games.myth.state import MIGRATIONS, SCHEMA_VERSION, SECRETS

GAME = register(
    Game(
        id="myth-dark-frontier",
        title="Myth: Dark Frontier",
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
        migrations=MIGRATIONS,
        rules_file="rules/myth-dark-frontier.md",
        secrets=SECRETS,
    )
)
