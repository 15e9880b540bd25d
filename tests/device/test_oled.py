"""LumaDisplay: settings become luma's own arguments; any luma device plugs in."""

from __future__ import annotations

import argparse
import os

import pytest
from luma.core import cmdline
from luma.core.device import dummy
from luma.core.error import DeviceNotFoundError
from PIL import Image

from device.oled import LumaDisplay, OledSettings


def parsed(settings: OledSettings) -> argparse.Namespace:
    parser = cmdline.create_parser(description="test", autocomplete=False)
    return parser.parse_args(settings.luma_args())


def test_default_settings_are_the_designs_panel():
    args = parsed(OledSettings())
    assert (args.display, args.interface, args.i2c_port, args.i2c_address) == ("ssd1306", "i2c", 1, "0x3c")
    assert (args.width, args.height, args.rotate) == (128, 64, 0)


def test_sh1106_on_spi():
    args = parsed(OledSettings(display="sh1106", interface="spi", port=0, rotate=2))
    assert (args.display, args.interface, args.spi_port, args.rotate) == ("sh1106", "spi", 0, 2)


def test_unknown_display_type_is_a_value_error():
    with pytest.raises(ValueError, match="invalid choice: 'ssd9999'"):
        LumaDisplay.from_settings(OledSettings(display="ssd9999"))


@pytest.mark.skipif(os.path.exists("/dev/i2c-1"), reason="an I2C bus is present")
def test_missing_bus_is_reported_by_luma():
    with pytest.raises(DeviceNotFoundError):
        LumaDisplay.from_settings(OledSettings())


def test_shows_on_any_luma_device():
    display = LumaDisplay(dummy(width=128, height=64, mode="1"))
    image = Image.new("1", (128, 64), color="white")
    display.show(image)
    display.contrast(0)
    assert display.device.image.getbbox() == (0, 0, 128, 64)
    display.close()
