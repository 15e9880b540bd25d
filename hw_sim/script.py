"""Control scripts: a person at the table, written down as JSON Lines.

A script drives the service through the simulated hardware (DESIGN.md,
"hw_sim/"): presses, holds and turns become pin edges on ``SimPins``, dice
become reports of ``SimDiceSource`` (``hw_sim.script_runner`` plays them).
This module reads and checks: the whole file is checked before the first
line runs, so a typo on line 40 never leaves a demo half played.

One JSON object a line, one action per object::

    {"press": "next"}                     a short press of a button
    {"hold": "select", "seconds": 1.5}    a button kept down (0 < seconds <= 60)
    {"turn": "spirit", "steps": -3}       detents on a dial (negative = counter-clockwise)
    {"dice": [{"kind": "d6", "face": 5}]} the tray reports a settled roll
    {"wait": 0.5}                         let time pass (0 < seconds <= 600)
    {"snap": "after-night"}               write the displays' frames under this name

Blank lines and lines whose first non-blank character is ``#`` are comments.
Line numbers in errors count every line of the file, comments included, by
``\n`` only (a U+2028 inside a string does not start a line).

The file comes through the front door for untrusted text
(``games.core.untrusted``): at most :data:`MAX_SCRIPT_BYTES` of strict UTF-8,
each line at most :data:`MAX_LINE` characters of JSON nested at most
:data:`LINE_LIMITS` deep, numbers of a sane length, no NaN. Everything a line
could fail on at run time is checked here: each die's kind and face as the
tray protocol defines them (``firmware_bridge.protocol``), and that the roll
fits one tray frame.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from contracts.events import BUTTONS, ENCODERS
from contracts.files import read_regular
from firmware_bridge.protocol import (
    MAX_ROLL_ID,
    NAMED_FACES,
    FrameError,
    Roll,
    check_kind,
    decode_face,
    decode_tray_line,
    encode_dice,
    encode_frame,
    sides,
)
from games.core.untrusted import Limits, UntrustedError, decode, lines, parse_json, shown

MAX_HOLD_SECONDS = 60.0
MAX_WAIT_SECONDS = 600.0
MAX_STEPS = 1000
MAX_DICE = 100
SNAP_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")
# A script file, and each of its lines: one action object, a dice list inside it, a die inside that.
MAX_SCRIPT_BYTES = 16 * 2**20
MAX_LINE = 64 * 1024
LINE_LIMITS = Limits(max_size=MAX_LINE, max_depth=4, max_text=1024)
# A script of thousands of bad lines reports the first ones and counts the rest.
MAX_PROBLEMS = 20


class ScriptError(ValueError):
    """A control script that cannot be run; the message names every bad line."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class PressLine:
    line: int
    control: str


@dataclass(frozen=True)
class HoldLine:
    line: int
    control: str
    seconds: float


@dataclass(frozen=True)
class TurnLine:
    line: int
    control: str
    steps: int


@dataclass(frozen=True)
class DiceLine:
    line: int
    dice: tuple[dict, ...]


@dataclass(frozen=True)
class WaitLine:
    line: int
    seconds: float


@dataclass(frozen=True)
class SnapLine:
    line: int
    name: str


ScriptLine = PressLine | HoldLine | TurnLine | DiceLine | WaitLine | SnapLine

_ACTIONS = {"press": (), "hold": ("seconds",), "turn": ("steps",), "dice": (), "wait": (), "snap": ()}


class _Bad(Exception):
    """One line's problem, without its line number."""


def read_script(path: Path) -> list[ScriptLine]:
    """Read and check the control script in ``path``; ``ScriptError`` names what is
    wrong: a file that cannot be read, is too large or is not UTF-8 (the byte
    and line named), or every bad line."""
    try:
        raw = read_regular(path, MAX_SCRIPT_BYTES)
    except OSError as err:
        raise ScriptError([f"cannot be read: {err.strerror or err}"]) from None
    try:
        text = decode(raw, MAX_SCRIPT_BYTES)
    except UntrustedError as err:
        raise ScriptError([str(err)]) from None
    return parse_script(text)


def parse_script(text: str) -> list[ScriptLine]:
    """Check a whole control script and return its lines, or raise ``ScriptError``."""
    script: list[ScriptLine] = []
    problems: list[str] = []
    bad_lines = 0
    for number, raw in lines(text):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        try:
            script.append(_parse_line(number, raw))
        except _Bad as bad:
            bad_lines += 1
            if len(problems) < MAX_PROBLEMS:
                problems.append(f"line {number}: {bad}")
    if bad_lines > len(problems):
        problems.append(f"and {bad_lines - len(problems):,} more bad lines")
    if problems:
        raise ScriptError(problems)
    return script


def _parse_line(number: int, raw: str) -> ScriptLine:
    try:
        obj = parse_json(raw, LINE_LIMITS, object_pairs_hook=_no_duplicate_keys)
    except UntrustedError as err:
        raise _Bad(f"{err.field}: {err.problem}" if err.field else err.problem) from None
    if not isinstance(obj, dict):
        raise _Bad(f'expected a JSON object such as {{"press": "next"}}, got {_show(obj)}')
    actions = [key for key in obj if key in _ACTIONS]
    if len(actions) != 1:
        raise _Bad(f"expected exactly one of {_names(_ACTIONS)}, got {_names(obj) or 'none'}")
    action = actions[0]
    unknown = set(obj) - {action, *_ACTIONS[action]}
    if unknown:
        allowed = _names([action, *_ACTIONS[action]])
        raise _Bad(f'"{action}" takes only {allowed}, not {_names(sorted(unknown))}')
    for key in _ACTIONS[action]:
        if key not in obj:
            raise _Bad(f'"{action}" needs "{key}"')
    value = obj[action]
    if action == "press":
        return PressLine(number, _button(action, value))
    if action == "hold":
        return HoldLine(number, _button(action, value), _seconds("seconds", obj["seconds"], MAX_HOLD_SECONDS))
    if action == "turn":
        return TurnLine(number, _encoder(value), _steps(obj["steps"]))
    if action == "dice":
        return DiceLine(number, _dice(value))
    if action == "wait":
        return WaitLine(number, _seconds("wait", value, MAX_WAIT_SECONDS))
    return SnapLine(number, _snap_name(value))


def _button(action: str, value: Any) -> str:
    if value not in BUTTONS:
        raise _Bad(f'"{action}" needs a button ({", ".join(BUTTONS)}), got {_show(value)}')
    return value


def _encoder(value: Any) -> str:
    if value not in ENCODERS:
        raise _Bad(f'"turn" needs an encoder ({" or ".join(ENCODERS)}), got {_show(value)}')
    return value


def _seconds(key: str, value: Any, limit: float) -> float:
    if not _is_number(value) or not 0 < value <= limit:
        raise _Bad(f'"{key}" needs seconds, a number above 0 and at most {limit:g}, got {_show(value)}')
    return float(value)


def _steps(value: Any) -> int:
    if not _is_int(value) or value == 0 or abs(value) > MAX_STEPS:
        raise _Bad(
            f'"steps" needs a whole number of detents, not 0, at most {MAX_STEPS} either way, '
            f"got {_show(value)}"
        )
    return value


def _dice(value: Any) -> tuple[dict, ...]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_DICE:
        raise _Bad(f'"dice" needs a list of 1 to {MAX_DICE} dice, got {_show(value)}')
    dice = tuple(_die(index, die) for index, die in enumerate(value, start=1))
    _fits_a_tray_frame(dice)
    return dice


def _die(index: int, die: Any) -> dict:
    """One die as the tray would report it: a kind PROTOCOL.md defines, one of its faces."""
    where = f'"dice" entry {index}'
    if not isinstance(die, dict) or set(die) != {"kind", "face"}:
        raise _Bad(
            f'{where} needs exactly "kind" and "face", e.g. {{"kind": "d6", "face": 5}}, got {_show(die)}'
        )
    kind, face = die["kind"], die["face"]
    try:
        check_kind(kind if isinstance(kind, str) else "")
    except ValueError:
        raise _Bad(f'{where}: "kind" needs a dice kind: d2 to d100 (such as "d6" or "d10"), '
                   f'{", ".join(NAMED_FACES)}; got {_show(kind)}') from None
    count = sides(kind)
    if count is not None:
        if not _is_int(face) or not 1 <= face <= count:
            raise _Bad(f'{where}: a {kind} "face" needs a whole number from 1 to {count}, got {_show(face)}')
        return {"kind": kind, "face": face}
    names = NAMED_FACES[kind]
    try:
        named = decode_face(kind, face) if isinstance(face, str) and face != "?" else None
    except ValueError:
        named = None
    if named is None:
        raise _Bad(f'{where}: a {kind} "face" needs one of {", ".join(names)}, got {_show(face)}')
    return {"kind": kind, "face": named}


def _fits_a_tray_frame(dice: tuple[dict, ...]) -> None:
    """The roll as the simulated tray sends it (``ROLL``, the largest roll id,
    ``settled``) fits one frame, and the host reads it back as these dice."""
    try:
        frame = encode_frame("ROLL", str(MAX_ROLL_ID), "settled", encode_dice(list(dice)))
    except ValueError as err:
        raise _Bad(f'"dice": {len(dice)} dice do not fit one tray frame ({err}); '
                   "split them over several rolls") from None
    try:
        roll = decode_tray_line(frame[:-1])
    except FrameError as err:
        raise _Bad(f'"dice": the tray could not report this roll ({err.detail})') from None
    if not isinstance(roll, Roll):
        raise _Bad('"dice": the tray could not report this roll')
    if [die.as_dict() for die in roll.dice] != list(dice):
        raise _Bad(f'"dice": the tray would report {_show([d.as_dict() for d in roll.dice])} instead')


def _snap_name(value: Any) -> str:
    if not isinstance(value, str) or not SNAP_NAME.fullmatch(value):
        raise _Bad(f'"snap" needs a file name of 1 to 64 letters, digits, "-" or "_", got {_show(value)}')
    return value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return (_is_int(value) or isinstance(value, float)) and math.isfinite(value)


def _show(value: Any) -> str:
    return shown(value, 40)


def _names(keys: Any) -> str:
    """Keys as JSON strings (a key read from the file is escaped, never printed raw), at most 8."""
    keys = list(keys)
    shown_keys = ", ".join(json.dumps(key[:40]) for key in keys[:8])
    return shown_keys + (f" and {len(keys) - 8} more" if len(keys) > 8 else "")


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict:
    keys = [key for key, _ in pairs]
    repeated = sorted({key for key in keys if keys.count(key) > 1})
    if repeated:
        raise _Bad(f"{_names(repeated)} given more than once")
    return dict(pairs)
