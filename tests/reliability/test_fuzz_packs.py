"""Content packs, fuzzed (issue 8: "fuzzing of ... content packs"; issue 15: hostile packs, from the menu).

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

from app.controller import Controller
from games.core.errors import fits_oled
from games.core.packs import PackError, for_pack, refused
from games.grail import pack as grail_pack
from games.kilforth import pack as kilforth_pack
from games.kreel import pack as kreel_pack
from games.myth import pack as myth_pack
from store.journal import Journal
from tests.games.grail.test_pack import PACK as GRAIL_PACK
from tests.games.kilforth.test_pack import CARDS as KILFORTH_PACK
from tests.games.kreel.test_pack import PACK as KREEL_PACK
from tests.games.myth.test_pack import _board_text
from tests.reliability.hostile import TALLY, fuzz, load_pack, spoiling, toml_lines, toml_value
from ui.oled import render_oled

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



# --- hostile packs (issue 15): huge numbers, deep nesting, NaN, control characters, bad bytes ------------

PACK_KEYS = ("name", "locations", "keys", "threats", "cards", "areas", "id", "type", "neighbours", "pos",
             "gloom", "races", "Elf", "x")
PACK_SECTIONS = ("locations.101", "threats.Ghoul", "races.Elf", "areas", "cards")


@st.composite
def hostile_pack(draw, game: str) -> str:
    """The game's good sample pack with hostile lines put in or values made hostile,
    or hostile TOML alone."""
    if draw(st.booleans()):
        return "\n".join(draw(toml_lines(PACK_KEYS, PACK_SECTIONS)))
    lines = READERS[game][1].splitlines()
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(lines)))
        if at < len(lines) and VALUE.search(lines[at]) and draw(st.booleans()):
            value = draw(toml_value())
            lines[at] = VALUE.sub(lambda _, value=value: "= " + value, lines[at])
        else:
            lines[at:at] = draw(toml_lines(PACK_KEYS, PACK_SECTIONS))
    return "\n".join(lines)


@pytest.mark.parametrize("game", sorted(READERS))
@fuzz(40)
@given(data=st.data())
def test_a_hostile_pack_is_read_or_refused_with_its_problems(game, data):
    text = data.draw(hostile_pack(game))
    try:
        READERS[game][0](text)
    except (PackError, READERS[game][2].PackError) as err:
        TALLY["packs (each game's reader)"]["refused"] += 1
        assert err.problems and all(p.isprintable() for p in err.problems)
        assert fits_oled(refused(err).short)
    else:
        TALLY["packs (each game's reader)"]["read"] += 1


@pytest.fixture(params=sorted(READERS))
def playing(request, tmp_path):
    """A box playing a new ``game`` (its setup's defaults) with one pack file,
    ``fuzz``, in its packs folder."""
    game = request.param
    folder = tmp_path / "packs" / game
    folder.mkdir(parents=True)
    journal, _ = Journal.open(tmp_path / "data")
    try:
        journal.new_game(game, {}, 1)
        controller = Controller(journal, seed=lambda: 1, clock=lambda: 1000.0, packs_dir=tmp_path / "packs")
        yield game, controller, journal, folder / "fuzz.toml"
    finally:
        journal.close()


@fuzz(25)
@given(data=st.data())
def test_a_bad_pack_from_the_menu_is_a_message_and_changes_nothing(playing, data):
    """The service's menu, "Load pack: fuzz": a refused pack shows a short OLED message
    and the game goes on exactly as it was; nothing is journaled."""
    game, controller, journal, path = playing
    path.write_bytes(data.draw(spoiling)(data.draw(hostile_pack(game))))
    before = journal.state()
    load_pack(controller, "fuzz")
    frame = controller.frame()
    render_oled(frame)  # the OLED draws it
    if frame.message is not None and frame.message.kind == "error":
        TALLY["packs (the menu's Load pack)"]["refused on the OLED"] += 1
        assert journal.state() == before
        assert fits_oled(frame.message.short) and frame.message.long.isprintable()
    else:
        TALLY["packs (the menu's Load pack)"]["loaded"] += 1
        assert journal.state()[1] == before[1] + 1


@pytest.mark.parametrize(
    ("text", "short", "long"),
    [
        ("x = " + "9" * 5000, "Pack: bad number", "a number of 5,000 digits (at most 40) (line 1)"),
        ("x = " + "[" * 40_000, "Pack: nested too deep", "nested too deeply (more than 16 levels) (line 1)"),
        ("a." * 40_000 + "b = 1", "Pack: nested too deep", "a key of more than 16 dotted parts (line 1)"),
        ("[x]\ny = nan", "Pack: bad number", "nan is not a number this box reads (x.y)"),
        ('[x]\ny = "\\u001b[2J"', "Pack: bad text", "text that is not printable"),
        ("name = ", "Pack: not TOML", "not valid TOML (Invalid value) (line 1)"),
        ("x" * 300_000, "Pack: too long", "the pack is longer than"),
    ],
)
def test_each_games_refusal_says_what_is_wrong_in_a_few_words(text, short, long):
    for game, (parse, _, module) in READERS.items():
        with pytest.raises((PackError, module.PackError)) as err:
            parse(text)
        rule = refused(err.value)
        assert rule.short == short and long in rule.long, (game, rule.short, rule.long)


def test_a_refusal_can_name_its_pack_on_the_oled():
    rule = refused(PackError(["not valid TOML (Invalid value) (line 1)"], "not TOML"))
    assert for_pack(rule, "my-threats").short == "my-threats: not TOML"
    long_name = for_pack(rule, "the-fall-of-avalon-and-everything-after")
    assert fits_oled(long_name.short) and long_name.short.endswith("…: not TOML")
    assert long_name.long.startswith("Pack the-fall-of-avalon-and-everything-after: The content pack")
