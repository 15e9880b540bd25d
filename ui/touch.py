"""A finger (or the mouse) on the screen: taps and drags on what the renderer drew.

The screen renderer reports the regions of its last frame that a touch may act
on (:attr:`ui.screen.ScreenRenderer.hits`). :class:`TouchGestures` follows one
pointer over them and says which :data:`ui.screen.Target` it meant:

- a tap (down and up on the same region, without dragging) means the
  region's target: focus a track, turn it with its - / +, pick a menu item,
  focus a form field;
- a sideways drag that starts on a region with a ``drag`` target means that
  target plus a number of steps, reported as the finger moves: one step for
  every ``drag_step`` pixels (right = +);
- the mouse wheel turns what the topmost region under the pointer that the
  wheel acts on turns (a track or a form field, as the Spirit dial; a list,
  as the Menhir dial): its ``wheel`` (or ``drag``) target plus the clicks
  (up = +).

It knows nothing about pygame's events or the input queue: the screen adapters
(``device.screen``, ``hw_sim.window``) feed it positions in the frame's pixels
and emit each target as a ``contracts.events.Tap``.
"""

from __future__ import annotations

from collections.abc import Callable

from ui.hits import HitRegion, Target

#: How far (frame pixels) a finger may wander and still tap rather than drag.
SLOP = 12


class TouchGestures:
    """Follows one pointer over the regions of the frame it went down on.

    :param regions: gives the current frame's regions (the renderer's ``hits``).
    """

    def __init__(self, regions: Callable[[], tuple[HitRegion, ...]], slop: int = SLOP) -> None:
        self._regions = regions
        self.slop = slop
        self._region: HitRegion | None = None
        self._start = (0, 0)
        self._anchor_x = 0
        self._dragged = False

    @property
    def active(self) -> bool:
        """True while a pointer that went down on a region is still down."""
        return self._region is not None

    def down(self, pos: tuple[int, int]) -> None:
        self._region = next((r for r in reversed(self._regions()) if r.contains(pos)), None)
        self._start = pos
        self._anchor_x = pos[0]
        self._dragged = False

    def move(self, pos: tuple[int, int]) -> list[Target]:
        """Targets a drag reached since the last move (empty for a tap in progress)."""
        region = self._region
        if region is None or region.drag is None or region.drag_step <= 0:
            return []
        if not self._dragged and abs(pos[0] - self._start[0]) < self.slop:
            return []
        self._dragged = True
        steps = int((pos[0] - self._anchor_x) / region.drag_step)
        if not steps:
            return []
        self._anchor_x += steps * region.drag_step
        return [(*region.drag, steps)]

    def up(self, pos: tuple[int, int]) -> list[Target]:
        """The tap's target, if the pointer came up on the region it went down on."""
        region = self._region
        if region is None:
            return []
        moves = self.move(pos)
        self._region = None
        if self._dragged:
            return moves
        near = (abs(pos[0] - self._start[0]) < self.slop
                and abs(pos[1] - self._start[1]) < self.slop)
        if region.target is None:
            return []
        return [region.target] if near or region.contains(pos) else []

    def wheel(self, pos: tuple[int, int], clicks: int) -> list[Target]:
        """What turning the wheel ``clicks`` (up = +) with the pointer at ``pos`` means."""
        if not clicks:
            return []
        for region in reversed(self._regions()):
            turned = region.turned_by_wheel
            if turned is not None and region.contains(pos):
                return [(*turned, clicks)]
        return []

    def cancel(self) -> None:
        self._region = None
