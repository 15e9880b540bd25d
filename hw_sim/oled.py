"""The OLED without the OLED: luma.core's ``dummy`` device behind the ``Display`` port.

``DummyDisplay`` is the real adapter (``LumaDisplay``) over luma's own test
device, which keeps a copy of the last frame instead of sending it to a bus.
It adds what a simulator and its tests need: the last frame as a PNG, a count
of frames shown (an idle box draws nothing), and the last contrast set.
"""

from __future__ import annotations

from pathlib import Path

from luma.core.device import dummy
from PIL import Image

from device.oled import LumaDisplay


class DummyDisplay(LumaDisplay):
    """A 1-bit OLED that remembers what it was last told to show.

    :param width: pixels across (the box's panel: 128).
    :param height: pixels down (the box's panel: 64).
    """

    def __init__(self, width: int = 128, height: int = 64) -> None:
        super().__init__(dummy(width=width, height=height, mode="1"))
        self.frames = 0
        """How many frames have been shown since start."""
        self.contrast_level = 0xFF
        """The last contrast set (luma's panels start at full contrast)."""

    def show(self, image: Image.Image) -> None:
        super().show(image)
        self.frames += 1

    def contrast(self, level: int) -> None:
        super().contrast(level)
        self.contrast_level = level

    @property
    def image(self) -> Image.Image:
        """The frame on the panel now (all dark before the first ``show``)."""
        shown = self.device.image
        return shown.copy() if shown is not None else Image.new("1", (self.width, self.height))

    def save(self, path: str | Path, scale: int = 1) -> None:
        """Write the frame on the panel as a PNG.

        ``scale=1`` is pixel-exact, for golden-image tests; a larger scale
        enlarges each pixel to a ``scale`` x ``scale`` block (nearest neighbour)
        for people to look at.
        """
        if scale < 1:
            raise ValueError(f"scale must be at least 1, got {scale}")
        frame = self.image
        if scale > 1:
            frame = frame.resize((self.width * scale, self.height * scale), Image.Resampling.NEAREST)
        frame.save(path, format="PNG")
