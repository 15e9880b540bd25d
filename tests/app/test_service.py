"""The main loop: one queue, one consumer; frames only on change; snapshots; quit.

The loop runs on the test's main thread (as in the service, where SQLite and
pygame live on it); a driver thread plays the person at the table.
"""

import threading

import pytest

from app.controller import Controller
from app.service import Box, Service
from contracts.events import Quit, Snapshot, Sync
from hw_sim.oled import DummyDisplay
from hw_sim.pins import SimPins
from store.journal import Journal
from tests.fixtures.counter_game import GAME_ID
from ui.fonts import BITMAP_FONTS
from ui.oled_canvas import bitmap

WAIT = 10.0


class Rig:
    def __init__(self, tmp_path):
        self.journal, _ = Journal.open(tmp_path / "data")
        self.journal.new_game(GAME_ID, {"start": 2, "limit": 10}, seed=1)
        controller = Controller(self.journal, seed=lambda: 1, clock=lambda: 0.0, dim_after=0, shift_every=0)
        self.pins, self.display = SimPins(), DummyDisplay()
        self.service = Service(controller, Box(controls=self.pins, display=self.display),
                               frames_dir=tmp_path / "frames")
        self.seen: dict = {}

    def settle(self):
        sync = Sync()
        self.service.emit(sync)
        assert sync.done.wait(WAIT)

    def play(self, driver):
        """Run the loop here while ``driver(self)`` acts from another thread."""
        def drive():
            try:
                self.settle()
                driver(self)
                self.settle()
            finally:
                self.service.emit(Quit(0))

        thread = threading.Thread(target=drive, daemon=True)
        thread.start()
        status = self.service.run()
        thread.join(WAIT)
        self.pins.close()
        assert status == 0


@pytest.fixture
def rig(tmp_path):
    rig = Rig(tmp_path)
    yield rig
    rig.journal.close()


def test_pin_edges_become_committed_commands_and_one_frame_each(rig):
    def driver(rig):
        rig.seen["before"] = rig.display.frames
        rig.pins.turn("spirit", 3)

    rig.play(driver)
    state, seq = rig.journal.state()
    assert state["counter"] == 5 and seq == 3
    assert rig.display.frames == rig.seen["before"] + 3


def test_an_idle_service_draws_nothing(rig):
    def driver(rig):
        rig.seen["before"] = rig.display.frames
        threading.Event().wait(0.5)

    rig.play(driver)
    assert rig.display.frames == rig.seen["before"] == 1


def test_every_oled_font_is_loaded_before_the_first_input(rig):
    """None is left to load inside a press (a big value's new size did, on a Pi 20 ms)."""
    bitmap.cache_clear()

    def driver(rig):
        rig.seen["loaded"] = bitmap.cache_info().currsize

    rig.play(driver)
    assert rig.seen["loaded"] == len(BITMAP_FONTS)


def test_a_refused_command_is_drawn_but_not_journaled(rig):
    rig.play(lambda rig: rig.pins.turn("spirit", 9))  # 2 + 9 > 10: the ninth detent is refused
    state, seq = rig.journal.state()
    assert state["counter"] == 10 and seq == 8
    assert rig.service.controller.frame().message.short == "Counter max is 10"


def test_snapshot_writes_the_oled_frame(rig, tmp_path):
    rig.play(lambda rig: rig.service.emit(Snapshot("now")))
    assert (tmp_path / "frames" / "now-oled.png").exists()


class RecordingScreen:
    def __init__(self):
        self.frames = []

    def draw(self, frame):
        self.frames.append(frame)

    def prepare(self):
        pass

    def pump(self, emit):
        pass

    def save(self, path):
        pass

    def close(self):
        pass


def test_a_missing_oled_is_said_on_the_screen_and_play_goes_on(tmp_path):
    from device.resilient_display import ResilientDisplay

    def absent():
        raise OSError(121, "Remote I/O error")

    rig = Rig(tmp_path)
    screen = RecordingScreen()
    rig.service.box = Box(controls=rig.pins, display=ResilientDisplay(absent, 128, 64), screen=screen)
    rig.play(lambda rig: rig.pins.turn("spirit", 1))
    said = [frame.message.short for frame in screen.frames if frame.message is not None]
    assert said[0] == "OLED missing" and screen.frames[1].message is not None  # at once, before any input
    assert rig.journal.state()[0]["counter"] == 3  # the dial still plays


def test_the_oleds_dimming_and_shift_leave_the_screen_idle(tmp_path):
    """A timer's frame that only dims or shifts the OLED is drawn on the OLED, not the screen."""
    rig = Rig(tmp_path)
    now = [0.0]
    controller = Controller(rig.journal, seed=lambda: 1, clock=lambda: now[0], dim_after=30, shift_every=5)
    screen = RecordingScreen()
    service = Service(controller, Box(controls=rig.pins, display=rig.display, screen=screen),
                      clock=lambda: now[0])
    service.draw()
    for _ in range(8):  # the burn-in shift moves, then the OLED dims
        now[0] += 5
        service.draw()
    rig.pins.close()
    rig.journal.close()
    assert rig.display.frames > 2  # the OLED was drawn again
    assert len(screen.frames) == 1


def test_the_backup_worker_hears_of_an_input_before_it_and_is_woken_only_once_it_is_drawn(tmp_path):
    """Its thread woken inside a press would take turns with the loop's drawing: each input is
    noted before its commit (a copy under way gives way) and the thread woken after its frame
    is shown (app/service.py, ``_settled``)."""
    rig = Rig(tmp_path)
    told: list[tuple[str, int, int]] = []

    class Worker:
        def touched(self):
            told.append(("touched", rig.display.frames, rig.journal.state()[1]))

        def settled(self):
            told.append(("settled", rig.display.frames, rig.journal.state()[1]))

    rig.service.backups = Worker()

    def driver(rig):
        rig.seen["before"] = rig.display.frames
        rig.pins.turn("spirit", 2)

    rig.play(driver)
    frames = rig.seen["before"]
    assert told == [("touched", frames, 0), ("settled", frames + 1, 1),
                    ("touched", frames + 1, 1), ("settled", frames + 2, 2)]
    rig.journal.close()
