"""Config validation: a bad file names the key, the value and what is allowed."""

from pathlib import Path

import pytest

from app.config import Config, ConfigError, load_config, parse_config

EXAMPLE = Path(__file__).parents[2] / "deploy" / "config.example.toml"


def test_example_config_is_the_defaults():
    assert parse_config(EXAMPLE.read_text()) == Config()


def test_missing_file_gives_defaults(tmp_path):
    assert load_config(tmp_path / "absent.toml") == Config()
    assert load_config(None) == Config()


def test_pins_and_timings_are_read():
    config = parse_config("[controls]\nhold_time = 0.8\n[controls.buttons]\nback = 4\n"
                          "[controls.encoders.menhir]\na = 20\nb = 21\npush = 16\n")
    assert config.controls.hold_time == 0.8
    assert config.controls.buttons["back"] == 4
    assert config.controls.buttons["next"] == 13
    assert config.controls.encoders["menhir"] == (20, 21, 16)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ('[oled]\ndriver = "ssd9999"', ["oled.driver", "'ssd9999'", "'ssd1306', 'sh1106'"]),
        ("[oled]\ni2c_address = 300", ["oled.i2c_address", "300", "from 3 to 119"]),
        ("[oled]\nbrightness = 3", ["oled.brightness", "unknown", "contrast"]),
        ("[controls.buttons]\nback = 40", ["controls.buttons.back", "40", "BCM GPIO number from 0 to 27"]),
        ("[controls.buttons]\nback = 17", ["pin 17", "back", "spirit.a"]),
        ("[controls.buttons]\nstart = 4", ["controls.buttons.start", "back, select, next, undo"]),
        ("[controls.encoders.spirit]\na = 1\nb = 2", ["controls.encoders.spirit", "a, b and push"]),
        ('[controls]\nhold_time = "1"', ["controls.hold_time", "from 0.2 to 10"]),
        ("[controls]\nbounce_time = 0.9\nhold_time = 0.5", ["controls", "bounce_time"]),
        ("[screen]\nfullscreen = 1", ["screen.fullscreen", "true or false"]),
        ("[wat]\nx = 1", ["[wat]", "oled, screen, controls, dice_tray, journal, sound"]),
        ('[screen]\ntheme = "dark"', ["screen.theme", "'day', 'night'"]),
        ("[sound]\nenabled = true\npin = 17", ["sound.pin", "button or a dial"]),
        ("oled = 3", ["oled", "a table"]),
        ("x = ", ["not valid TOML"]),
    ],
)
def test_bad_config_names_the_problem(text, names):
    with pytest.raises(ConfigError) as err:
        parse_config(text)
    for name in names:
        assert name in str(err.value)


def test_unreadable_file_is_a_config_error(tmp_path):
    path = tmp_path / "config.toml"
    path.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ConfigError, match="cannot read"):
        load_config(path)


@pytest.mark.parametrize("backend", ["gpio", "evdev"])
def test_the_encoder_backend_is_read(backend):
    config = parse_config(f'[controls]\nencoder_backend = "{backend}"\n')
    assert config.controls.encoder_backend == backend
    assert parse_config("").controls.encoder_backend == "gpio"


@pytest.mark.parametrize("value", ['"kernel"', "1", '"EVDEV"'])
def test_a_bad_encoder_backend_names_the_key_and_the_choices(value):
    with pytest.raises(ConfigError) as err:
        parse_config(f"[controls]\nencoder_backend = {value}\n")
    assert "controls.encoder_backend" in str(err.value) and '"gpio" or "evdev"' in str(err.value)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("[oled]\ni2c_port = " + "9" * 5000, ["line 2", "a number of 5,000 digits"]),
        ("[oled]\ni2c_port = 99999999999999999999999", ["oled.i2c_port", "larger than 64 bits"]),
        ("[oled]\ni2c_port = 9999999999", ["oled.i2c_port", "9999999999", "from 0 to 20"]),
        ("[oled]\nwidth = " + "[" * 10_000, ["line 2", "nested too deeply (more than 6 levels)"]),
        ("[oled]\nwidth = " + "{a=" * 3_000, ["line 2", "nested too deeply (more than 6 levels)"]),
        ("oled." * 10_000 + "width = 1", ["line 1", "a key of more than 6 dotted parts"]),
        ("[oled]\ndim_after = nan", ["oled.dim_after", "nan is not a number"]),
        ("[oled]\ndim_after = -inf", ["oled.dim_after", "-inf is not a number"]),
        ("[oled]\ndim_after = 1e999", ["oled.dim_after", "inf is not a number"]),
        ('[dice_tray]\nport = "/dev/tty\\u0000"', ["dice_tray.port", "not printable"]),
        ('[oled]\ndriver = "\\u001b[31mred"', ["oled.driver", "not printable"]),
        ('"\\u001b[2J" = 1', ['"\\u001b[2J"', "a key that is not printable"]),
        ('[oled]\ndriver = "' + "x" * 5000 + '"', ["oled.driver", "longer than 4,096 characters"]),
        ('[oled]\ndriver = "' + "x" * 500 + '"', ["oled.driver", "'xxxx", "one of 'ssd1306'"]),
        ("[controls.encoders]\nspirit = [{}]", ["controls.encoders.spirit", "a, b and push"]),
        ("[oled]\ncontrast = 1.5", ["oled.contrast", "1.5", "whole number"]),
    ],
)
def test_huge_deep_and_unprintable_values_are_refused_naming_the_line_or_key(text, names):
    with pytest.raises(ConfigError) as err:
        parse_config(text, "box.toml")
    message = str(err.value)
    assert message.isprintable() and len(message) < 300, message
    for name in names:
        assert name in message


def test_the_value_shown_in_a_refusal_is_capped():
    with pytest.raises(ConfigError) as err:
        parse_config('[oled]\ndriver = "' + "x" * 4000 + '"')
    assert len(str(err.value)) < 200


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"[oled]\nwidth = 128\ndriver = \"\xff\"", "line 3: not UTF-8 text (invalid start byte at byte 29)"),
        (b"\xff\xfe\x00", "line 1: not UTF-8 text"),
        (b"[oled]\n" + b"# padding\n" * 8000, "larger than 64 KiB"),
    ],
)
def test_a_file_not_utf8_or_too_large_is_refused_naming_the_byte(tmp_path, raw, message):
    path = tmp_path / "config.toml"
    path.write_bytes(raw)
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert "cannot read config file" in str(err.value) and message in str(err.value)


def test_a_byte_order_mark_is_read_past(tmp_path):
    path = tmp_path / "config.toml"
    path.write_bytes(b"\xef\xbb\xbf[oled]\ncontrast = 100\n")
    assert load_config(path).oled.contrast == 100
