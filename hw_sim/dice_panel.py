"""The dice panel in the simulator window: the tray stand-in a person clicks.

Apart from the window because it is the tray's side of things, not the
window's: it picks a kind, a count and faces, follows what the host armed
the tray for, and sends the roll through the simulated tray's
pseudo-terminal (``PtyTray.report``), as the real tray's bytes would arrive.
"""

from __future__ import annotations

import random
import threading
from typing import TYPE_CHECKING

from firmware_bridge.protocol import NAMED_FACES

if TYPE_CHECKING:
    from hw_sim.tray import PtyTray

#: The most dice the panel shows (and so sends in one roll).
MAX_DICE = 6


def faces_of(kind: str) -> tuple[str, ...]:
    """The faces a die of ``kind`` can show, as the panel cycles them."""
    if kind in NAMED_FACES:
        return NAMED_FACES[kind]
    return tuple(str(n) for n in range(1, int(kind[1:]) + 1))


class DicePanel:
    """The tray stand-in: which kind, how many dice, which faces; sends through the tray.

    ``report`` blocks until the host acknowledges, so it runs on a worker
    thread; the window only reads ``note`` and ``busy``.
    """

    def __init__(self, tray: PtyTray | None, kinds: tuple[str, ...],
                 rng: random.Random | None = None) -> None:
        self.tray = tray
        self.kinds = kinds
        self.kind = kinds[0]
        self.faces = [faces_of(self.kind)[0]]
        self.note = "" if tray is not None else "no tray in this box"
        self.busy = False
        self._rng = rng or random.Random()
        self._armed: tuple[int, str] | None = None

    def choose(self, kind: str) -> None:
        self.kind = kind
        self.faces = [faces_of(kind)[0]] * len(self.faces)

    def resize(self, delta: int) -> None:
        count = max(1, min(MAX_DICE, len(self.faces) + delta))
        self.faces = (self.faces + [faces_of(self.kind)[0]] * MAX_DICE)[:count]

    def cycle(self, index: int, steps: int) -> None:
        faces = faces_of(self.kind)
        self.faces[index] = faces[(faces.index(self.faces[index]) + steps) % len(faces)]

    def follow_arming(self) -> bool:
        """Take the kind and count the host armed the tray for; True if that changed anything."""
        armed = self.tray.armed if self.tray is not None else None
        if armed == self._armed:
            return False
        self._armed = armed
        if armed is not None:
            count, kind = armed
            if kind in self.kinds:
                self.choose(kind)
                self.resize(count - len(self.faces))
            self.note = f"tray armed: {count} {kind}"
        return True

    def roll(self) -> None:
        faces = faces_of(self.kind)
        self.faces = [self._rng.choice(faces) for _ in self.faces]
        self.send()

    def send(self) -> None:
        if self.tray is None or self.busy:
            return
        dice = [{"kind": self.kind, "face": int(f) if f.isdigit() else f} for f in self.faces]
        self.busy = True
        self.note = "rolling…"
        threading.Thread(target=self._report, args=(dice,), name="sim-dice-panel",
                         daemon=True).start()

    def _report(self, dice: list[dict]) -> None:
        shown = " ".join(str(d["face"]) for d in dice)
        assert self.tray is not None  # send() starts this only with a tray
        try:
            roll_id = self.tray.report(dice)
            self.note = f"sent {roll_id}: {shown}"
        except (TimeoutError, ValueError, OSError) as err:
            self.note = f"tray: {err}"
        finally:
            self.busy = False
