"""Touch on the screen: the renderer's hit regions, taps and drags, the panel's finger events."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from contracts.events import Quit, Tap  # noqa: E402
from device.screen import PygameScreen  # noqa: E402
from tests.ui.sample_frames import ALL, play_frame  # noqa: E402
from tests.ui.test_screen_caches import assert_prepared  # noqa: E402
from ui.hits import BACK, SELECT, HitRegion  # noqa: E402
from ui.model import Form, FormField, Frame, Menu, Message  # noqa: E402
from ui.screen import ScreenRenderer  # noqa: E402
from ui.touch import TouchGestures  # noqa: E402


def center(region: HitRegion) -> tuple[int, int]:
    x, y, w, h = region.rect
    return x + w // 2, y + h // 2


def region_for(renderer: ScreenRenderer, target: tuple) -> HitRegion:
    return next(r for r in renderer.hits if r.target == target)


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_tracks_report_focus_and_the_focused_one_its_steppers(size):
    renderer = ScreenRenderer(size)
    frame = play_frame()
    renderer.render(frame)
    targets = [r.target for r in renderer.hits]
    keys = [t.key for t in frame.game.tracks]
    assert [t for t in targets if t[0] == "focus"] == [("focus", k) for k in keys]
    turns = [t for t in targets if t[0] == "turn"]
    assert sorted(turns) == [("turn", frame.focus, -1), ("turn", frame.focus, 1)]
    # The steppers win over their row; they lie inside the screen.
    for sign in (-1, 1):
        plus = region_for(renderer, ("turn", frame.focus, sign))
        assert renderer.hit(center(plus)) == plus
        x, y, w, h = plus.rect
        assert 0 <= x and x + w <= size[0] and 0 <= y and y + h <= size[1]
    row = region_for(renderer, ("focus", keys[-1]))
    assert row.drag == ("turn", keys[-1]) and row.drag_step > 0


def taps(renderer: ScreenRenderer) -> list[tuple]:
    """The targets of the last frame's regions that a tap acts on."""
    return [r.target for r in renderer.hits if r.target is not None]


def test_overlays_hide_the_game_and_report_their_own_rows():
    renderer = ScreenRenderer((800, 480))
    game = play_frame().game
    renderer.render(Frame(game=game, menu=Menu("Actions", ("a", "b", "c"), cursor=1)))
    assert taps(renderer) == [BACK, SELECT, ("menu", 0), ("menu", 1), ("menu", 2)]
    fields = (FormField("Amount", "2", True), FormField("Who", "Elsa"))
    renderer.render(Frame(game=game, form=Form("Push", fields)))
    assert taps(renderer) == [BACK, SELECT, ("field", 0), ("field", 1)]
    assert region_for(renderer, ("field", 0)).drag == ("field_turn", 0)
    renderer.render(ALL["help"]())
    assert taps(renderer) == [("help",), BACK]
    renderer.render(Frame(game=game, message=Message("No", "Not now", "error")))
    assert taps(renderer) == [("dismiss",)]
    renderer.render(Frame(game=game, message=Message("Saved", "", "info")))
    assert ("focus", game.tracks[0].key) in taps(renderer)


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
@pytest.mark.parametrize("overlay", ["menu", "form", "history", "help"])
def test_dialogs_have_ok_and_cancel_or_close_within_reach(size, overlay):
    renderer = ScreenRenderer(size)
    game = play_frame().game
    items = tuple(f"item {i}" for i in range(30))
    frame = {
        "menu": Frame(game=game, menu=Menu("Actions", items, cursor=29)),
        "form": Frame(game=game, form=Form("Push", (FormField("Amount", "2", True),), "a hint")),
        "history": Frame(game=game, history=Menu("History", items)),
        "help": Frame(game=game, help=(("select", "confirm"),) * 30),
    }[overlay]
    renderer.render(frame)
    buttons = [r for r in renderer.hits if r.target in (SELECT, BACK)]
    wanted = [BACK] if overlay in ("history", "help") else [BACK, SELECT]
    assert [b.target for b in buttons] == wanted  # Cancel left of OK
    finger = renderer.px(44)
    rows = [r for r in renderer.hits if r.target and r.target[0] in ("menu", "field")]
    for button in buttons:
        x, y, w, h = button.rect
        assert w >= finger and h >= finger
        assert 0 <= x and x + w <= size[0] and 0 <= y and y + h <= size[1]
        assert renderer.hit(center(button)) == button  # on top of the dialog
        # Below every row, overlapping none.
        assert all(row.rect[1] + row.rect[3] <= y + renderer.px(8) for row in rows)


def test_without_a_game_a_dialog_offers_ok_only():
    renderer = ScreenRenderer((800, 480))
    renderer.render(ALL["menu"]())  # the game list, before a game is chosen
    assert [r.target for r in renderer.hits if r.target in (SELECT, BACK)] == [SELECT]


def test_a_narrow_screen_scales_by_its_width():
    assert ScreenRenderer((600, 700)).unit == pytest.approx(600 / 800)
    assert ScreenRenderer((1920, 1080)).unit == pytest.approx(1080 / 480)


REGIONS = (
    HitRegion((0, 0, 200, 50), ("focus", "hp"), ("turn", "hp"), 20),
    HitRegion((150, 10, 30, 30), ("turn", "hp", 1)),
    HitRegion((0, 100, 200, 50), ("menu", 0)),
)


def gestures() -> TouchGestures:
    return TouchGestures(lambda: REGIONS)


def test_a_tap_means_the_topmost_region_under_it():
    touch = gestures()
    touch.down((160, 20))
    assert touch.up((161, 21)) == [("turn", "hp", 1)]
    touch.down((50, 20))
    assert touch.up((50, 20)) == [("focus", "hp")]
    touch.down((50, 120))
    assert touch.up((54, 118)) == [("menu", 0)]


def test_a_tap_that_slides_off_its_region_or_lands_on_nothing_means_nothing():
    touch = gestures()
    touch.down((50, 120))
    assert touch.up((50, 300)) == []
    touch.down((50, 300))
    assert touch.up((50, 300)) == []
    assert touch.up((50, 300)) == []  # an up without a down


def test_a_drag_along_a_track_turns_it_a_step_per_drag_step():
    touch = gestures()
    touch.down((20, 20))
    assert touch.move((25, 20)) == []  # within the slop: still a tap
    assert touch.move((45, 22)) == [("turn", "hp", 1)]
    assert touch.move((59, 22)) == []
    assert touch.move((110, 25)) == [("turn", "hp", 3)]
    assert touch.up((5, 25)) == [("turn", "hp", -4)]  # back to the left; no tap at the end
    touch.down((20, 120))  # a menu row does not drag
    assert touch.move((120, 120)) == []
    assert touch.up((120, 120)) == [("menu", 0)]


def test_the_wheel_turns_the_topmost_region_under_it_that_it_turns():
    touch = gestures()
    assert touch.wheel((50, 20), 2) == [("turn", "hp", 2)]
    assert touch.wheel((160, 20), -1) == [("turn", "hp", -1)]  # the + chip: its row turns
    assert touch.wheel((50, 120), 1) == []  # a menu row of its own does not turn
    assert touch.wheel((50, 300), 1) == [] and touch.wheel((50, 20), 0) == []


def test_the_wheel_over_a_dialog_scrolls_its_list_or_turns_its_field():
    renderer = ScreenRenderer((800, 480))
    touch = TouchGestures(lambda: renderer.hits)
    game = play_frame().game
    renderer.render(Frame(game=game, menu=Menu("Actions", ("a", "b", "c"))))
    box = next(r for r in renderer.hits if r.target is None)
    title = (box.rect[0] + 30, box.rect[1] + 20)
    for pos in (center(region_for(renderer, ("menu", 2))), center(region_for(renderer, SELECT)),
                title):
        assert touch.wheel(pos, -1) == [("scroll", -1)]
    touch.down(title)  # the box itself is no button
    assert touch.up(title) == []
    fields = (FormField("Amount", "2", True), FormField("Who", "Elsa"))
    renderer.render(Frame(game=game, form=Form("Push", fields)))
    assert touch.wheel(center(region_for(renderer, ("field", 1))), 1) == [("field_turn", 1, 1)]
    assert touch.wheel(center(region_for(renderer, SELECT)), 1) == []
    renderer.render(Frame(game=game, focus="spirit"))
    power = center(region_for(renderer, ("focus", "power")))
    assert touch.wheel(power, 1) == [("turn", "power", 1)]
    renderer.render(ALL["help"]())
    assert touch.wheel(center(region_for(renderer, ("help",))), 1) == []


class Panel:
    """A PygameScreen with a window on SDL's dummy driver, as on the Pi's touch panel."""

    def __init__(self) -> None:
        pygame.display.init()
        pygame.font.init()
        self.screen = PygameScreen((800, 480), window=True)
        self.frame = play_frame()
        self.screen.draw(self.frame)
        self.emitted: list = []

    def post(self, kind: int, **attrs) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))
        self.screen.pump(self.emitted.append)

    def finger(self, kind: int, pos: tuple[int, int], finger_id: int = 7) -> None:
        self.post(kind, touch_id=1, finger_id=finger_id, x=pos[0] / 800, y=pos[1] / 480,
                  dx=0.0, dy=0.0, pressure=1.0)


@pytest.fixture
def panel():
    panel = Panel()
    yield panel
    panel.screen.close()


def test_a_finger_on_the_panel_taps_and_drags(panel):
    renderer = panel.screen.renderer
    plus = center(region_for(renderer, ("turn", panel.frame.focus, 1)))
    panel.finger(pygame.FINGERDOWN, plus)
    panel.finger(pygame.FINGERDOWN, (5, 5), finger_id=8)  # a second finger is ignored
    panel.finger(pygame.FINGERUP, (5, 5), finger_id=8)
    panel.finger(pygame.FINGERUP, plus)
    assert panel.emitted == [Tap(("turn", panel.frame.focus, 1))]
    other = region_for(renderer, ("focus", panel.frame.game.tracks[-1].key))
    x, y = center(other)
    panel.emitted.clear()
    panel.finger(pygame.FINGERDOWN, (x - 60, y))
    panel.finger(pygame.FINGERMOTION, (x - 60 + 2 * other.drag_step + 3, y))
    panel.finger(pygame.FINGERUP, (x - 60 + 2 * other.drag_step + 3, y))
    assert panel.emitted == [Tap((*other.drag, 2))]


def test_the_mouse_clicks_but_its_copies_of_a_touch_do_not_count_twice(panel):
    renderer = panel.screen.renderer
    row = center(region_for(renderer, ("focus", panel.frame.game.tracks[-1].key)))
    panel.post(pygame.MOUSEBUTTONDOWN, pos=row, button=1, touch=True)
    panel.post(pygame.MOUSEBUTTONUP, pos=row, button=1, touch=True)
    assert panel.emitted == []
    panel.post(pygame.MOUSEBUTTONDOWN, pos=row, button=1, touch=False)
    panel.post(pygame.MOUSEBUTTONUP, pos=row, button=1, touch=False)
    assert panel.emitted == [Tap(("focus", panel.frame.game.tracks[-1].key))]
    panel.post(pygame.QUIT)
    assert panel.emitted[-1] == Quit(0)


def test_a_resized_panel_window_is_laid_out_again(panel):
    pygame.display.set_mode((1280, 720), pygame.RESIZABLE)
    panel.post(pygame.VIDEORESIZE, size=(1280, 720), w=1280, h=720)
    assert panel.screen.renderer.size == (1280, 720)
    assert panel.screen.surface.get_size() == (1280, 720)
    assert_prepared(panel.screen.renderer)
    plus = center(region_for(panel.screen.renderer, ("turn", panel.frame.focus, 1)))
    panel.finger(pygame.FINGERDOWN, (plus[0] * 800 // 1280, plus[1] * 480 // 720))
    panel.finger(pygame.FINGERUP, (plus[0] * 800 // 1280, plus[1] * 480 // 720))
    assert panel.emitted == [Tap(("turn", panel.frame.focus, 1))]


def test_the_mouse_wheel_on_the_panel_turns_what_is_under_the_pointer(panel):
    key = panel.frame.game.tracks[-1].key
    row = center(region_for(panel.screen.renderer, ("focus", key)))
    panel.post(pygame.MOUSEMOTION, pos=row, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    panel.post(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, touch=False)
    panel.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, touch=False)
    assert panel.emitted == [Tap(("turn", key, 2)), Tap(("turn", key, -1))]


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_a_long_form_scrolls_to_its_focused_field_above_its_buttons(size):
    renderer = ScreenRenderer(size)
    fields = tuple(FormField(f"Field {i}", str(i), i == 11) for i in range(16))  # Kreel's scout
    renderer.render(Frame(game=play_frame().game, form=Form("Scout", fields, "a hint")))
    shown = [r.target[1] for r in renderer.hits if r.target and r.target[0] == "field"]
    assert 11 in shown and shown == list(range(shown[0], shown[-1] + 1)) and len(shown) < 16
    ok = region_for(renderer, SELECT)
    last = region_for(renderer, ("field", shown[-1]))
    assert last.rect[1] + last.rect[3] <= ok.rect[1]
