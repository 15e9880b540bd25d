"""Bad input everywhere, fuzzed through the CLI: control scripts, config files and imported games (issue 15).

Each reader is driven through its public entry point, ``tablewarden``'s own
``main`` (the console script), with bytes and structures from
tests/reliability/hostile.py. Whatever the file, the command either accepts
it or exits 2 with ``tablewarden: FILE: <what is wrong, and where>``; it never
raises (a traceback), never prints a control character, and a refused file
leaves the data directory byte for byte as it was. ``run`` stops before the
service starts (``_serve`` is replaced): what is checked is the reading; the
corpus (test_bad_inputs_corpus.py) runs the real service.
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app import cli, cli_run
from app.config import Config, ConfigError, parse_config
from app.doctor import FAIL, OK, check_config
from games.core import Command
from hw_sim.script import DiceLine, ScriptError, parse_script
from store.game_export import export_checksum
from store.journal import Journal
from tests.reliability.hostile import (
    HUGE,
    ODD_CHARACTERS,
    TALLY,
    fuzz,
    huge_digits,
    huge_text,
    json_text,
    odd_text,
    places,
    spoiling,
    toml_lines,
)


def files(data_dir: Path) -> dict[str, bytes]:
    if not data_dir.exists():
        return {}
    return {str(p.relative_to(data_dir)): p.read_bytes() for p in sorted(data_dir.rglob("*")) if p.is_file()}


def said(capsys, path: Path) -> str:
    """What the CLI told the person, after naming the file; checked to be one printable message."""
    err = capsys.readouterr().err
    assert err.startswith(f"tablewarden: {path}: "), err
    message = err[len(f"tablewarden: {path}: "):].rstrip("\n")
    assert message and "Traceback" not in err
    assert all(line.isprintable() for line in message.split("\n")), repr(message)
    return message


@pytest.fixture
def no_service(monkeypatch) -> list:
    """``run`` reads its config and script, then would start the service: it returns 0 instead."""
    started: list = []

    def serve(args, hardware, config, script) -> int:
        started.append((config, script))
        return 0

    monkeypatch.setattr(cli_run, "_serve", serve)
    return started


# --- control scripts ---------------------------------------------------------------------

SCRIPT_KEYS = ("press", "hold", "turn", "steps", "seconds", "wait", "dice", "snap", "kind", "face")
GOOD_LINES = ('{"press": "next"}', '{"hold": "select", "seconds": 1.5}', '{"turn": "spirit", "steps": -3}',
              '{"wait": 0.5}', '{"snap": "after-night"}', "# a comment", "",
              '{"dice": [{"kind": "d6", "face": 5}, {"kind": "fate", "face": "Rage"}]}')
KINDS = ("d6", "d10", "d2", "d100", "d0", "d1", "d101", "d1000", "d06", "D6", "fate", "guardian", "dial",
         "rune")
FACES = (1, 6, 7, 10, 100, 5000, 0, -1, "Rage", "rage", "Joy", "North", "Grail", "?", "", "R" * 40, True,
         None, 1.5, "6", "Rage;d6:6", "\u2028")


@st.composite
def dice_line(draw) -> str:
    """A ``dice`` line at the tray's edges: kinds and faces the protocol does and does not define,
    and rolls too long for one frame."""
    die = st.fixed_dictionaries({"kind": st.sampled_from(KINDS), "face": st.sampled_from(FACES)})
    if draw(st.booleans()):
        dice = [{"kind": "d6", "face": 6}] * draw(st.integers(40, 120))
    else:
        dice = draw(st.lists(die, min_size=1, max_size=6))
    return json.dumps({"dice": dice}, ensure_ascii=False)


script_line = st.one_of(st.sampled_from(GOOD_LINES), dice_line(), json_text(SCRIPT_KEYS, huge=False),
                        json_text(SCRIPT_KEYS), odd_text,
                        huge_digits.map(lambda digits: '{"turn": "spirit", "steps": ' + digits + "}"))


@fuzz(120)
@given(data=st.data())
def test_any_script_file_runs_or_exits_2_naming_the_line(tmp_path, capsys, no_service, data):
    lines = data.draw(st.lists(script_line, max_size=6))
    raw = data.draw(spoiling)("\n".join(lines))
    path, data_dir = tmp_path / "script.jsonl", tmp_path / "data"
    path.write_bytes(raw)
    no_service.clear()
    status = cli.main(["run", "--hardware", "sim", "--headless", "--data-dir", str(data_dir),
                       "--config", str(empty_config(tmp_path)), "--script", str(path)])
    if status == 0:
        TALLY["scripts (run --script)"]["accepted"] += 1
        ((_, script),) = no_service
        for line in script:
            if isinstance(line, DiceLine):  # what the tray will be asked to report, it can
                assert 1 <= len(line.dice) <= 46
    else:
        TALLY["scripts (run --script)"]["refused, exit 2"] += 1
        assert status == 2 and not no_service
        message = said(capsys, path)
        assert message.startswith(("line ", "larger than")), message
    assert not data_dir.exists(), "reading a script touched the data directory"


def empty_config(tmp_path: Path) -> Path:
    path = tmp_path / "empty.toml"
    if not path.exists():
        path.write_text("")
    return path


@fuzz(150)
@given(st.lists(st.one_of(st.text(max_size=40), st.sampled_from(GOOD_LINES), script_line), max_size=6),
       st.sampled_from(["\n", "\r\n", "\u2028", "\u2029", "\x0c"]))
def test_any_script_text_is_accepted_or_names_each_bad_line(lines, joiner):
    text = joiner.join(lines)
    try:
        parse_script(text)
    except ScriptError as err:
        assert all(p.startswith("line ") or p.endswith("more bad lines") for p in err.problems)
        assert len(err.problems) <= 21
        for problem in err.problems:  # the number is the line's number counted by line feeds
            if problem.startswith("line "):
                assert 1 <= int(problem.split(":")[0][5:]) <= text.count("\n") + 1


# --- config ---------------------------------------------------------------------------------

CONFIG_KEYS = ("enabled", "driver", "i2c_address", "width", "dim_after", "port", "baudrate", "buttons",
               "encoders", "back", "a", "push", "hold_time", "snapshot_every", "theme", "x")
CONFIG_SECTIONS = ("oled", "screen", "controls", "controls.buttons", "controls.encoders.spirit", "dice_tray",
                   "journal", "sound", "other")


@fuzz(120)
@given(data=st.data())
def test_any_config_file_starts_or_exits_2_naming_the_key_or_line(tmp_path, capsys, no_service, data):
    text = "\n".join(data.draw(toml_lines(CONFIG_KEYS, CONFIG_SECTIONS)))
    path, data_dir = tmp_path / "config.toml", tmp_path / "data"
    path.write_bytes(data.draw(spoiling)(text))
    no_service.clear()
    status = cli.main(["run", "--hardware", "sim", "--headless", "--data-dir", str(data_dir),
                       "--config", str(path)])
    findings, config = check_config(path)  # the doctor reads the same file the same way
    if status == 0:
        TALLY["config (run, doctor)"]["accepted"] += 1
        assert isinstance(no_service[0][0], Config) and findings[0].status == OK
    else:
        TALLY["config (run, doctor)"]["refused, exit 2"] += 1
        assert status == 2 and not no_service
        err = capsys.readouterr().err
        assert err.startswith("tablewarden: ") and "Traceback" not in err and err.rstrip("\n").isprintable()
        assert findings[0].status == FAIL and config == Config()
        assert findings[0].summary in err
    assert not data_dir.exists()


@fuzz(100)
@given(st.text(max_size=300))
def test_any_config_text_is_accepted_or_named(text):
    try:
        assert isinstance(parse_config(text, "fuzz.toml"), Config)
    except ConfigError as err:
        assert str(err).startswith(("config", "fuzz.toml")) and str(err).isprintable()


# --- imports ----------------------------------------------------------------------------------


@cache
def kreel_export() -> str:
    """An export of a short Kreel Manor game, as ``tablewarden export`` writes it."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        journal, _ = Journal.open(Path(folder))
        journal.new_game("kreel-manor", {}, 3)
        for delta in (-1, 1, -1):
            journal.commit(Command("adjust", {"track": "hero1.spirit", "delta": delta}))
        document = journal.export_game()
        journal.close()
    return json.dumps(document, indent=1, sort_keys=True)


HOSTILE_VALUES = (math.nan, math.inf, -math.inf, 2**64, 2**70, -(10**30), 1e300, "\x1b[2J\x1b[31mgame over",
                  "Table\x001", "two\nlines", "\u202eesrever", "\ud800", [[[[[[]]]]]], {}, None, True, "",
                  *ODD_CHARACTERS)


@st.composite
def hostile_export(draw) -> bytes:
    """A real export with one value made hostile (maybe re-signed, so the checks past the
    checksum run), then maybe spoiled as text: a 10k-digit number, deep nesting, bad bytes."""
    document = json.loads(kreel_export())
    path = draw(st.sampled_from([("name",), ("created",), ("seed",), ("options",), ("cursor",),
                                 *places(document)[1:]]))
    *parents, last = path
    node = document
    for key in parents:
        node = node[key]
    node[last] = draw(st.one_of(st.sampled_from(HOSTILE_VALUES), huge_text))
    if draw(st.booleans()):
        document["checksum"] = export_checksum(document)
    text = json.dumps(document, ensure_ascii=draw(st.booleans()))
    how = draw(st.sampled_from(["as is", "digits", "deep", "wrapped"]))
    if how == "digits":
        text = text.replace('"seed": 3', '"seed": ' + "9" * draw(st.integers(*HUGE)))
    elif how == "deep":
        depth = draw(st.integers(65, 100_000))
        text = text.replace('"options": {}', '"options": ' + "[" * depth + "]" * depth)
    elif how == "wrapped":
        text = "[" * 100 + text + "]" * 100
    return draw(spoiling)(text)


@fuzz(60)
@given(data=st.data())
def test_any_import_file_is_imported_or_exits_2_changing_nothing(tmp_path, capsys, box, data):
    path = tmp_path / "game.json"
    path.write_bytes(data.draw(hostile_export()))
    before = files(box)
    status = cli.main(["import", str(path), "--data-dir", str(box)])
    if status == 0:
        TALLY["imports (import FILE)"]["imported"] += 1
        assert "imported as slot" in capsys.readouterr().out
    else:
        TALLY["imports (import FILE)"]["refused, exit 2"] += 1
        assert status == 2
        said(capsys, path)
        assert files(box) == before, "a refused import changed the data directory"


# --- echoing what was read -----------------------------------------------------------------


def test_games_lists_names_without_control_characters_and_capped(tmp_path, capsys):
    """Names read from files once (an import by an older box, an edited journal) are
    echoed stripped of escapes, NUL and line breaks, at most 64 characters."""
    journal, _ = Journal.open(tmp_path)
    journal.new_game("kreel-manor", {}, 3, name="\x1b[2J\x1b[31mgame\x00 over\n\u202eevil" + "x" * 5_000_000)
    journal.close()
    assert cli.main(["games", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and out.rstrip("\n").isprintable()
    assert "[2J[31mgame over" in out and len(out) < 200


@pytest.mark.parametrize(
    ("raw", "rate"),
    [
        (b"dtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=400000\n", 400_000),
        (b"dtparam=i2c_arm_baudrate=100000\r\ndtparam=i2c_arm_baudrate=400000\r\n", 400_000),
        (b"dtparam=i2c_arm_baudrate=" + b"9" * 5000 + b"\n", None),
        (b"dtparam=i2c_arm_baudrate=\xff400000\n", None),
        (b"\x00" * 300_000, None),
    ],
)
def test_the_doctor_reads_the_boot_config_as_untrusted_text(tmp_path, monkeypatch, raw, rate):
    import app.doctor

    path = tmp_path / "config.txt"
    path.write_bytes(raw)
    monkeypatch.setattr(app.doctor, "BOOT_CONFIGS", (path, tmp_path / "absent.txt"))
    assert app.doctor._boot_baudrate() == rate
