"""What the OLED does on its own while nobody touches the box.

A 24/7 OLED burns in: after ``dim_after`` seconds without input the service
lowers its contrast, and every ``shift_every`` seconds the whole picture
moves by a pixel along :data:`SHIFTS`. Both are pure functions of the clock,
so the main loop can sleep until :meth:`IdleTimer.next_deadline` instead of
polling (DESIGN.md: "the idle box uses ~0% CPU").
"""

from __future__ import annotations

from dataclasses import dataclass, field

# Anti-burn-in offsets for the OLED, cycled every ``shift_every`` seconds.
SHIFTS = ((0, 0), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))


@dataclass
class IdleTimer:
    """Dimming and the burn-in shift, from the time of the last input.

    ``dim_after`` or ``shift_every`` of 0 turns that behaviour off.
    """

    started: float
    dim_after: float = 120.0
    shift_every: float = 60.0
    last_input: float = field(init=False)

    def __post_init__(self) -> None:
        self.last_input = self.started

    def touched(self, now: float) -> None:
        self.last_input = now

    def dimmed(self, now: float) -> bool:
        return self.dim_after > 0 and now - self.last_input >= self.dim_after

    def shift(self, now: float) -> tuple[int, int]:
        if self.shift_every <= 0:
            return (0, 0)
        return SHIFTS[int((now - self.started) // self.shift_every) % len(SHIFTS)]

    def next_deadline(self, now: float) -> float | None:
        """When the picture next changes without input (dimming or a shift), if ever."""
        deadlines = []
        if self.dim_after > 0 and not self.dimmed(now):
            deadlines.append(self.last_input + self.dim_after)
        if self.shift_every > 0:
            periods = (now - self.started) // self.shift_every + 1
            deadlines.append(self.started + periods * self.shift_every)
        return min(deadlines) if deadlines else None
