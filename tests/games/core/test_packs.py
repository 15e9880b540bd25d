"""What every game's pack reader shares: size bound, TOML only, every problem, one refusal."""

import pytest

from games.core.packs import PackError, read_toml, refused, unknown_keys


def test_read_toml_bounds_the_size_and_names_bad_toml():
    assert read_toml('name = "mine"') == {"name": "mine"}
    with pytest.raises(PackError, match="longer than 10"):
        read_toml("x" * 11, max_text=10)
    with pytest.raises(PackError, match="not valid TOML"):
        read_toml("name = ")


def test_unknown_keys_are_each_named_with_their_place():
    assert unknown_keys("locations.101", {"keys": 1, "color": 2, "zz": 3}, ("keys",)) == [
        "locations.101: unknown key 'color' (allowed: keys)",
        "locations.101: unknown key 'zz' (allowed: keys)",
    ]


def test_a_refusal_fits_the_oled_and_lists_every_problem():
    err = refused(PackError(["a: bad", "b: worse"]))
    assert err.short == "Pack: 2 problems"
    assert err.long == "The content pack was not loaded: a: bad; b: worse"
    assert refused(PackError(["only"])).short == "Pack: 1 problem"
