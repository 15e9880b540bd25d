"""Each game's action menu as the OLED shows it (issue "Playable from the OLED alone"):
a menu command's ``help`` is its row, read with cards in one hand."""

import pytest

from games.core.registry import KNOWN_PACKAGES, get_game
from tests.games.oled import MENU_ROW


@pytest.mark.parametrize("game_id", sorted(KNOWN_PACKAGES))
def test_each_action_menu_label_fits_an_oled_row_and_is_its_own(game_id):
    """A row holds 18 characters once an action not possible now is marked; two
    actions never read alike."""
    labels = [spec.help for spec in get_game(game_id).commands if spec.menu and not spec.prompt_only]
    assert [label for label in labels if len(label) > MENU_ROW] == []
    assert len(set(labels)) == len(labels), labels
