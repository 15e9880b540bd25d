"""Content packs, fuzzed (issue 8: "fuzzing of ... content packs").

Each game's pack reader takes TOML text an owner wrote by hand. Whatever the
text — random bytes, or a good pack with lines dropped, duplicated or their
values swapped for wrong types — the reader either returns a pack or raises
PackError listing problems; nothing else escapes, so a bad pack never stops a
game (DESIGN.md, "Content packs"). Packs are parsed with tomllib only: no
code runs.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.packs import PackError
from games.grail import pack as grail_pack
from games.kilforth import pack as kilforth_pack
from games.kreel import pack as kreel_pack
from games.myth import pack as myth_pack
from tests.games.grail.test_pack import PACK as GRAIL_PACK
from tests.games.kilforth.test_pack import CARDS as KILFORTH_PACK
from tests.games.kreel.test_pack import PACK as KREEL_PACK
from tests.games.myth.test_pack import _board_text

READERS = {  # the reader, a good pack, the reader module (for its PackError)
    "tainted-grail": (grail_pack.parse, GRAIL_PACK, grail_pack),
    "gloom-of-kilforth": (kilforth_pack.parse, KILFORTH_PACK, kilforth_pack),
    "kreel-manor": (kreel_pack.parse, KREEL_PACK, kreel_pack),
    "myth-dark-frontier": (myth_pack.parse, _board_text(), myth_pack),
}
WRONG_VALUES = ['"text"', "-1", "0", "99999999999", "3.5", "true", "[]", "{}", '""', '[1, "a"]']
VALUE = re.compile(r"=\s*(.+)$")


def read(game: str, text: str) -> None:
    parse, _, module = READERS[game]
    try:
        assert isinstance(parse(text), dict)
    except (PackError, module.PackError) as err:
        assert err.problems and all(isinstance(p, str) and p for p in err.problems)


@pytest.mark.parametrize("game", sorted(READERS))
def test_the_good_sample_pack_is_read(game):
    parse, text, _ = READERS[game]
    assert isinstance(parse(text), dict)


@pytest.mark.parametrize("game", sorted(READERS))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_mangled_pack_is_read_or_refused_with_its_problems(game, data):
    lines = READERS[game][1].splitlines()
    for _ in range(data.draw(st.integers(1, 4))):
        if not lines:
            break
        i = data.draw(st.integers(0, len(lines) - 1))
        action = data.draw(st.sampled_from(["drop", "repeat", "retype", "truncate"]))
        if action == "drop":
            del lines[i]
        elif action == "repeat":
            lines.insert(i, lines[i])
        elif action == "retype" and VALUE.search(lines[i]):
            lines[i] = VALUE.sub("= " + data.draw(st.sampled_from(WRONG_VALUES)), lines[i])
        elif action == "truncate":
            lines[i] = lines[i][: data.draw(st.integers(0, len(lines[i])))]
    read(game, "\n".join(lines))


@pytest.mark.parametrize("game", sorted(READERS))
@settings(max_examples=60, deadline=None)
@given(text=st.text(max_size=400))
def test_any_text_is_read_or_refused(game, text):
    read(game, text)
