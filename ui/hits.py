"""What a touch on the screen may act on: the regions a frame reports and their targets.

The renderer only reports them; the screen adapter turns a tap into an input
event and the controller decides what it means, as it does for the dials and
buttons (``ui.touch``).
"""

from __future__ import annotations

from dataclasses import dataclass

#: What a touch on a region means, as the controller reads it (``contracts.events.Tap``):
#: ``("focus", key)`` a track, ``("turn", key, steps)`` its - / + (or a drag along it),
#: ``("menu", index)`` a menu or history item, ``("field", index)`` a form field
#: (``("field_turn", index, steps)`` dragging along it), ``("help",)`` the help
#: overlay, ``("dismiss",)`` a message box, ``("press", control)`` a dialog's
#: button (OK is ``select``, Cancel and Close are ``back``), ``("scroll", steps)``
#: the wheel over a list (up = +, towards its top).
Target = tuple[str | int, ...]

#: A dialog's buttons: what a tap on them presses.
SELECT: Target = ("press", "select")
BACK: Target = ("press", "back")


@dataclass(frozen=True)
class HitRegion:
    """A rectangle of the last frame a touch may act on.

    ``target`` is what a tap on it means (None: a tap means nothing). When
    ``drag`` is set, dragging across the region sideways means ``(*drag,
    steps)``: one step for every ``drag_step`` pixels. Turning the mouse wheel
    over it means ``(*wheel, clicks)`` (up = +); ``wheel`` defaults to ``drag``.
    """

    rect: tuple[int, int, int, int]
    target: Target | None
    drag: Target | None = None
    drag_step: int = 0
    wheel: Target | None = None

    @property
    def turned_by_wheel(self) -> Target | None:
        """What the wheel over this region turns, if anything."""
        return self.wheel or self.drag

    def contains(self, pos: tuple[int, int]) -> bool:
        x, y, w, h = self.rect
        return x <= pos[0] < x + w and y <= pos[1] < y + h
