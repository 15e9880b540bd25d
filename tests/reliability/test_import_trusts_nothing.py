"""Import trusts nothing (issue "Never bricks, never freezes", finding 2).

The export's checksum is public, so an edited file can be re-signed: every
finding below is re-signed with :func:`export_checksum`. :func:`check_export`
checks everything before anything is written and refuses with a
:class:`JournalImportError` naming what is wrong; through the real CLI a
refused import exits 2 saying so and leaves the data directory byte for byte
as it was.
"""

from __future__ import annotations

import copy
import json
import math
import re
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import Command, CommandSpec, Game, GameView, Param, TrackSpec, get_game, register
from store.game_export import (
    MAX_DEPTH,
    CheckedExport,
    JournalImportError,
    check_export,
    export_checksum,
    read_export,
)
from store.journal import Journal
from tests.acceptance.harness import tablewarden
from tests.reliability.hostile import places
from ui.model import Frame
from ui.oled import render_oled

KILFORTH = "gloom-of-kilforth"
WARRIOR = {"fight": 3, "study": 1, "sneak": 2, "influence": 2, "max_hp": 5, "gold": 1}
ADJUST = Command("adjust", {"track": "hero1.spirit", "delta": -1})


def _play(data_dir: Path, game_id: str, commands: list[Command]) -> Journal:
    journal, notices = Journal.open(data_dir)
    assert notices == []
    journal.new_game(game_id, {}, 7, name="Table 1")
    for command in commands:
        journal.commit(command)
    return journal


@cache
def exported(game_id: str, tmp: Path) -> dict:
    """A played game's export, as read back from a file (built once per game)."""
    played = {
        KILFORTH: [Command("next"), Command("hero_values", WARRIOR)],
        "kreel-manor": [ADJUST, Command("next"), Command("next"), ADJUST, ADJUST],
    }[game_id]
    journal = _play(tmp / game_id, game_id, played)
    try:
        journal.add_checkpoint("after the setup")
        journal.undo()  # a redo tail and a cursor short of the end
        return json.loads(json.dumps(journal.export_game()))
    finally:
        journal.close()


@pytest.fixture(scope="module")
def exports(tmp_path_factory) -> Callable[[str], dict]:
    """``exports(game_id)``: a fresh copy of that game's export."""
    tmp = tmp_path_factory.mktemp("exports")
    return lambda game_id: copy.deepcopy(exported(game_id, tmp))


def resigned(document: dict) -> dict:
    """The document signed again, as anyone editing it on purpose can."""
    document["checksum"] = export_checksum(document)
    return document


def refused(document, match: str) -> JournalImportError:
    with pytest.raises(JournalImportError, match=match) as err:
        check_export(document)
    return err.value


def shown(checked: CheckedExport, seq: int) -> None:
    """The state at ``seq`` drawn on the OLED, as the box draws it at "Continue"."""
    render_oled(Frame(game=checked.game.view(checked.state_at(seq))))


# --- valid exports pass ------------------------------------------------------------------


@pytest.mark.parametrize("game_id", [KILFORTH, "kreel-manor"])
def test_a_valid_export_is_checked_in_full(exports, game_id: str) -> None:
    document = exports(game_id)
    checked = check_export(document)
    assert checked.game.id == game_id
    assert (checked.name, checked.cursor) == ("Table 1", len(document["commands"]) - 1)
    assert [entry.command for entry in checked.commands] == [e["command"] for e in document["commands"]]
    assert [(p.name, p.seq) for p in checked.checkpoints] == [("after the setup", len(document["commands"]))]
    shown(checked, checked.cursor)


@pytest.mark.parametrize("game_id", ["myth-dark-frontier", "tainted-grail"])
def test_a_new_game_of_every_game_passes(tmp_path: Path, game_id: str) -> None:
    journal = _play(tmp_path, game_id, [])
    try:
        check_export(journal.export_game())
    finally:
        journal.close()


# --- finding 2a: an initial state without heroes bricked the box ----------------------------


def test_the_unchecked_state_without_heroes_raised_at_every_continue(exports) -> None:
    """Why the finding mattered: the box draws the game's view at every start."""
    from games.core import get_game

    state = exports(KILFORTH)["initial"]
    del state["heroes"]
    with pytest.raises(KeyError, match="heroes"):
        get_game(KILFORTH).view(state)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda state: state.pop("heroes"), "initial state: heroes is missing"),
        (lambda state: state.update(heroes="Aldric"), "initial state: heroes must be a list, not text"),
        (lambda state: state.update(heroes={}), "initial state: heroes must be a list, not an object"),
        (lambda state: state.update(heroes=None), "initial state: heroes must be a list, not null"),
        (lambda state: state["heroes"][0].pop("hp"), r"initial state: heroes\[0\]\.hp is missing"),
        (lambda state: state["heroes"][0].update(hp="4"), r"heroes\[0\]\.hp must be a whole number, not te"),
        (lambda state: state["heroes"].append(7), r"heroes\[1\] must be an object, not a whole number"),
        (lambda state: state.update(heroes=[]), "the initial state cannot be shown: IndexError"),
        (lambda state: state["heroes"][0].update(hp=99), "initial state breaks a rule: HP 99 not in 0..4"),
        (lambda state: state.update(procedure={"name": "brunch", "step": 0, "data": {}}),
         "initial state: procedure: gloom-of-kilforth has no procedure 'brunch'"),
        (lambda state: state["procedure"].update(step=-1), "initial state: procedure.step must be a step"),
        (lambda state: state.update(rng=-5), "initial state: rng must be a generator state"),
        (lambda state: state["map"][3].update(name="\x1b]0;pwned\x07D1"),
         r"initial state\.map\[3\]\.name: text with control characters"),
    ],
)
def test_an_initial_state_the_game_could_not_have_set_up_is_refused(exports, change, message: str) -> None:
    document = exports(KILFORTH)
    change(document["initial"])
    refused(resigned(document), message)


def test_options_go_through_the_games_own_setup_validation(exports) -> None:
    document = exports(KILFORTH)
    document["options"] = {"heroes": 9}
    refused(resigned(document), "options: Heroes must be at most 4")


KREEL_SCHEMA = get_game("kreel-manor").schema_version

# --- finding 2b: a schema of -10**30 made the import count for minutes ----------------------


@pytest.mark.parametrize(
    ("schema", "message"),
    [
        (-(10**30), r"commands\[0\]\.schema: a whole number larger than 64 bits"),
        (-(2**62), r"command 1 \(adjust\) cannot be read: .*schema -4611686018427387904; schemas start at 0"),
        (-1, r"command 1 \(adjust\) cannot be read: .*schemas start at 0"),
        (2**62, rf"command 1 \(adjust\) cannot be read: .*this version reads up to {KREEL_SCHEMA}"),
        (True, "command 1 needs the schema it was journaled under"),
    ],
)
def test_a_command_schema_outside_0_to_the_games_is_refused_at_once(exports, schema, message: str) -> None:
    document = exports("kreel-manor")
    document["commands"][0]["schema"] = schema
    started = time.monotonic()
    refused(resigned(document), message)
    assert time.monotonic() - started < 10  # it once counted up from the schema for minutes


@pytest.mark.parametrize(
    ("schema", "message"),
    [
        (-(10**30), r"initial\.schema: a whole number larger than 64 bits"),
        (-(2**62), "initial state cannot be read: kreel-manor save has schema -4611686018427387904; "
                   "schemas start at 0"),
        (0, "initial state cannot be read: .* this version reads saves from schema 1 up"),
        (KREEL_SCHEMA + 1, f"initial state cannot be read: .*this version reads up to {KREEL_SCHEMA}"),
    ],
)
def test_an_initial_schema_outside_what_the_game_reads_is_refused_at_once(exports, schema, message) -> None:
    document = exports("kreel-manor")
    document["initial"]["schema"] = schema
    started = time.monotonic()
    refused(resigned(document), message)
    assert time.monotonic() - started < 10


# --- finding 2c: created NaN, Infinity or huge raised sqlite3.IntegrityError ----------------

NOT_TIMES = [  # each value, and what the refusal says after naming the field
    (math.nan, ": nan is not a number JSON allows"),
    (math.inf, ": inf is not a number JSON allows"),
    (-math.inf, ": -inf is not a number JSON allows"),
    (10**30, ": a whole number larger than 64 bits"),
    (1e300, r" must be a time in seconds \(1970 to 9999\)"),
    (-1.0, " must be a time in seconds"),
    ("2024-01-01", " must be a time in seconds"),
]


@pytest.mark.parametrize(("value", "message"), NOT_TIMES)
def test_a_time_that_is_not_a_sane_time_is_refused(exports, value, message: str) -> None:
    document = exports("kreel-manor")
    document["created"] = value
    refused(resigned(document), f"^created{message}")


@pytest.mark.parametrize(("value", "message"), NOT_TIMES)
def test_a_commands_or_checkpoints_time_is_checked_the_same_way(exports, value, message: str) -> None:
    document = exports("kreel-manor")
    document["commands"][2]["created"] = value
    refused(resigned(document), rf"^(command 3: |commands\[2\]\.)created{message}")
    document = exports("kreel-manor")
    document["checkpoints"][0]["created"] = value
    refused(resigned(document), rf"^(checkpoint 'after the setup': |checkpoints\[0\]\.)created{message}")


# --- names, text and size -------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["", "   ", "\x1b[2J\x1b[31mgame over", "Table\x001", "two\nlines", "\u202eesrever", "x" * 201],
)
def test_a_name_must_be_printable_text_of_a_sane_length(exports, name: str) -> None:
    document = exports("kreel-manor")
    document["name"] = name
    refused(resigned(document), "name must be printable text of 1 to 200 characters")
    document = exports("kreel-manor")
    document["checkpoints"][0]["name"] = name
    refused(resigned(document), "checkpoint .*: its name must be printable text")


def test_a_document_nested_a_million_deep_is_refused_by_name(exports) -> None:
    document = exports("kreel-manor")
    deep: list = []
    for _ in range(1_000_000):
        deep = [deep]
    document["options"] = {"deep": deep}  # too deep to sign: the check comes before the checksum
    refused(document, rf"options\.deep(\[0\])+: nested more than {MAX_DEPTH} deep")


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ((1, 2), "tuple is not a JSON value"),
        ({1: "one"}, "a key that is not text"),
        ("x" * 200_001, "text longer than 200,000 characters"),
        (b"bytes", "bytes is not a JSON value"),
    ],
)
def test_what_json_cannot_hold_is_refused(exports, value, message: str) -> None:
    document = exports("kreel-manor")
    document["options"] = {"odd": value}
    refused(document, message)


def test_a_game_id_that_is_not_text_is_refused(exports) -> None:
    document = exports("kreel-manor")
    document["game"] = []
    refused(resigned(document), r"game must be a game id \(text\)")


# --- a view that raises is refused, wherever in the journal ---------------------------------


def _spoil(ctx) -> None:
    ctx.state["spoiled"] = True


def _unshowable_view(game: Game, state: dict) -> GameView:
    if state["spoiled"]:
        raise ZeroDivisionError("a view that cannot draw this state")
    return GameView(headline="fine")


UNSHOWABLE = register(
    Game(
        id="test-unshowable",
        title="Unshowable",
        schema_version=1,
        setup_params=(Param("hp", "int", low=1, high=9, default=5),),
        setup=lambda ctx: ctx.state.update(hp=ctx.params["hp"], spoiled=False),
        commands=(CommandSpec("spoil", "Make the view raise", _spoil),),
        procedures=(),
        tracks=lambda state: [TrackSpec("hp", "HP", "hp", 0, 9)],
        show=_unshowable_view,
    )
)


ADJUST_HP = Command("adjust", {"track": "hp", "delta": -1})


def _unshowable_export(tmp_path: Path, cursor_back: int) -> dict:
    journal = _play(tmp_path, UNSHOWABLE.id, [ADJUST_HP, Command("spoil"), ADJUST_HP])
    try:
        for _ in range(cursor_back):
            journal.undo()
        return journal.export_game()
    finally:
        journal.close()


@pytest.mark.parametrize("cursor_back", [0, 2])
def test_a_game_whose_view_raises_is_refused_at_the_cursor_or_the_end(tmp_path: Path, cursor_back) -> None:
    """A command the rules accept may still leave a state its view cannot draw: the
    box would raise at "Continue" (at the cursor) or on redo (at the end)."""
    document = _unshowable_export(tmp_path, cursor_back)
    where = "its last command (position 3)" if cursor_back else "its cursor (position 3)"
    refused(document, rf"the game at {re.escape(where)} cannot be shown: ZeroDivisionError")


# --- reading the file -------------------------------------------------------------------------


@pytest.mark.parametrize(("literal", "shown"), [("NaN", "nan"), ("Infinity", "inf"), ("-Infinity", "-inf")])
def test_nan_or_infinity_in_a_file_is_refused_naming_where(exports, tmp_path: Path, literal: str,
                                                           shown: str) -> None:
    document = exports("kreel-manor")
    document["commands"][1]["created"] = float(literal)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(resigned(document)), encoding="utf-8")
    assert literal in path.read_text()
    refused(read_export(path), rf"commands\[1\]\.created: {shown} is not a number JSON allows")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (b"[" * 200_000 + b"]" * 200_000, "nested too deeply"),
        (b'{"seed": ' + b"9" * 5000 + b"}", "not valid JSON"),
        (b'{"name": "\xff"}', "not UTF-8 text"),
        (b'{"name": ', "not valid JSON"),
    ],
)
def test_an_export_file_is_read_within_bounds(tmp_path: Path, text: bytes, message: str) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(text)
    with pytest.raises(JournalImportError, match=message):
        read_export(path)


def test_an_export_file_too_large_is_refused_unread(tmp_path: Path, monkeypatch) -> None:
    import store.game_export

    monkeypatch.setattr(store.game_export, "MAX_EXPORT_BYTES", 1024)
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"name": "x" * 2000}))
    with pytest.raises(JournalImportError, match="larger than"):
        read_export(path)


def test_a_missing_export_file_is_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(JournalImportError, match="cannot be read"):
        read_export(tmp_path / "nowhere.json")


# --- fuzzed: any re-signed damage is checked or refused by name, never a crash ----------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.sampled_from([-(10**30), 2**64, 2**63])
    | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)


def _nested(value, depth: int):
    for _ in range(depth):
        value = [value]
    return value


@st.composite
def damaged(draw, document: dict) -> dict:
    """``document`` with one value dropped, replaced, retyped or buried deep."""
    document = copy.deepcopy(document)
    path = draw(st.sampled_from(places(document)[1:]))
    *parents, last = path
    node = document
    for key in parents:
        node = node[key]
    how = draw(st.sampled_from(["drop", "replace", "retype", "bury"]))
    if how == "drop":
        del node[last]
    elif how == "replace":
        node[last] = draw(json_values)
    elif how == "retype":
        node[last] = draw(st.sampled_from([str(node[last]), [node[last]], {"value": node[last]}, None]))
    else:
        node[last] = _nested(node[last], draw(st.integers(MAX_DEPTH - 5, 300)))
    if draw(st.booleans()):
        resigned(document)
    return document


@pytest.mark.parametrize("game_id", [KILFORTH, "kreel-manor"])
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_any_resigned_damage_is_checked_or_refused_by_name(exports, game_id: str, data) -> None:
    document = data.draw(damaged(exports(game_id)))
    try:
        checked = check_export(document)
    except JournalImportError as err:
        assert str(err)
        return
    shown(checked, checked.cursor)
    shown(checked, len(checked.commands))


# --- through the real CLI: exit 2, named, the data directory untouched ------------------------


def _files(data_dir: Path) -> dict[str, bytes]:
    return {str(p.relative_to(data_dir)): p.read_bytes() for p in sorted(data_dir.rglob("*")) if p.is_file()}


@pytest.fixture
def box(tmp_path: Path) -> Path:
    """A data directory with a game in it, closed cleanly."""
    _play(tmp_path / "data", "kreel-manor", [ADJUST]).close()
    return tmp_path / "data"


def _import(box: Path, tmp_path: Path, text: str) -> tuple[int, str]:
    """Import ``text`` as a file; return the exit status and what the CLI said
    after naming the file (``tablewarden: FILE: <what is wrong>``)."""
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    before = _files(box)
    done = tablewarden("import", str(path), "--data-dir", str(box), timeout=120)
    assert _files(box) == before, "a refused import changed the data directory"
    assert f"tablewarden: {path}: " in done.stderr, done.stderr
    return done.returncode, done.stderr.split(f"{path}: ", 1)[1]


def test_cli_refuses_an_initial_state_without_heroes(exports, box: Path, tmp_path: Path) -> None:
    """Needs app/cli.py to import through check_export."""
    document = exports(KILFORTH)
    del document["initial"]["heroes"]
    status, said = _import(box, tmp_path, json.dumps(resigned(document)))
    assert status == 2 and said.startswith("initial state: heroes is missing")


@pytest.mark.parametrize("where", ["command", "initial"])
def test_cli_refuses_a_schema_of_minus_10_to_the_30_at_once(exports, box: Path, tmp_path: Path,
                                                           where: str) -> None:
    document = exports("kreel-manor")
    if where == "command":
        document["commands"][0]["schema"] = -(10**30)
    else:
        document["initial"]["schema"] = -(2**62)
    started = time.monotonic()
    status, said = _import(box, tmp_path, json.dumps(resigned(document)))
    assert status == 2 and "schema" in said
    assert time.monotonic() - started < 60


@pytest.mark.parametrize("created", [math.nan, math.inf, -math.inf, 10**30, 1e300])
def test_cli_refuses_a_created_time_that_is_not_a_time(exports, box: Path, tmp_path: Path, created) -> None:
    """Needs app/cli.py to import through check_export (NaN once raised
    sqlite3.IntegrityError out of the CLI; Infinity and 1e300 were accepted)."""
    document = exports("kreel-manor")
    document["created"] = created  # written as NaN, Infinity, 1000…, 1e+300
    status, said = _import(box, tmp_path, json.dumps(resigned(document)))
    assert status == 2 and said.startswith("created"), said


def test_cli_refuses_a_file_nested_too_deeply_to_parse(box: Path, tmp_path: Path) -> None:
    """Needs app/cli.py to read through read_export (json.loads raised RecursionError)."""
    status, said = _import(box, tmp_path, "[" * 200_000 + "]" * 200_000)
    assert status == 2 and "nested too deeply" in said


def test_cli_imports_a_valid_export(exports, box: Path, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(exports(KILFORTH)), encoding="utf-8")
    done = tablewarden("import", str(path), "--data-dir", str(box))
    assert done.returncode == 0, done.stderr
    assert "imported as slot 2" in done.stdout
