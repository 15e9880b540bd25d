"""The box's face for the desktop simulator: the OLED, two dials, four buttons, a dice panel.

:class:`BoxLayout` places every part inside a panel of any size (all lengths
derive from one unit, so the window can be resized), and answers "what is
under this point" for the mouse. :func:`draw_box_face` draws a
:class:`BoxFaceState` onto that layout with pygame primitives only. Neither
knows about pins or the tray: the simulator window (``hw_sim.window``) turns
clicks into pin edges and rolls into serial bytes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame
from PIL import Image

from ui.fonts import DEJAVU_SANS, DEJAVU_SANS_BOLD
from ui.oled_preview import DARK, LIT, oled_surface
from ui.text import fit

Color = tuple[int, int, int]

BUTTONS = ("back", "select", "next", "undo")
DIALS = ("spirit", "menhir")
DETENT_DEGREES = 18  # 20 detents a turn, as the box's encoders
#: The panel's design size; every length scales with the panel.
DESIGN_SIZE = (440, 660)

FACEPLATE: Color = (46, 40, 36)
FACEPLATE_EDGE: Color = (86, 76, 66)
BEZEL: Color = (12, 12, 14)
LABEL: Color = (214, 204, 190)
MUTED: Color = (150, 140, 128)
KNOB: Color = (70, 72, 78)
KNOB_EDGE: Color = (120, 124, 132)
CAP: Color = (96, 98, 106)
CAP_DOWN: Color = (60, 62, 68)
CHIP: Color = (64, 58, 52)
CHIP_ON: Color = (255, 184, 28)
CHIP_TEXT_ON: Color = (0, 0, 0)
DIE: Color = (236, 230, 216)
DIE_TEXT: Color = (20, 20, 20)
LED_ON: Color = (255, 90, 60)
BUTTON_CAPS: dict[str, Color] = {
    "back": (150, 150, 156),
    "select": (80, 170, 100),
    "next": (80, 140, 220),
    "undo": (220, 160, 50),
}
KEY_HINTS = {
    "back": "Bksp",
    "select": "Enter",
    "next": "Space",
    "undo": "U",
    "spirit": "↑ ↓  S",
    "menhir": "← →  M",
}


@dataclass(frozen=True)
class Hit:
    """What the pointer is over: a ``kind`` of part and its ``name`` (or index)."""

    kind: str  # "button" | "push" | "dial" | "kind" | "die" | "less" | "more" | "roll" | "send"
    name: str


@dataclass
class BoxFaceState:
    """What the face shows besides the OLED image: pressed parts, dial angles, the dice panel."""

    down: set[str] = field(default_factory=set)
    detents: dict[str, int] = field(default_factory=lambda: dict.fromkeys(DIALS, 0))
    kinds: tuple[str, ...] = ("d6",)
    kind: str = "d6"
    faces: list[str] = field(default_factory=lambda: ["1"])
    note: str = ""
    cue: str = ""
    brightness: float = 1.0


class BoxLayout:
    """Where each part of the face sits inside ``panel`` (a pygame Rect)."""

    def __init__(self, panel: pygame.Rect, oled_size: tuple[int, int], dice_slots: int = 6) -> None:
        self.panel = panel
        self.unit = min(panel.width / DESIGN_SIZE[0], panel.height / DESIGN_SIZE[1])
        pad = self.px(14)
        inner_w = panel.width - 2 * pad
        left = panel.left + pad
        # The OLED: the largest whole scale that fits, in a black bezel.
        bezel = self.px(8)
        self.oled_scale = max(1, min((inner_w - 2 * bezel) // oled_size[0],
                                     self.px(200) // oled_size[1]))
        oled_w, oled_h = oled_size[0] * self.oled_scale, oled_size[1] * self.oled_scale
        self.oled = pygame.Rect(0, 0, oled_w, oled_h)
        self.oled.midtop = (panel.centerx, panel.top + pad + bezel)
        self.bezel = self.oled.inflate(2 * bezel, 2 * bezel)
        # The dials side by side, their labels below.
        dial_r = self.px(52)
        dials_y = self.bezel.bottom + self.px(26) + dial_r
        self.dials = {
            name: (panel.left + panel.width * (1 + 2 * i) // 4, dials_y)
            for i, name in enumerate(DIALS)
        }
        self.dial_r = dial_r
        self.cap_r = round(dial_r * 0.45)
        # The four buttons in a row.
        button_r = self.px(24)
        buttons_y = dials_y + dial_r + self.px(52) + button_r
        step = inner_w / len(BUTTONS)
        self.buttons = {
            name: (round(left + step * (i + 0.5)), buttons_y) for i, name in enumerate(BUTTONS)
        }
        self.button_r = button_r
        # The dice panel: kind chips, the dice with - and +, then Roll and Send.
        top = buttons_y + button_r + self.px(40)
        self.dice_box = pygame.Rect(left, top, inner_w, self.px(160))
        self.row_h = self.px(30)
        self.kinds_y = top + self.px(26)
        self.dice_y = self.kinds_y + self.row_h + self.px(8)
        self.action_y = self.dice_y + self.px(40) + self.px(8)
        self.dice_slots = dice_slots

    def px(self, length: float) -> int:
        return max(1, round(length * self.unit))

    # --- the dice panel's parts (depend on the kinds and faces shown) ----------------

    def kind_chips(self, kinds: tuple[str, ...]) -> dict[str, pygame.Rect]:
        box = self.dice_box.inflate(-self.px(16), 0)
        gap = self.px(6)
        width = (box.width - gap * (len(kinds) - 1)) // max(1, len(kinds))
        return {kind: pygame.Rect(box.left + i * (width + gap), self.kinds_y, width, self.row_h)
                for i, kind in enumerate(kinds)}

    def dice_cells(self, count: int) -> list[pygame.Rect]:
        box = self.dice_box.inflate(-self.px(16), 0)
        side = self.px(40)
        less_more = 2 * (self.px(30) + self.px(6))
        gap = self.px(6)
        width = min(self.px(64), (box.width - less_more - gap * (self.dice_slots - 1))
                    // self.dice_slots)
        x = box.left + self.px(36)
        return [pygame.Rect(x + i * (width + gap), self.dice_y, width, side) for i in range(count)]

    def less_more(self) -> tuple[pygame.Rect, pygame.Rect]:
        box = self.dice_box.inflate(-self.px(16), 0)
        side = self.px(30)
        top = self.dice_y + self.px(5)
        return pygame.Rect(box.left, top, side, side), pygame.Rect(box.right - side, top, side, side)

    def actions(self) -> tuple[pygame.Rect, pygame.Rect]:
        box = self.dice_box.inflate(-self.px(16), 0)
        gap = self.px(10)
        width = (box.width - gap) // 2
        height = self.px(32)
        return (pygame.Rect(box.left, self.action_y, width, height),
                pygame.Rect(box.left + width + gap, self.action_y, width, height))

    # --- the pointer -----------------------------------------------------------------

    def hit(self, pos: tuple[int, int], state: BoxFaceState) -> Hit | None:
        """The part under ``pos``, if any (dial caps are pushes, dial rings turn)."""
        x, y = pos
        for name, (cx, cy) in self.dials.items():
            distance = math.hypot(x - cx, y - cy)
            if distance <= self.cap_r:
                return Hit("push", f"{name}_push")
            if distance <= self.dial_r:
                return Hit("dial", name)
        for name, (cx, cy) in self.buttons.items():
            if math.hypot(x - cx, y - cy) <= self.button_r + self.px(4):
                return Hit("button", name)
        for kind, rect in self.kind_chips(state.kinds).items():
            if rect.collidepoint(pos):
                return Hit("kind", kind)
        for index, rect in enumerate(self.dice_cells(len(state.faces))):
            if rect.collidepoint(pos):
                return Hit("die", str(index))
        less, more = self.less_more()
        if less.collidepoint(pos):
            return Hit("less", "")
        if more.collidepoint(pos):
            return Hit("more", "")
        roll, send = self.actions()
        if roll.collidepoint(pos):
            return Hit("roll", "")
        if send.collidepoint(pos):
            return Hit("send", "")
        return None


class _Fonts:
    """The face's fonts for one layout unit (cached per size)."""

    def __init__(self) -> None:
        self._cache: dict[tuple[bool, int], pygame.font.Font] = {}

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (bold, max(6, size))
        if key not in self._cache:
            self._cache[key] = pygame.font.Font(str(DEJAVU_SANS_BOLD if bold else DEJAVU_SANS),
                                                key[1])
        return self._cache[key]


_FONTS = _Fonts()


def _label(surface: pygame.Surface, text: str, font: pygame.font.Font, color: Color,
           center: tuple[int, int], max_width: int) -> None:
    shown = fit(text, lambda s: font.size(s)[0], max_width)
    if shown:
        image = font.render(shown, True, color)
        surface.blit(image, image.get_rect(center=center))


def _dimmed(color: Color, brightness: float) -> Color:
    return (round(color[0] * brightness), round(color[1] * brightness), round(color[2] * brightness))


def draw_box_face(surface: pygame.Surface, layout: BoxLayout, oled: Image.Image,
                  state: BoxFaceState) -> None:
    """Draw the whole face: faceplate, OLED (pixel-exact), dials, buttons, dice panel."""
    px = layout.px
    pygame.draw.rect(surface, FACEPLATE, layout.panel)
    pygame.draw.line(surface, FACEPLATE_EDGE, layout.panel.topleft, layout.panel.bottomleft,
                     max(1, px(3)))
    _draw_oled(surface, layout, oled, state)
    small = _FONTS.get(px(13))
    bold = _FONTS.get(px(15), bold=True)
    for name, center in layout.dials.items():
        _draw_dial(surface, layout, name, center, state)
        _label(surface, name.capitalize(), bold, LABEL,
               (center[0], center[1] + layout.dial_r + px(14)), layout.panel.width // 2)
        _label(surface, KEY_HINTS[name], small, MUTED,
               (center[0], center[1] + layout.dial_r + px(32)), layout.panel.width // 2)
    for name, center in layout.buttons.items():
        _draw_button(surface, layout, name, center, name in state.down)
        _label(surface, name, bold, LABEL, (center[0], center[1] + layout.button_r + px(14)),
               layout.panel.width // 4)
        _label(surface, KEY_HINTS[name], small, MUTED,
               (center[0], center[1] + layout.button_r + px(30)), layout.panel.width // 4)
    _draw_dice_panel(surface, layout, state)


def _draw_oled(surface: pygame.Surface, layout: BoxLayout, oled: Image.Image,
               state: BoxFaceState) -> None:
    pygame.draw.rect(surface, BEZEL, layout.bezel, border_radius=layout.px(6))
    lit = _dimmed(LIT, state.brightness)
    surface.blit(oled_surface(oled, layout.oled_scale, lit, DARK), layout.oled)
    if state.cue:  # the piezo's stand-in: a lit LED and the cue's name on the bezel
        px = layout.px
        led = (layout.bezel.right - px(10), layout.bezel.top + px(4))
        pygame.draw.circle(surface, LED_ON, led, px(3))
        font = _FONTS.get(px(11), bold=True)
        image = font.render(f"♪ {state.cue}", True, LED_ON, BEZEL)
        surface.blit(image, image.get_rect(midright=(led[0] - px(6), led[1])))


def _draw_dial(surface: pygame.Surface, layout: BoxLayout, name: str, center: tuple[int, int],
               state: BoxFaceState) -> None:
    """A knurled knob turned by its detents, with a push cap in the middle."""
    px = layout.px
    radius = layout.dial_r
    pygame.draw.circle(surface, (20, 18, 16), (center[0] + px(3), center[1] + px(4)), radius)
    pygame.draw.circle(surface, KNOB, center, radius)
    pygame.draw.circle(surface, KNOB_EDGE, center, radius, max(1, px(2)))
    angle0 = state.detents.get(name, 0) * DETENT_DEGREES
    for tick in range(0, 360, DETENT_DEGREES):
        a = math.radians(angle0 + tick - 90)
        outer = (center[0] + math.cos(a) * (radius - px(3)), center[1] + math.sin(a) * (radius - px(3)))
        inner = (center[0] + math.cos(a) * (radius - px(11)), center[1] + math.sin(a) * (radius - px(11)))
        pygame.draw.line(surface, KNOB_EDGE, inner, outer, max(1, px(2)))
    a = math.radians(angle0 - 90)
    mark = (round(center[0] + math.cos(a) * (radius - px(20))),
            round(center[1] + math.sin(a) * (radius - px(20))))
    pygame.draw.circle(surface, CHIP_ON, mark, px(5))
    pushed = f"{name}_push" in state.down
    pygame.draw.circle(surface, CAP_DOWN if pushed else CAP, center, layout.cap_r)
    pygame.draw.circle(surface, KNOB_EDGE, center, layout.cap_r, max(1, px(1)))
    _label(surface, "push", _FONTS.get(px(11)), LABEL, center, 2 * layout.cap_r)


def _draw_button(surface: pygame.Surface, layout: BoxLayout, name: str, center: tuple[int, int],
                 down: bool) -> None:
    """A round push button: a raised cap, sunk and darker while held."""
    px = layout.px
    radius = layout.button_r
    cap = BUTTON_CAPS[name]
    pygame.draw.circle(surface, (20, 18, 16), center, radius + px(4))
    if down:
        pygame.draw.circle(surface, _dimmed(cap, 0.6), (center[0], center[1] + px(2)), radius - px(2))
    else:
        pygame.draw.circle(surface, _dimmed(cap, 0.55), (center[0], center[1] + px(3)), radius)
        pygame.draw.circle(surface, cap, center, radius)
        shine = tuple(min(255, c + 50) for c in cap)
        pygame.draw.circle(surface, shine, (center[0] - radius // 3, center[1] - radius // 3),
                           radius // 4)


def _chip(surface: pygame.Surface, rect: pygame.Rect, text: str, on: bool,
          font: pygame.font.Font, radius: int) -> None:
    pygame.draw.rect(surface, CHIP_ON if on else CHIP, rect, border_radius=radius)
    _label(surface, text, font, CHIP_TEXT_ON if on else LABEL, rect.center, rect.width - 4)


def _draw_dice_panel(surface: pygame.Surface, layout: BoxLayout, state: BoxFaceState) -> None:
    px = layout.px
    box = layout.dice_box
    pygame.draw.rect(surface, (36, 32, 28), box, border_radius=px(8))
    pygame.draw.rect(surface, FACEPLATE_EDGE, box, width=max(1, px(1)), border_radius=px(8))
    title = _FONTS.get(px(13), bold=True)
    _label(surface, f"Dice tray · {state.note}" if state.note else "Dice tray", title, LABEL,
           (box.centerx, box.top + px(13)), box.width - px(16))
    font = _FONTS.get(px(13))
    for kind, rect in layout.kind_chips(state.kinds).items():
        _chip(surface, rect, kind, kind == state.kind, font, px(6))
    less, more = layout.less_more()
    big = _FONTS.get(px(18), bold=True)
    _chip(surface, less, "−", False, big, px(6))
    _chip(surface, more, "+", False, big, px(6))
    face_font = _FONTS.get(px(18), bold=True)
    for rect, face in zip(layout.dice_cells(len(state.faces)), state.faces, strict=True):
        pygame.draw.rect(surface, DIE, rect, border_radius=px(7))
        shown = face if face.isdigit() else face[:4]
        _label(surface, shown, face_font if len(shown) <= 2 else font, DIE_TEXT, rect.center,
               rect.width - 4)
    roll, send = layout.actions()
    action_font = _FONTS.get(px(15), bold=True)
    _chip(surface, roll, "Roll", True, action_font, px(6))
    _chip(surface, send, "Send these", False, action_font, px(6))
