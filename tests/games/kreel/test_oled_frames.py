"""Golden OLED frames of a Kreel Manor game, one per phase (and the prompts).

Drawn from real states by the OLED renderer, compared pixel for pixel with
``tests/games/kreel/golden/``; ``UPDATE_GOLDENS=1`` rewrites them.
"""

import pytest

from tests.games.kreel.helpers import (
    GAME,
    do,
    finish_round,
    new,
    next_until,
    play_round,
    with_threats,
)
from tests.games.oled import assert_facts_fit
from tests.ui import golden_images
from ui.model import Frame
from ui.oled import render_oled


@pytest.fixture(autouse=True)
def _kreel_goldens(monkeypatch):
    monkeypatch.setattr(golden_images, "GOLDEN_DIR", golden_images.Path(__file__).parent / "golden")


def _states() -> dict[str, dict]:
    state = new(spirit=9, max_spirit=10)
    for _ in range(3):
        state = play_round(state)
    state = with_threats(state, {"fight": 4, "spirit_cost": 2, "statuses": ["bold"]})
    out = {"between_rounds": state}
    out["delve"] = next_until(state, "delve.delve")
    out["threat_reveal"] = next_until(state, "threat.reveal")
    out["draw"] = next_until(state, "draw.draw")
    play = do(next_until(state, "play.turn"), "tilt", action="sneak")
    out["play_forecast"] = play
    out["play_second_hero"] = next_until(play_round(new(heroes=2)), "play.turn")  # whose turn
    out["spirit_block"] = next_until(play, "spirit.block")
    out["end"] = next_until(play, "end.discard")
    ended = finish_round(play)
    out["game_end"] = do(ended, "adjust", track="hero1.spirit",
                         delta=-ended["heroes"][0]["spirit"])
    return out


STATES = _states()


@pytest.mark.parametrize("name", sorted(STATES))
def test_golden_oled_frame(name):
    view = GAME.view(STATES[name])
    frame = Frame(title="Kreel Manor", game=view, focus=view.tracks[0].key)
    golden_images.assert_matches_golden(render_oled(frame), f"kreel_{name}")


def test_play_phase_facts_are_the_forecast():
    facts = dict(GAME.view(STATES["play_forecast"]).facts)
    # The Bold Threat's Spirit Cost 2 doubled, plus 1 of the Threat revealed this round;
    # Sneak: slot 3 + the die Tilted to 1.
    assert facts == {"Cost": "5", "Power": "F1 I2 S4"}


def test_spirit_phase_facts_are_the_attack_and_the_block():
    # "5. Spirit Phase": the Bold Threat's Spirit Cost 2 doubled, plus 1 of the Threat
    # revealed this round; nothing Blocked yet.
    assert dict(GAME.view(STATES["spirit_block"]).facts) == {"Attack": "5", "Block": "0"}


@pytest.mark.parametrize("name", sorted(STATES))
def test_the_facts_fit_the_bottom_line_uncut(name):
    assert_facts_fit(GAME.view(STATES[name]))
