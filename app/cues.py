"""Which sound cue an accepted command earns, and sounding one safely.

A cue is a courtesy on top of what the displays say (DESIGN.md, "The box"),
so the policy is kept apart from the controller's input handling: a
procedure finished (the Threat phase, a Night…), the final day begun, or a
dial track fallen to its low mark. A piezo that fails is logged, never a
stop.
"""

from __future__ import annotations

import logging

from contracts.ports import Cues
from games.core import Game
from games.core.engine import Applied
from games.core.paths import get_path

log = logging.getLogger(__name__)

#: A dial track at or below this share of its range after a loss sounds the "low" cue.
LOW_SHARE = 0.25


def procedure_ended(before: dict, after: dict) -> bool:
    """True when the procedure running before a command is over after it (or another runs).

    Also the moment for a backup of the journal: the restore point if the file
    is ever damaged.
    """
    procedure, now = before.get("procedure"), after.get("procedure")
    if not procedure:
        return False
    return now is None or now["name"] != procedure["name"]


def cues_after(game: Game, before: dict, applied: Applied) -> list[str]:
    """The cues for one accepted command, in the order they sound."""
    cues = []
    if procedure_ended(before, applied.state):
        cues.append("finished")
    if any(event.kind == "final_day" for event in applied.events):
        cues.append("final_day")
    if fell_low(game, before, applied.state):
        cues.append("low")
    return cues


def fell_low(game: Game, before: dict, after: dict) -> bool:
    """True when a dial track went down to its low mark (a quarter of its range)."""
    for spec in game.tracks(after):
        if not spec.dial:
            continue
        low, high = spec.low_in(after), spec.high_in(after)
        try:
            was, now = get_path(before, spec.path), get_path(after, spec.path)
        except (KeyError, IndexError, TypeError):
            continue  # a track that did not exist before this command
        if not isinstance(was, int):
            continue  # a value that was not tracked yet (a Menhir's dial just placed)
        if now < was and high > low and now - low <= LOW_SHARE * (high - low):
            return True
    return False


def ring(sound: Cues | None, name: str) -> None:
    """Sound a cue; a piezo that fails is logged, never a stop (the cue is only a courtesy)."""
    if sound is None:
        return
    try:
        sound.cue(name)
    except Exception:  # noqa: BLE001
        log.exception("sound cue %s failed", name)
