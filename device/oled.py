"""The OLED through luma: any luma device behind the ``Display`` port.

``LumaDisplay.from_settings`` builds the real panel with luma.core's own
command-line helpers, so every display type and interface luma.oled knows
(SSD1306 or SH1106, I2C or SPI) is one settings change away. luma is
imported only when a panel is built.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any

from PIL import Image


@dataclass(frozen=True)
class OledSettings:
    """Which panel is wired, and how: the standard luma arguments.

    ``display`` is a luma.oled device name (``ssd1306``, ``sh1106``, ...),
    ``interface`` is ``i2c`` or ``spi``; ``port`` is the I2C bus or SPI port,
    ``address`` the I2C address (ignored on SPI); ``rotate`` is 0..3 quarter
    turns. Defaults are the design's: SSD1306 128x64 on I2C bus 1 at 0x3C.
    """

    display: str = "ssd1306"
    interface: str = "i2c"
    port: int = 1
    address: int = 0x3C
    width: int = 128
    height: int = 64
    rotate: int = 0

    def luma_args(self) -> list[str]:
        """The same settings as luma.core command-line arguments."""
        args = [
            f"--display={self.display}",
            f"--interface={self.interface}",
            f"--width={self.width}",
            f"--height={self.height}",
            f"--rotate={self.rotate}",
        ]
        if self.interface == "spi":
            args.append(f"--spi-port={self.port}")
        else:
            args += [f"--i2c-port={self.port}", f"--i2c-address={self.address:#04x}"]
        return args


class LumaDisplay:
    """The box's OLED: shows finished 1-bit frames on a luma device.

    :param device: any luma device (``luma.oled.device.ssd1306``,
        ``luma.core.device.dummy``, ...); its size is the display's size.
    """

    connected = True  # a panel that is gone raises on show (ResilientDisplay handles that)
    status = "OLED connected"

    def __init__(self, device: Any) -> None:
        self.device = device
        self.width: int = device.width
        self.height: int = device.height
        self._last: Image.Image | None = None

    @classmethod
    def from_settings(cls, settings: OledSettings) -> LumaDisplay:
        """Open the real panel described by ``settings`` (raises if it is absent).

        :raises ValueError: the settings name something luma does not know
            (its message is luma's, listing the allowed values).
        :raises luma.core.error.DeviceNotFoundError: the bus does not exist.
        """
        from luma.core import cmdline

        parser = cmdline.create_parser(
            description="Table Warden OLED",
            parser=argparse.ArgumentParser(exit_on_error=False),
            autocomplete=False,
        )
        try:
            args = parser.parse_args(settings.luma_args())
        except argparse.ArgumentError as error:
            raise ValueError(f"OLED settings: {error}") from None
        return cls(cmdline.create_device(args))

    def show(self, image: Image.Image) -> None:
        """Put ``image`` (the display's size) on the panel."""
        self.device.display(image)
        self._last = image

    def save(self, path: str) -> None:
        """Write the frame last shown as a PNG (all dark before the first)."""
        (self._last or Image.new("1", (self.width, self.height))).save(path, format="PNG")

    def contrast(self, level: int) -> None:
        """Set the panel's contrast, 0..255 (used for dimming after idle)."""
        self.device.contrast(level)

    def close(self) -> None:
        """Blank the panel and release its bus."""
        self.device.cleanup()
