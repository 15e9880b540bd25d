"""The simulator window: mouse and keyboard reach the box only through the simulated pins.

pygame runs on SDL's dummy video driver here; events are posted to pygame's
own queue as a desktop would deliver them, and the window is pumped as the
service pumps it. Each test compares what the window produced with what the
same control driven directly on the pins produces.
"""

from __future__ import annotations

import os
import queue
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from contracts.events import DiceRolled, Hold, Press, Quit, Tap, Turn  # noqa: E402
from device.controls import ControlPins  # noqa: E402
from device.screen import PygameScreen  # noqa: E402
from device.sound import RecordingSound  # noqa: E402
from firmware_bridge.reader import TrayReader  # noqa: E402
from hw_sim.oled import DummyDisplay  # noqa: E402
from hw_sim.pins import SimPins  # noqa: E402
from hw_sim.tray import PtyTray  # noqa: E402
from hw_sim.window import SimWindow  # noqa: E402
from tests.ui.sample_frames import play_frame  # noqa: E402
from tests.ui.test_screen_caches import assert_prepared  # noqa: E402
from ui.box_face import DETENT_DEGREES  # noqa: E402
from ui.model import Frame, Menu  # noqa: E402
from ui.oled import render_oled  # noqa: E402

PINS = ControlPins(bounce_time=0.01, hold_time=0.2)
LEFT, RIGHT = 1, 3


class Rig:
    """A window over pins whose events land in ``events``; ``emitted`` is what the window emitted."""

    def __init__(self, tray: PtyTray | None = None, sound: RecordingSound | None = None) -> None:
        pygame.display.init()
        pygame.font.init()
        self.events: queue.Queue = queue.Queue()
        self.pins = SimPins(PINS)
        self.pins.start(self.events.put)
        self.display = DummyDisplay()
        self.window = SimWindow(PygameScreen((800, 480), window=False), self.display, self.pins,
                                tray=tray, sound=sound)
        self.emitted: list = []
        frame = play_frame()
        self.display.show(render_oled(frame))
        self.window.draw(frame)

    def post(self, kind: int, **attrs) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))
        self.window.pump(self.emitted.append)

    def click(self, pos: tuple[int, int], seconds: float = 0.05, button: int = LEFT) -> None:
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        time.sleep(seconds)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)

    def key(self, key: int, seconds: float = 0.05) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        time.sleep(seconds)
        self.post(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)

    def seen(self, timeout: float = 0.1) -> list:
        got = []
        while True:
            try:
                got.append(self.events.get(timeout=timeout))
            except queue.Empty:
                return got

    def close(self) -> None:
        self.pins.close()
        self.window.close()


@pytest.fixture
def rig():
    rig = Rig()
    yield rig
    rig.close()


def button_at(rig: Rig, name: str) -> tuple[int, int]:
    return rig.window.layout.buttons[name]


def dial_ring(rig: Rig, dial: str, degrees: float) -> tuple[int, int]:
    """A point on the dial's ring, ``degrees`` clockwise from the right."""
    import math

    cx, cy = rig.window.layout.dials[dial]
    r = (rig.window.layout.dial_r + rig.window.layout.cap_r) / 2
    a = math.radians(degrees)
    return round(cx + r * math.cos(a)), round(cy + r * math.sin(a))


def direct(control: str, how: str = "press") -> list:
    """What driving ``control`` directly on fresh pins emits."""
    events: queue.Queue = queue.Queue()
    pins = SimPins(PINS)
    pins.start(events.put)
    try:
        if how == "press":
            pins.press(control)
        elif how == "hold":
            pins.hold(control, 2 * PINS.hold_time)
        else:
            pins.turn(control, int(how))
        got = []
        while True:
            try:
                got.append(events.get(timeout=0.1))
            except queue.Empty:
                return got
    finally:
        pins.close()


@pytest.mark.parametrize("button", ["back", "select", "next", "undo"])
def test_a_click_on_a_button_is_the_same_press_as_on_the_pins(rig, button):
    rig.click(button_at(rig, button))
    assert rig.seen() == direct(button) == [Press(button)]


def test_a_long_click_is_a_hold(rig):
    rig.click(button_at(rig, "undo"), seconds=2 * PINS.hold_time)
    assert rig.seen() == direct("undo", "hold") == [Hold("undo")]


def test_a_quick_click_is_not_lost_as_bounce(rig):
    rig.post(pygame.MOUSEBUTTONDOWN, pos=button_at(rig, "next"), button=LEFT)
    rig.post(pygame.MOUSEBUTTONUP, pos=button_at(rig, "next"), button=LEFT)
    assert rig.seen() == [Press("next")]


@pytest.mark.parametrize("dial", ["spirit", "menhir"])
def test_a_click_on_a_dial_cap_is_its_push(rig, dial):
    rig.click(rig.window.layout.dials[dial])
    assert rig.seen() == direct(f"{dial}_push") == [Press(f"{dial}_push")]


@pytest.mark.parametrize("dial", ["spirit", "menhir"])
@pytest.mark.parametrize("clicks", [1, -1, 3])
def test_the_wheel_over_a_dial_turns_it(rig, dial, clicks):
    rig.post(pygame.MOUSEMOTION, pos=dial_ring(rig, dial, 0), rel=(0, 0), buttons=(0, 0, 0))
    rig.post(pygame.MOUSEWHEEL, x=0, y=clicks, flipped=False)
    assert rig.seen() == direct(dial, str(clicks))


def test_the_wheel_elsewhere_turns_nothing(rig):
    rig.post(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0))
    rig.post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    assert rig.seen() == []


@pytest.mark.parametrize("sweep", [1, -1])
def test_dragging_a_dial_round_turns_it_a_detent_per_step(rig, sweep):
    rig.post(pygame.MOUSEBUTTONDOWN, pos=dial_ring(rig, "spirit", 0), button=LEFT)
    for step in range(1, 4):
        angle = sweep * (step * DETENT_DEGREES + 2)
        rig.post(pygame.MOUSEMOTION, pos=dial_ring(rig, "spirit", angle), rel=(0, 0),
                 buttons=(1, 0, 0))
    rig.post(pygame.MOUSEBUTTONUP, pos=dial_ring(rig, "spirit", 3 * sweep * DETENT_DEGREES),
             button=LEFT)
    assert rig.seen() == direct("spirit", str(3 * sweep)) == [Turn("spirit", sweep)] * 3
    assert rig.window.face.detents["spirit"] == 3 * sweep


def test_the_documented_keys_are_the_same_controls(rig):
    for key, button in [(pygame.K_RETURN, "select"), (pygame.K_SPACE, "next"),
                        (pygame.K_BACKSPACE, "back"), (pygame.K_ESCAPE, "back"),
                        (pygame.K_u, "undo"), (pygame.K_s, "spirit_push"),
                        (pygame.K_m, "menhir_push")]:
        rig.key(key)
        assert rig.seen() == direct(button), pygame.key.name(key)
    for key, dial, steps in [(pygame.K_UP, "spirit", 1), (pygame.K_DOWN, "spirit", -1),
                             (pygame.K_RIGHT, "menhir", 1), (pygame.K_LEFT, "menhir", -1)]:
        rig.post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        assert rig.seen() == direct(dial, str(steps)), pygame.key.name(key)


def test_a_held_key_is_a_hold(rig):
    rig.key(pygame.K_RETURN, seconds=2 * PINS.hold_time)
    assert rig.seen() == [Hold("select")]


def test_closing_the_window_quits(rig):
    rig.post(pygame.QUIT)
    assert rig.emitted == [Quit(0)]


def test_resizing_lays_the_face_out_again(rig):
    before = rig.window.layout.oled_scale
    pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)
    rig.post(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080)
    assert rig.window.layout.panel.right == 1920
    assert rig.window.layout.oled_scale > before
    rig.click(button_at(rig, "next"))
    assert rig.seen() == [Press("next")]


def test_the_oled_is_shown_pixel_exact(rig):
    layout = rig.window.layout
    image = rig.display.image
    scale = layout.oled_scale
    window = rig.window.window
    for x, y in [(0, 0), (10, 20), (64, 32), (127, 63), (30, 5)]:
        lit = image.getpixel((x, y))
        color = window.get_at((layout.oled.left + x * scale + scale // 2,
                               layout.oled.top + y * scale + scale // 2))
        assert (sum(color[:3]) > 300) == bool(lit)


def test_the_dice_panel_rolls_through_the_tray_to_the_reader(tmp_path):
    tray = PtyTray(tmp_path / "tray", ack_timeout=3)
    reader = TrayReader(str(tray.path), baudrate=115200, arm_timeout=30)
    rig = Rig(tray)
    rolls: queue.Queue = queue.Queue()
    def take(event):  # as the service does: the roll handled, then delivered (ACKed)
        if isinstance(event, DiceRolled):
            rolls.put(event)
            reader.delivered(event.roll_id)

    reader.start(take)
    try:
        layout, face = rig.window.layout, rig.window.face
        rig.click(layout.kind_chips(face.kinds)["fate"].center)
        rig.click(layout.less_more()[1].center)  # two dice
        cells = layout.dice_cells(2)
        rig.click(cells[1].center)  # the second die: Rage -> Guile
        rig.click(cells[0].center, button=RIGHT)  # the first: Rage -> Darkness
        assert rig.window.dice.faces == ["Darkness", "Guile"]
        rig.click(layout.actions()[1].center)  # "Send these"
        event = rolls.get(timeout=5)
        assert [(d["kind"], d["face"]) for d in event.dice] == [("fate", "Darkness"),
                                                                 ("fate", "Guile")]
        deadline = time.monotonic() + 5
        while rig.window.dice.busy and time.monotonic() < deadline:
            time.sleep(0.01)
        assert rig.window.dice.note.startswith("sent SIM-TRAY:")
        rig.click(layout.actions()[0].center)  # "Roll": random faces, sent at once
        event = rolls.get(timeout=5)
        assert len(event.dice) == 2 and all(d["kind"] == "fate" for d in event.dice)
    finally:
        reader.close()
        rig.close()
        tray.close()


def test_the_panel_follows_what_the_host_armed_the_tray_for(tmp_path):
    tray = PtyTray(tmp_path / "tray", ack_timeout=3)
    reader = TrayReader(str(tray.path), baudrate=115200, arm_timeout=30)
    rig = Rig(tray)
    reader.start(lambda event: None)
    try:
        reader.arm(3, "d10")
        deadline = time.monotonic() + 5
        while tray.armed != (3, "d10") and time.monotonic() < deadline:
            time.sleep(0.01)
        rig.window.pump(rig.emitted.append)
        assert rig.window.dice.kind == "d10" and len(rig.window.dice.faces) == 3
        assert "armed" in rig.window.dice.note
    finally:
        reader.close()
        rig.close()
        tray.close()


def test_a_sound_cue_lights_the_piezo_stand_in():
    sound = RecordingSound()
    rig = Rig(sound=sound)
    try:
        sound.cue("rejected")
        rig.window.pump(rig.emitted.append)
        assert rig.window.face.cue == "rejected"
        rig.window._cue_until = 0.0  # the cue's moment has passed
        rig.window.pump(rig.emitted.append)
        assert rig.window.face.cue == ""
    finally:
        rig.close()


def on_screen(rig: Rig, target: tuple) -> tuple[int, int]:
    """Where in the window the screen shows the region for ``target``."""
    window = rig.window
    region = next(r for r in window.renderer.hits if r.target == target)
    x, y, w, h = region.rect
    rect, size = window.screen_rect, window.renderer.size
    return (rect.left + (x + w // 2) * rect.width // size[0],
            rect.top + (y + h // 2) * rect.height // size[1])


def resize(rig: Rig, size: tuple[int, int]) -> None:
    pygame.display.set_mode(size, pygame.RESIZABLE)
    rig.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])


@pytest.mark.parametrize("size", [(1920, 1080), (1000, 700), (2400, 900)])
def test_resizing_draws_the_screen_again_at_its_new_size(rig, size):
    resize(rig, size)
    window = rig.window
    area = window._screen_area()
    shown = window.screen_rect
    # Drawn at the size it is shown (nothing stretched), the panel's 5:3, as large as fits.
    assert window.surface.get_size() == window.renderer.size == shown.size
    assert abs(shown.width * 3 - shown.height * 5) <= 5
    assert shown.width == area.width or shown.height == area.height
    assert window.renderer.unit == pytest.approx(shown.height / 480)
    # Snapshots keep the configured size.
    assert window.screen.renderer.size == (800, 480)
    assert_prepared(window.renderer)


def test_a_resized_window_keeps_the_oled_pixel_exact_and_the_controls_working(rig):
    resize(rig, (1920, 1080))
    test_the_oled_is_shown_pixel_exact(rig)
    assert rig.window.layout.oled_scale == int(rig.window.layout.oled_scale) > 2
    rig.click(button_at(rig, "select"))
    assert rig.seen() == [Press("select")]


def test_a_tiny_window_shows_the_smallest_layout_scaled_down(rig):
    resize(rig, (500, 300))
    window = rig.window
    assert window.renderer.size == (400, 240)
    assert window.screen_rect.width <= window._screen_area().width


@pytest.mark.parametrize("size", [None, (1920, 1080)])
def test_a_click_on_the_screen_is_a_tap_not_a_pin(rig, size):
    if size:
        resize(rig, size)
    frame = play_frame()
    rig.click(on_screen(rig, ("turn", frame.focus, 1)))
    rig.click(on_screen(rig, ("focus", frame.game.tracks[-1].key)))
    assert rig.emitted == [Tap(("turn", frame.focus, 1)), Tap(("focus", frame.game.tracks[-1].key))]
    assert rig.seen() == []  # no pin moved


def test_dragging_along_a_track_on_the_screen_turns_it(rig):
    window = rig.window
    key = play_frame().game.tracks[-1].key
    region = next(r for r in window.renderer.hits if r.target == ("focus", key))
    start = on_screen(rig, ("focus", key))
    start = (start[0] - 60, start[1])
    rig.post(pygame.MOUSEBUTTONDOWN, pos=start, button=LEFT)
    end = (start[0] + 3 * region.drag_step + 2, start[1])
    rig.post(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))
    rig.post(pygame.MOUSEBUTTONUP, pos=end, button=LEFT)
    assert rig.emitted == [Tap(("turn", key, 3))]


def test_the_wheel_over_the_screen_is_a_tap_not_a_pin(rig):
    frame = play_frame()
    key = frame.game.tracks[-1].key
    rig.post(pygame.MOUSEMOTION, pos=on_screen(rig, ("focus", key)), rel=(0, 0), buttons=(0, 0, 0))
    rig.post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    assert rig.emitted == [Tap(("turn", key, 1))]  # focused and turned, as the Spirit dial
    menu = Frame(game=frame.game, menu=Menu("Actions", ("a", "b", "c")))
    rig.window.draw(menu)
    rig.post(pygame.MOUSEMOTION, pos=on_screen(rig, ("menu", 1)), rel=(0, 0), buttons=(0, 0, 0))
    rig.post(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False)
    assert rig.emitted[-1] == Tap(("scroll", -2))
    assert rig.seen() == []  # no pin moved


def test_a_click_on_ok_is_a_tap_that_presses_select(rig):
    rig.window.draw(Frame(game=play_frame().game, menu=Menu("Actions", ("a", "b"))))
    rig.click(on_screen(rig, ("press", "select")))
    rig.click(on_screen(rig, ("press", "back")))
    assert rig.emitted == [Tap(("press", "select")), Tap(("press", "back"))]
    assert rig.seen() == []
