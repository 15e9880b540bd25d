"""``tablewarden import``: the imported game becomes the active one (issue "Playable from the OLED alone")."""

from __future__ import annotations

import json

from tests.acceptance.harness import new_game, run_script, tablewarden


def test_an_imported_game_is_made_active(tmp_path):
    first = run_script(tmp_path, [*new_game("kreel-manor"), {"turn": "spirit", "steps": -1}])
    assert first.status == 0, first.stderr
    exported = tmp_path / "game.json"
    assert tablewarden("export", "--data-dir", str(first.data_dir), "-o", str(exported)).returncode == 0
    other = tmp_path / "other"
    done = tablewarden("import", str(exported), "--data-dir", str(other))
    assert done.returncode == 0, done.stderr
    assert "now the active game" in done.stdout
    state = tablewarden("state", "--data-dir", str(other), "--json")
    assert state.returncode == 0, state.stderr
    assert json.loads(state.stdout)["state"] == first.state()["state"]
    listed = tablewarden("games", "--data-dir", str(other))
    assert listed.stdout.lstrip().startswith("*")
