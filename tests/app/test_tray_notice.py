"""The tray's status line reaches the OLED when it changes: an inline line, never a blocking box."""

import queue
import time

from PIL import ImageChops

from app.tray_link import TRAY_NOTICES
from contracts.events import Press, TrayStatus, Turn
from firmware_bridge.reader import TrayReader
from hw_sim.tray import PtyTray
from tests.app.test_controller import make, start_counter
from ui.oled import render_oled
from ui.oled_canvas import small
from ui.text import wrap


def playing(journal, clock):  # noqa: F811
    controller = make(journal, clock)
    start_counter(controller)
    return controller


def test_a_new_tray_line_is_an_inline_notice_in_play(journal, clock):  # noqa: F811
    controller = playing(journal, clock)
    plain = render_oled(controller.frame())
    controller.handle(TrayStatus("Tray armed 2 d6"))
    frame = controller.frame()
    assert frame.tray == "Tray armed 2 d6"
    assert frame.message.kind == "info" and frame.message.short == "Tray armed 2 d6"
    shown = render_oled(frame)
    # Inline: the bottom line changed, the focused value above it is still there.
    box = ImageChops.difference(plain.convert("L"), shown.convert("L")).getbbox()
    assert box is not None and box[1] >= shown.height // 2
    controller.handle(Turn("spirit", 1))  # the dial still works and the notice goes
    assert controller.frame().message is None and journal.state()[0]["counter"] == 4


def test_the_same_line_again_is_no_news_and_a_refusal_stays_on_top(journal, clock):  # noqa: F811
    controller = playing(journal, clock)
    controller.handle(TrayStatus("Tray ready"))
    controller.handle(Press("back"))
    controller.handle(TrayStatus("Tray ready"))
    assert controller.frame().message is None
    controller.handle(Turn("spirit", 20))  # refused
    controller.handle(TrayStatus("Tray armed 1 d6"))
    assert controller.frame().message.kind == "error"
    assert controller.frame().tray == "Tray armed 1 d6"


def test_the_game_list_shows_the_line_without_a_notice(journal, clock):  # noqa: F811
    controller = make(journal, clock)
    controller.handle(TrayStatus("Tray ready"))
    assert controller.frame().message is None and controller.frame().tray == "Tray ready"


def test_a_time_out_says_to_confirm_for_a_virtual_roll(journal, clock):  # noqa: F811
    controller = playing(journal, clock)
    controller.handle(TrayStatus("Tray timed out"))
    message = controller.frame().message
    assert "virtual" in message.short and "rolls virtually" in message.long
    lines = wrap(message.short, small().measure, 124, 2)  # the OLED's notice: 2 lines, uncut
    assert " ".join(lines) == message.short


def test_the_notices_are_keyed_by_what_the_reader_says(tmp_path):
    """The reader's time-out line is the one ``TRAY_NOTICES`` explains."""
    tray = PtyTray(tmp_path / "tray", ack_timeout=3)
    reader = TrayReader(str(tray.path), arm_timeout=0.3)
    lines: queue.Queue = queue.Queue()
    reader.start(lambda event: lines.put(event.text) if isinstance(event, TrayStatus) else None)
    try:
        deadline = time.monotonic() + 5
        seen: list[str] = []
        while "Tray ready" not in seen and time.monotonic() < deadline:
            seen.append(lines.get(timeout=5))
        reader.arm(1, "d6")
        while not set(TRAY_NOTICES) <= set(seen) and time.monotonic() < deadline:
            seen.append(lines.get(timeout=5))
        assert set(TRAY_NOTICES) <= set(seen)
    finally:
        reader.close()
        tray.close()


def test_tray_connecting_after_a_start_does_not_cover_the_bottom_line(journal, clock):
    """Issue 25: "Tray connecting" hid the OLED's bottom line for 6 s after a restart; the
    passing state stays on the screen's strip, "Tray ready" is said."""
    controller = make(journal, clock)
    start_counter(controller)
    controller.handle(TrayStatus("Tray connecting"))
    assert controller.frame().message is None and controller.frame().tray == "Tray connecting"
    controller.handle(TrayStatus("Tray ready"))
    assert controller.frame().message.short == "Tray ready"
