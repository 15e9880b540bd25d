"""The desktop simulator window: the screen, the OLED scaled up, and the box's keys.

Keyboard input goes through the simulated pins (a key down drives the pin
low, a key up drives it high), so holds, bounce and encoder quadrature take
exactly the path they take on the box. Keys (README, "Controls"):

  Enter = select, Space = next, Backspace/Escape = back, U = undo,
  Left/Right = Menhir dial, Up/Down = Spirit dial,
  S = Spirit push, M = Menhir push. Hold a key for a long press.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from device.events import Quit

if TYPE_CHECKING:
    from device.ports import Emit
    from device.screen import PygameScreen
    from hw_sim.oled import DummyDisplay
    from hw_sim.pins import SimPins
    from ui.model import Frame

OLED_SCALE = 3
MARGIN = 16


def key_map(pygame) -> tuple[dict[int, str], dict[int, tuple[str, int]]]:
    """Buttons and dial turns by pygame key code."""
    buttons = {
        pygame.K_RETURN: "select",
        pygame.K_KP_ENTER: "select",
        pygame.K_SPACE: "next",
        pygame.K_BACKSPACE: "back",
        pygame.K_ESCAPE: "back",
        pygame.K_u: "undo",
        pygame.K_s: "spirit_push",
        pygame.K_m: "menhir_push",
    }
    turns = {
        pygame.K_LEFT: ("menhir", -1),
        pygame.K_RIGHT: ("menhir", 1),
        pygame.K_DOWN: ("spirit", -1),
        pygame.K_UP: ("spirit", 1),
    }
    return buttons, turns


class SimWindow:
    """One window: the screen on the left, the OLED (pixel-exact, scaled) on the right."""

    def __init__(self, screen: PygameScreen, display: DummyDisplay, pins: SimPins) -> None:
        import pygame

        self._pygame = pygame
        self.screen = screen
        self.display = display
        self.pins = pins
        self.buttons, self.turns = key_map(pygame)
        width, height = screen.renderer.size
        oled_w, oled_h = display.width * OLED_SCALE, display.height * OLED_SCALE
        self.oled_at = (width + MARGIN, MARGIN)
        self.window = pygame.display.set_mode((width + oled_w + 2 * MARGIN, max(height, oled_h + 2 * MARGIN)))
        pygame.display.set_caption("Table Warden — simulated box")

    def draw(self, frame: Frame) -> None:
        from ui.screen import oled_surface

        self.screen.draw(frame)
        self.window.fill((20, 20, 24))
        self.window.blit(self.screen.surface, (0, 0))
        self.window.blit(oled_surface(self.display.image, OLED_SCALE), self.oled_at)
        self._pygame.display.flip()

    def pump(self, emit: Emit) -> None:
        pygame = self._pygame
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                emit(Quit(0))
            elif event.type == pygame.KEYDOWN and event.key in self.turns:
                control, steps = self.turns[event.key]
                self.pins.turn(control, steps)
            elif event.type == pygame.KEYDOWN and event.key in self.buttons:
                self.pins.down(self.buttons[event.key])
            elif event.type == pygame.KEYUP and event.key in self.buttons:
                self.pins.up(self.buttons[event.key])

    def save(self, path: str) -> None:
        self.screen.save(path)

    def close(self) -> None:
        self.screen.close()
