"""Makes the README's screenshots: each game played a little on the simulated box.

Run from the repository root: ``.venv/bin/python -m docs.screenshots.make_screenshots``.
Each game is started and played through the control-script runner
(``tablewarden run --hardware sim --headless --script S --frames F``), exactly
as the acceptance tests drive it; its snapshot gives ``<game>-screen.png``
(the screen) and ``<game>-oled.png`` (the OLED, enlarged 4x, pixel-exact).
``simulator.png`` is the simulator window drawn around Kreel Manor's snapshot.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from PIL import Image  # noqa: E402

from tests.acceptance.harness import new_game, run_script, walk  # noqa: E402
from tests.acceptance.test_grail_script import SETUP as GRAIL_SETUP  # noqa: E402
from tests.acceptance.test_grail_script import travel  # noqa: E402
from tests.acceptance.test_kilforth_script import _menu  # noqa: E402
from tests.acceptance.test_kreel_script import FIRST_ROUND, QUIET_ROUND  # noqa: E402
from tests.acceptance.test_myth_script import SETUP  # noqa: E402

OUT = Path(__file__).resolve().parent
NEXT = {"press": "next"}
SELECT = {"press": "select"}

SCRIPTS: dict[str, list[dict]] = {
    # Play: the phase's tag and the step over the focused value.
    "kreel-manor": [
        *new_game("kreel-manor"), *FIRST_ROUND, {"turn": "spirit", "steps": -2}, *QUIET_ROUND,
        {"turn": "spirit", "steps": -1}, *QUIET_ROUND, NEXT, NEXT,
    ],
    # A form: the encounter drawn on a Move, its fifth field (label, value, place).
    "gloom-of-kilforth": [
        *new_game("gloom-of-kilforth"), NEXT,  # Setup's content pack step: no pack
        {"turn": "menhir", "steps": 2}, {"turn": "spirit", "steps": 2},
        {"turn": "menhir", "steps": 1}, {"turn": "spirit", "steps": 1},
        *walk(6), SELECT, NEXT, *_menu("move"), SELECT, SELECT,
        {"turn": "spirit", "steps": 1},
        {"turn": "menhir", "steps": 4}, {"turn": "spirit", "steps": 2},
    ],
    # Asked once: next at "Character 1's turn" would end the day for everyone.
    "tainted-grail": [*new_game("tainted-grail"), *GRAIL_SETUP, *travel(2), NEXT],
    # Play: the Planning reminder.
    "myth-dark-frontier": [*new_game("myth-dark-frontier"), *SETUP, {"press": "back"}],
}


def shoot(game: str, lines: list[dict], work: Path) -> tuple[Path, Path]:
    """Play ``lines`` and return the snapshot's screen and OLED images."""
    run = run_script(work, [*lines, {"wait": 0.3}, {"snap": game}])
    if run.status != 0:
        raise SystemExit(f"{game}: the script failed:\n{run.stderr}")
    return run.frames / f"{game}-screen.png", run.frames / f"{game}-oled.png"


def simulator(screen: Path, oled: Path) -> Image.Image:
    """The simulator window (box face beside the screen) around one snapshot."""
    import pygame

    from device.screen import PygameScreen, init_pygame
    from hw_sim.oled import DummyDisplay
    from hw_sim.pins import SimPins
    from hw_sim.window import SimWindow

    init_pygame(headless=True)
    pins, display = SimPins(), DummyDisplay()
    window = SimWindow(PygameScreen((800, 480), window=False), display, pins)
    display.show(Image.open(oled).convert("1"))
    window.surface = pygame.image.load(str(screen))
    with tempfile.TemporaryDirectory() as tmp:
        window.save_window(f"{tmp}/window.png")
        image = Image.open(f"{tmp}/window.png").convert("RGB")
    window.close()
    pins.close()
    return image


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        for game, lines in SCRIPTS.items():
            work = Path(tmp) / game
            work.mkdir()
            screen, oled = shoot(game, lines, work)
            Image.open(screen).convert("RGB").save(OUT / f"{game}-screen.png", optimize=True)
            small = Image.open(oled).convert("1")
            small.resize((small.width * 4, small.height * 4), Image.Resampling.NEAREST).save(
                OUT / f"{game}-oled.png", optimize=True)
            if game == "kreel-manor":
                simulator(screen, oled).save(OUT / "simulator.png", optimize=True)
            print(f"{game}: done")
    return 0


if __name__ == "__main__":
    sys.exit(main())
