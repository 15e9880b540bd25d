"""Control scripts: every line checked up front, then played through the simulated box."""

from __future__ import annotations

import logging
import queue
import re
import threading
import time

import pytest

from contracts.events import DiceRolled, Hold, Press, Quit, Snapshot, Sync, Turn
from device.controls import ControlPins
from hw_sim.dice import SimDiceSource
from hw_sim.pins import SimPins
from hw_sim.script import (
    DiceLine,
    HoldLine,
    PressLine,
    ScriptError,
    SnapLine,
    TurnLine,
    WaitLine,
    parse_script,
)
from hw_sim.script_runner import ScriptRunner

EXAMPLE = """\
# the design's example lines
{"press": "next"}
{"hold": "select", "seconds": 1.5}

{"turn": "spirit", "steps": -3}
{"dice": [{"kind": "d6", "face": 5}, {"kind": "d6", "face": 6}]}
   # indented comment
{"wait": 0.5}
{"snap": "after-night"}
"""


def test_parses_every_kind_of_line_with_its_line_number():
    assert parse_script(EXAMPLE) == [
        PressLine(2, "next"),
        HoldLine(3, "select", 1.5),
        TurnLine(5, "spirit", -3),
        DiceLine(6, ({"kind": "d6", "face": 5}, {"kind": "d6", "face": 6})),
        WaitLine(8, 0.5),
        SnapLine(9, "after-night"),
    ]


def test_empty_script_is_empty():
    assert parse_script("\n# nothing\n") == []


def test_custom_dice_faces_are_names():
    (line,) = parse_script('{"dice": [{"kind": "fate", "face": "Rage"}, {"kind": "d10", "face": 10}]}')
    assert line.dice == ({"kind": "fate", "face": "Rage"}, {"kind": "d10", "face": 10})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"press": "next"', "line 1: not valid JSON"),
        ('["press", "next"]', "line 1: expected a JSON object"),
        ("{}", 'line 1: expected exactly one of "press", "hold", "turn", "dice", "wait", "snap", got none'),
        ('{"press": "next", "turn": "spirit"}', "expected exactly one of"),
        ('{"push": "next"}', 'got "push"'),
        ('{"press": "next", "press": "back"}', 'line 1: "press" given more than once'),
        ('{"press": "next", "seconds": 2}', 'line 1: "press" takes only "press", not "seconds"'),
        ('{"press": "spirit"}', 'line 1: "press" needs a button (back, select, next, undo, spirit_push, '),
        ('{"press": 6}', '"press" needs a button'),
        ('{"hold": "select"}', 'line 1: "hold" needs "seconds"'),
        ('{"hold": "menhir", "seconds": 2}', '"hold" needs a button'),
        (
            '{"hold": "select", "seconds": 0}',
            '"seconds" needs seconds, a number above 0 and at most 60, got 0',
        ),
        ('{"hold": "select", "seconds": 61}', "at most 60"),
        ('{"hold": "select", "seconds": "2"}', 'got "2"'),
        ('{"hold": "select", "seconds": true}', "got true"),
        ('{"hold": "select", "seconds": NaN}', "line 1: NaN is not a number"),
        ('{"turn": "next", "steps": 1}', 'line 1: "turn" needs an encoder (spirit or menhir), got "next"'),
        ('{"turn": "spirit"}', '"turn" needs "steps"'),
        ('{"turn": "spirit", "steps": 0}', '"steps" needs a whole number of detents, not 0'),
        ('{"turn": "spirit", "steps": 1.5}', "got 1.5"),
        ('{"turn": "spirit", "steps": 1001}', "at most 1000 either way"),
        ('{"dice": []}', '"dice" needs a list of 1 to 100 dice, got []'),
        ('{"dice": {"kind": "d6", "face": 5}}', '"dice" needs a list'),
        ('{"dice": [{"kind": "d6"}]}', '"dice" entry 1 needs exactly "kind" and "face"'),
        ('{"dice": [{"kind": "d6", "face": 5, "id": 1}]}', '"dice" entry 1 needs exactly'),
        ('{"dice": [{"kind": "d6", "face": 5}, {"kind": "d6", "face": 7}]}', 'entry 2: a d6 "face" needs'),
        ('{"dice": [{"kind": "d6", "face": "5"}]}', "from 1 to 6"),
        ('{"dice": [{"kind": "D 6", "face": 5}]}', '"kind" needs a dice kind'),
        ('{"dice": [{"kind": "fate", "face": ""}]}', 'a fate "face" needs one of Rage, Guile'),
        # What the tray could not report fails here, not at run time (exit 2, not 1).
        ('{"dice": [{"kind": "fate", "face": "Joy"}]}', 'entry 1: a fate "face" needs one of Rage'),
        ('{"dice": [{"kind": "fate", "face": "' + "R" * 40 + '"}]}', 'a fate "face" needs one of'),
        ('{"dice": [{"kind": "fate", "face": 3}]}', 'a fate "face" needs one of'),
        ('{"dice": [{"kind": "d6", "face": "?"}]}', "a d6 \"face\" needs a whole number"),
        ('{"dice": [{"kind": "d0", "face": 0}]}', '"kind" needs a dice kind: d2 to d100'),
        ('{"dice": [{"kind": "d1000", "face": 5000}]}', '"kind" needs a dice kind'),
        ('{"dice": [{"kind": "d06", "face": 5}]}', '"kind" needs a dice kind'),
        ('{"dice": [{"kind": "rune", "face": "Ansuz"}]}', '"kind" needs a dice kind'),
        ('{"dice": [' + ", ".join(['{"kind": "d6", "face": 6}'] * 100) + "]}",
         '"dice": 100 dice do not fit one tray frame'),
        ('{"turn": "spirit", "steps": ' + "9" * 5000 + "}", "line 1: a number of 5,000 digits"),
        ('{"turn": "spirit", "steps": 1e999}', "line 1: 1e999 is too large a number"),
        ('{"press": ' + "[" * 10_000 + "]" * 10_000 + "}", "line 1: nested too deeply (more than 4 levels)"),
        ('{"press": ' + "[" * 100_000 + "]" * 100_000 + "}", "line 1: longer than 65,536 characters"),
        ('{"press": "\\ud800"}', "line 1: press: text that is not Unicode"),
        ('{"wait": -1}', '"wait" needs seconds'),
        ('{"wait": 601}', "at most 600"),
        ('{"snap": "../etc/passwd"}', '"snap" needs a file name of 1 to 64 letters, digits, "-" or "_"'),
        ('{"snap": ""}', '"snap" needs a file name'),
    ],
)
def test_bad_lines_are_named_with_what_was_expected(text, message):
    with pytest.raises(ScriptError) as caught:
        parse_script(text)
    assert message in str(caught.value)


def test_the_most_dice_one_tray_frame_carries_pass_and_one_more_does_not():
    d6 = '{"kind": "d6", "face": 6}'
    fits = 0
    for count in range(1, 101):
        try:
            parse_script('{"dice": [' + ", ".join([d6] * count) + "]}")
        except ScriptError:
            break
        fits = count
    assert 40 <= fits < 100  # "$ROLL,65535,settled," and "*HH" leave room for 46 "d6:6;"


def test_named_faces_are_read_as_the_tray_reports_them():
    (line,) = parse_script('{"dice": [{"kind": "fate", "face": "rage"}, {"kind": "dial", "face": "GRAIL"}]}')
    assert line.dice == ({"kind": "fate", "face": "Rage"}, {"kind": "dial", "face": "Grail"})


def test_lines_are_counted_by_line_feeds_only():
    """A U+2028 or U+2029 inside a string (or a form feed, or CR LF endings) does
    not start a line: the bad line 3 is reported as line 3."""
    text = '{"snap": "a\u2028b"}\r\n{"press": "next", "x": "\u2029\x0c"}\n{"press": "nope"}\n'
    assert "\u2028" in text and "\u2029" in text
    with pytest.raises(ScriptError) as caught:
        parse_script(text)
    assert [p.split(":")[0] for p in caught.value.problems] == ["line 1", "line 2", "line 3"]
    assert 'line 3: "press" needs a button' in str(caught.value)


def test_thousands_of_bad_lines_report_the_first_and_count_the_rest():
    with pytest.raises(ScriptError) as caught:
        parse_script("{}\n" * 5000)
    assert len(caught.value.problems) == 21
    assert caught.value.problems[-1] == "and 4,980 more bad lines"


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b'{"press": "next"}\n{"press": "\xff"}\n', "line 2: not UTF-8 text (invalid start byte at byte 29)"),
        (b'{"press": "\xed\xa0\x80"}', "line 1: not UTF-8 text"),  # an encoded surrogate
    ],
)
def test_a_file_that_is_not_utf8_names_the_byte_and_line(tmp_path, raw, message):
    from hw_sim.script import read_script

    path = tmp_path / "script.jsonl"
    path.write_bytes(raw)
    with pytest.raises(ScriptError, match=re.escape(message)):
        read_script(path)


def test_a_file_too_large_or_missing_is_refused_unread(tmp_path, monkeypatch):
    import hw_sim.script
    from hw_sim.script import read_script

    monkeypatch.setattr(hw_sim.script, "MAX_SCRIPT_BYTES", 100)
    path = tmp_path / "script.jsonl"
    path.write_text('{"press": "next"}\n' * 10)
    with pytest.raises(ScriptError, match="larger than 100 bytes"):
        read_script(path)
    with pytest.raises(ScriptError, match="cannot be read"):
        read_script(tmp_path / "nowhere.jsonl")


def test_every_bad_line_is_reported_at_once():
    text = '{"press": "next"}\n{"turn": "next", "steps": 1}\n# fine\n{"wait": 0}\n'
    with pytest.raises(ScriptError) as caught:
        parse_script(text)
    assert [problem.split(":")[0] for problem in caught.value.problems] == ["line 2", "line 4"]


class MainLoop:
    """A stand-in for the service's loop: takes events, marks syncs done, stops at Quit."""

    def __init__(self, events: queue.Queue, answer_syncs: bool = True) -> None:
        self.seen: list = []
        self._events = events
        self._answer_syncs = answer_syncs
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while True:
            event = self._events.get(timeout=30)
            self.seen.append(event)
            if isinstance(event, Sync) and self._answer_syncs:
                event.done.set()
            if isinstance(event, Quit):
                return

    def finished(self, timeout: float = 10) -> list:
        self._thread.join(timeout)
        assert not self._thread.is_alive(), "the script never quit"
        return [type(e).__name__ if isinstance(e, Sync) else e for e in self.seen]


@pytest.fixture
def box():
    events: queue.Queue = queue.Queue()
    pins = SimPins(ControlPins(bounce_time=0.01, hold_time=0.2))
    dice = SimDiceSource()
    pins.start(events.put)
    dice.start(events.put)
    yield events, pins, dice
    pins.close()
    dice.close()


def test_runner_plays_each_line_through_the_box_and_syncs(box):
    events, pins, dice = box
    lines = parse_script(
        '{"press": "next"}\n{"hold": "undo", "seconds": 0.3}\n{"turn": "menhir", "steps": 2}\n'
        '{"dice": [{"kind": "d6", "face": 4}]}\n{"wait": 0.01}\n{"snap": "end"}\n'
    )
    loop = MainLoop(events)
    runner = ScriptRunner(lines, pins, dice, events.put)
    runner.start()
    assert loop.finished() == [
        Press("next"),
        "Sync",
        Hold("undo"),
        "Sync",
        Turn("menhir", 1),
        Turn("menhir", 1),
        "Sync",
        DiceRolled(dice=({"kind": "d6", "face": 4},), roll_id="sim-1"),
        "Sync",
        "Sync",
        Snapshot("end"),
        "Sync",
        Quit(0),
    ]
    assert runner.join(timeout=5)


def test_main_loop_that_never_catches_up_fails_the_run(box, caplog):
    events, pins, dice = box
    loop = MainLoop(events, answer_syncs=False)
    runner = ScriptRunner(
        parse_script('{"snap": "a"}\n{"snap": "b"}'), pins, dice, events.put, sync_timeout=0.2
    )
    with caplog.at_level(logging.ERROR):
        runner.start()
        assert loop.finished() == [Snapshot("a"), "Sync", Quit(1)]
    assert "line 1" in caplog.text
    assert "did not finish line 1 within 0.2 s" in caplog.text


def test_a_line_that_cannot_be_performed_fails_the_run(box, caplog):
    events, pins, dice = box
    dice.close()  # the tray is gone: reporting a roll fails
    loop = MainLoop(events)
    runner = ScriptRunner(
        parse_script('{"press": "back"}\n{"dice": [{"kind": "d6", "face": 1}]}'), pins, dice, events.put
    )
    with caplog.at_level(logging.ERROR):
        runner.start()
        assert loop.finished() == [Press("back"), "Sync", Quit(1)]
    assert "control script line 2 failed" in caplog.text


def test_stop_abandons_a_long_wait_quietly(box):
    events, pins, dice = box
    runner = ScriptRunner(parse_script('{"wait": 600}'), pins, dice, events.put)
    runner.start()
    started = time.monotonic()
    runner.stop(timeout=5)
    assert time.monotonic() - started < 5
    assert runner.join(timeout=1)
    assert events.empty()
