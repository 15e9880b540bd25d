"""The regression corpus of issue 15: every bad input once seen, through the real entry points.

Each file in tests/fixtures/bad_inputs/ once gave a traceback, a wrong line
number, a run that failed after it started, or an accepted import that should
not have been. Scripts, config files and imports go through the real
``tablewarden`` process: exit 2, one printable message naming the file, the
place and the problem, no traceback, the data directory untouched. Packs go
through the running box's menu ("Load pack: …"): a short OLED message and the
game unchanged. Tray frames go through the reader's parser: counted, never a
roll. EXPECTED says what each file must be refused for; a file added to the
corpus must be added there too.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.controller import Controller
from firmware_bridge.parser import FrameParser
from games.core.errors import fits_oled
from store.journal import Journal
from tests.acceptance.harness import run_script, tablewarden
from tests.reliability.hostile import load_pack
from ui.oled import render_oled

CORPUS = Path(__file__).parents[1] / "fixtures" / "bad_inputs"

EXPECTED = {
    # control scripts: `tablewarden run --script FILE` said so with exit 1 and a traceback, or counted wrong
    "scripts/not-utf8.jsonl": "line 2: not UTF-8 text (invalid start byte at byte 30)",
    "scripts/encoded-surrogate.jsonl": "line 1: not UTF-8 text (invalid continuation byte at byte 11)",
    "scripts/steps-5000-digits.jsonl": "line 2: a number of 5,000 digits (at most 40)",
    "scripts/nested-10k.jsonl": "line 1: nested too deeply",
    "scripts/u2028-line-numbers.jsonl": 'line 3: "press" needs a button',
    "scripts/wait-nan.jsonl": "line 1: NaN is not a number",
    "scripts/wait-1e999.jsonl": "line 1: 1e999 is too large a number",
    "scripts/key-with-escapes.jsonl": 'line 1: expected exactly one of "press", "hold", "turn", "dice", '
                                      '"wait", "snap", got "\\u001b[2J\\u001b[31m"',
    # ...and these passed the check, then failed at run time with exit 1
    "scripts/face-over-32.jsonl": 'line 1: "dice" entry 1: a fate "face" needs one of Rage',
    "scripts/fate-joy.jsonl": 'line 1: "dice" entry 1: a fate "face" needs one of Rage',
    "scripts/dice-100-d6.jsonl": 'line 1: "dice": 100 dice do not fit one tray frame',
    "scripts/kind-d0.jsonl": 'line 1: "dice" entry 1: "kind" needs a dice kind',
    "scripts/kind-d1000.jsonl": 'line 1: "dice" entry 1: "kind" needs a dice kind',
    "scripts/kind-d06.jsonl": 'line 1: "dice" entry 1: "kind" needs a dice kind',
    # config: `run` and `doctor` crashed on these
    "config/huge-int.toml": "line 2: a number of 5,000 digits (at most 40)",
    "config/int-over-64-bits.toml": "journal.backups: a whole number larger than 64 bits",
    "config/deep-array.toml": "line 2: nested too deeply",
    "config/deep-inline-table.toml": "line 2: nested too deeply",
    "config/dotted-key-10k.toml": "line 1: a key of more than 6 dotted parts",
    "config/nan.toml": "oled.dim_after: nan is not a number",
    "config/inf.toml": "dice_tray.timeout: inf is not a number",
    "config/not-utf8.toml": "line 2: not UTF-8 text (invalid start byte at byte 20)",
    "config/escape-in-string.toml": "oled.driver: text that is not printable",
    "config/nul-in-port.toml": "dice_tray.port: text that is not printable",
    "config/escape-in-key.toml": '"\\u001b[2J": a key that is not printable',
    # packs: loading one from the menu crashed the service (short: the OLED's text)
    "packs/huge-int.toml": "Pack: bad number",
    "packs/deep-array.toml": "Pack: nested too deep",
    "packs/deep-inline-table.toml": "Pack: nested too deep",
    "packs/dotted-key-10k.toml": "Pack: nested too deep",
    "packs/nan.toml": "Pack: bad number",
    "packs/ansi-name.toml": "Pack: bad text",
    "packs/not-utf8.toml": "Pack: unreadable",
    # imports: tracebacks, or accepted
    "imports/seed-5000-digits.json": "not valid JSON: line 161: a number of 5,000 digits",
    "imports/options-2-to-the-70.json": "options.heroes: a whole number larger than 64 bits",
    "imports/deep-nesting.json": "nested too deeply (more than 64 levels)",
    "imports/created-nan.json": "created: nan is not a number JSON allows",
    "imports/not-utf8.json": "not UTF-8 text (invalid start byte at byte",
    "imports/lone-surrogate.json": "name: text that is not Unicode (a lone surrogate)",
    "imports/name-ansi.json": "name must be printable text",
    "imports/name-nul.json": "name must be printable text",
    # the tray: custom kinds d0, d1000, d06 were accepted as dice
    "tray/undefined-dice.txt": "bad_field",
}

GAMES = ("gloom-of-kilforth", "kreel-manor", "myth-dark-frontier", "tainted-grail")


def corpus(kind: str) -> list[str]:
    return sorted(name for name in EXPECTED if name.startswith(kind + "/"))


def files(data_dir: Path) -> dict[str, bytes]:
    if not data_dir.exists():
        return {}
    return {str(p.relative_to(data_dir)): p.read_bytes() for p in sorted(data_dir.rglob("*")) if p.is_file()}


def refused(done, path: Path) -> str:
    """Exit 2 and one printable message after the file's name; that message."""
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and done.stderr.rstrip("\n").replace("\n", " ").isprintable()
    assert f"{path}: " in done.stderr, done.stderr
    return done.stderr.split(f"{path}: ", 1)[1]


def test_every_corpus_file_has_its_expectation():
    on_disk = {str(p.relative_to(CORPUS)) for p in CORPUS.rglob("*") if p.is_file()}
    assert on_disk == set(EXPECTED)


@pytest.mark.parametrize("name", corpus("scripts"))
def test_a_bad_script_exits_2_naming_the_line(tmp_path, name):
    path, data_dir = CORPUS / name, tmp_path / "data"
    config = tmp_path / "empty.toml"
    config.write_text("")
    done = tablewarden("run", "--hardware", "sim", "--headless", "--data-dir", str(data_dir),
                       "--config", str(config), "--script", str(path), timeout=60)
    assert EXPECTED[name] in refused(done, path)
    assert not data_dir.exists()


def test_the_most_dice_a_script_may_roll_run_through_the_tray(tmp_path):
    """What the check lets through, the simulated tray carries: 46 d6 in one frame, exit 0
    (the 100 d6 of dice-100-d6.jsonl once passed the check and failed the run)."""
    run = run_script(tmp_path, [{"dice": [{"kind": "d6", "face": 6}] * 46}, {"press": "next"}])
    assert run.status == 0, run.stderr


@pytest.mark.parametrize("name", corpus("config"))
def test_a_bad_config_exits_2_from_run_and_fails_the_doctor_naming_the_key(tmp_path, name):
    path, data_dir = CORPUS / name, tmp_path / "data"
    done = tablewarden("run", "--hardware", "sim", "--headless", "--data-dir", str(data_dir),
                       "--config", str(path), timeout=60)
    assert EXPECTED[name] in refused(done, path)
    doctor = tablewarden("doctor", "--hardware", "sim", "--data-dir", str(data_dir), "--config", str(path),
                         "--json", timeout=60)
    assert "Traceback" not in doctor.stderr and doctor.returncode == 1
    (config,) = [f for f in json.loads(doctor.stdout) if f["check"] == "config"]
    assert config["status"] == "fail" and EXPECTED[name] in config["summary"]
    assert not data_dir.exists()


@pytest.mark.parametrize("name", corpus("imports"))
def test_a_bad_import_exits_2_and_changes_nothing(box, name):
    path = CORPUS / name
    before = files(box)
    done = tablewarden("import", str(path), "--data-dir", str(box), timeout=60)
    assert EXPECTED[name] in refused(done, path)
    assert files(box) == before


def test_a_name_of_5_mb_is_refused(box, tmp_path):
    from store.game_export import export_checksum

    document = json.loads((CORPUS / "imports" / "name-ansi.json").read_text())
    document["name"] = "x" * 5_000_000
    document["checksum"] = export_checksum(document)
    path = tmp_path / "huge-name.json"
    path.write_text(json.dumps(document))
    before = files(box)
    done = tablewarden("import", str(path), "--data-dir", str(box), timeout=60)
    assert "name: text that is longer than 200,000 characters" in refused(done, path)
    assert files(box) == before


@pytest.mark.parametrize("game", GAMES)
def test_a_bad_pack_from_the_menu_is_a_short_message_and_changes_nothing(tmp_path, game):
    folder = tmp_path / "packs" / game
    folder.mkdir(parents=True)
    for name in corpus("packs"):
        (folder / Path(name).name).write_bytes((CORPUS / name).read_bytes())
    journal, _ = Journal.open(tmp_path / "data")
    try:
        journal.new_game(game, {}, 1)
        controller = Controller(journal, seed=lambda: 1, clock=lambda: 1000.0, packs_dir=tmp_path / "packs")
        before = journal.state()
        for name in corpus("packs"):
            load_pack(controller, Path(name).stem)
            frame = controller.frame()
            render_oled(frame)
            message = frame.message
            named = EXPECTED[name].replace("Pack", Path(name).stem, 1)  # the OLED names the pack
            assert message.kind == "error" and message.short == named, (name, message)
            assert fits_oled(message.short) and message.long.isprintable()
            assert journal.state() == before
    finally:
        journal.close()


def test_undefined_dice_from_the_tray_are_counted_never_rolled():
    parser = FrameParser()
    data = (CORPUS / "tray" / "undefined-dice.txt").read_bytes()
    assert parser.feed(data) == []
    assert parser.rejected == {EXPECTED["tray/undefined-dice.txt"]: data.count(b"\n")}
