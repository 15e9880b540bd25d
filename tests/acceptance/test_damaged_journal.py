"""A damaged journal file is moved aside (never deleted), reported on the
displays and in the log, and the last good backup restored (issue: "Bad input
gets a clear answer and loses nothing")."""

from PIL import Image

from tests.acceptance.harness import new_game, run_script

NEXT = {"press": "next"}


def test_a_damaged_journal_is_quarantined_and_the_backup_restored(tmp_path):
    # Round 1 up to the Draw phase: the Delve and Threat procedures end, and
    # each end takes a rotating backup.
    first = run_script(tmp_path, [*new_game("kreel-manor"), {"turn": "spirit", "steps": -1},
                                  NEXT, *[NEXT] * 5, NEXT])
    assert first.status == 0, first.stderr
    saved = first.state()
    journal = first.data_dir / "journal.db"
    raw = bytearray(journal.read_bytes())
    raw[100:4000] = b"\xde\xad" * 1950
    journal.write_bytes(bytes(raw))

    second = run_script(tmp_path, [{"snap": "recovered"}], data_dir=first.data_dir)
    assert second.status == 0, second.stderr
    damaged = [p for p in first.data_dir.iterdir() if "damaged" in p.name and p.suffix == ".db"]
    assert len(damaged) == 1 and damaged[0].read_bytes() == bytes(raw)
    assert "damaged" in second.stderr.lower()
    restored = second.state()
    assert restored["game"] == "kreel-manor"
    assert restored["state"]["heroes"][0]["spirit"] == 9
    assert restored["seq"] <= saved["seq"]
    oled = Image.open(second.frames / "recovered-oled.png")
    assert oled.getbbox() is not None
