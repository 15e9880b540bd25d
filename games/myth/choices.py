"""Ties the rules leave to the players, asked at a prompt ("Enemy Movement
Priority": "players choose where the enemy moves"; "Overruns"; "Muster" and
"Conquest": which non-darkness fate dice of the pool to roll).

:class:`Choice` is a choice parameter whose legal options come from the state
(``choices_from``), named by area (``labels_from``), starting on the box's
former fixed pick (``default_from``), and which refuses an answer outside the
legal options with the rule's reason (``reason(state, value)``) instead of the
core's generic "not a choice".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from games.core import Param, RuleError


@dataclass(frozen=True)
class Choice(Param):
    """A ``choice`` Param whose refusal cites the rule (see the module doc)."""

    reason: Callable[[dict, Any], RuleError] | None = field(default=None, compare=False)
    bound: dict | None = field(default=None, compare=False, repr=False)

    def resolve(self, state: dict | None) -> Param:
        resolved = super().resolve(state)
        return replace(resolved, bound=state) if state is not None else resolved

    def check(self, value: Any) -> Any:
        if (self.reason is not None and self.bound is not None and value not in self.choices
                and not (value is None and self.optional)):
            raise self.reason(self.bound, value)
        return super().check(value)
