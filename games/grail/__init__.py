"""Tainted Grail: the Start of the Day (Menhirs, map range, Time dials, Guardians),
End of the Day and the survival tracks.

Builds the :class:`~games.core.Game` and registers it under ``tainted-grail``.
The rulebook is ``rules/tainted-grail.md`` (the 2.0 rules); what the box
automates is in ``docs/games/tainted-grail.md``.
"""

from games.core import Game, register
from games.grail import commands, procedures, rules, setup, views
from games.grail.state import MIGRATIONS, SCHEMA_VERSION

GAME = register(
    Game(
        id="tainted-grail",
        title="Tainted Grail",
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
        rules_file="rules/tainted-grail.md",
    )
)
