"""'10. Deeds' (Exchange, Resolve) and the Reward steps' Loot and Trophy options,
unique keywords ("Action: Discover", Important)."""

from games.kilforth.state import cell_index

from .helpers import WARRIOR, do, place, refused, start, step_id


def _two_at(label: str = "C2") -> dict:
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    for hero in state["heroes"]:
        hero["cell"] = cell_index(label)
    return state


def test_exchange_gold_rumours_and_items_both_ways_no_ap():
    """"Deed: Exchange": any agreed exchange, one-way donations in either direction."""
    state = _two_at()
    state["heroes"][0].update(gold=5, assets=1, asset_gold=3)
    state["heroes"][1].update(rumours=2, loot=1)
    state = do(state, "exchange", **{"with": "H2", "gold": 2, "rumours": -1, "loot": -1,
                                     "assets": 1, "asset_gold": 3})
    a, b = state["heroes"]
    assert (a["gold"], a["rumours"], a["loot"], a["assets"], a["asset_gold"]) == (3, 2, 1, 0, 0)
    assert (b["gold"], b["rumours"], b["loot"], b["assets"], b["asset_gold"]) == (3, 1, 0, 1, 3)
    assert a["ap"] == 4 and state["active_hero"] == 0  # a Deed: no AP, the turn goes on


def test_exchange_refused_elsewhere_while_hidden_or_beyond_what_is_held():
    state = _two_at()
    state["heroes"][1]["cell"] = cell_index("B2")
    assert "location" in refused(state, "exchange", **{"with": "H2", "gold": 1}).short
    state["heroes"][1]["cell"] = cell_index("C2")
    assert "gold" in refused(state, "exchange", **{"with": "H2", "gold": 9}).short
    state["heroes"][0]["hidden"] = True
    assert "Hidden" in refused(state, "exchange", **{"with": "H2", "gold": 1}).short


def test_exchange_respects_the_limit_of_six():
    state = _two_at()
    state["heroes"][0]["rumours"] = 3
    state["heroes"][1]["rumours"] = 5
    state = do(state, "exchange", **{"with": "H2", "rumours": 2})
    assert state["heroes"][1]["rumours"] == 6


def test_resolve_a_loot_token_for_a_move_ap():
    """"Loot": each token is discarded as a Resolve Deed, e.g. 'Gain 1 Move AP'."""
    state = start()
    state["heroes"][0]["loot"] = 1
    state = do(state, "resolve", source="Loot token", ap=1)
    assert (state["heroes"][0]["loot"], state["heroes"][0]["ap"]) == (0, 5)
    assert "Loot" in refused(state, "resolve", source="Loot token", gold=1).short


def _defeat_a_place(state: dict, **reward) -> dict:
    enc = place(state, cell_index("C2"), "place", sneak=1, gold=2)
    state["heroes"][0]["cell"] = cell_index("C2")
    state = do(state, "overcome", encounter=enc)
    assert step_id(state) == "reward"
    return do(state, "reward", **reward)


def test_a_gold_loot_token_is_discarded_at_once_for_its_gold():
    state = start()
    state = _defeat_a_place(state, loot="loot token", loot_gold=2)
    hero = state["heroes"][0]
    assert (hero["gold"], hero["loot"]) == (3, 0)


def test_trophy_into_play_sold_or_gained_as_a_rumour():
    """"Trophy": put into play as an asset or discarded for its gold value; 'Gain' is a rumour."""
    state = _defeat_a_place(start(), trophy="asset", trophy_gold=3, keyword="Steed")
    hero = state["heroes"][0]
    assert (hero["assets"], hero["asset_gold"], hero["uniques"]) == (1, 3, ["Steed"])
    state = _defeat_a_place(start(), trophy="gold", trophy_gold=3)
    assert state["heroes"][0]["gold"] == 1 + 2 + 3
    state = _defeat_a_place(start(), trophy="rumour")
    assert state["heroes"][0]["rumours"] == 1 + 1 + 1


def test_a_second_asset_with_the_same_unique_keyword_is_discarded():
    """"Action: Discover", Important: "If a hero ever has two assets with the same
    unique keyword, they must immediately choose and discard one of them" - the asset
    gold (Victory Points) is the kept card's."""
    state = start()
    state["heroes"][0].update(rumours=2, gold=9)
    state = do(state, "market", buy=3, keyword="Weapon")
    kept_old = do(state, "discover", gold=2, keyword="Weapon", keep="old")
    hero = kept_old["heroes"][0]
    assert (hero["assets"], hero["asset_gold"], hero["uniques"]) == (1, 3, ["Weapon"])
    kept_new = do(state, "discover", gold=2, keyword="Weapon", keep="new")
    hero = kept_new["heroes"][0]
    assert (hero["assets"], hero["asset_gold"], hero["unique_gold"]) == (1, 2, {"Weapon": 2})


def test_an_exchanged_asset_takes_its_unique_keyword_and_gold_along():
    """"Deed: Exchange": "Assets move from play area to play area, remaining assets";
    the keyword goes with the card, and a duplicate at the taker is discarded at once."""
    state = _two_at()
    state["heroes"][0].update(gold=20, rumours=3)
    state["heroes"][0]["cell"] = state["heroes"][1]["cell"] = cell_index("C3")
    state = do(state, "market", buy=4, keyword="Weapon")
    state["active_hero"] = 0  # (the Market passed the turn; give it back for the Deed)
    state = do(state, "exchange", **{"with": "H2", "assets": 1, "keyword": "Weapon"})
    a, b = state["heroes"]
    assert (a["assets"], a["asset_gold"], a["uniques"], a["unique_gold"]) == (0, 0, [], {})
    assert (b["assets"], b["asset_gold"], b["uniques"], b["unique_gold"]) == (1, 4, ["Weapon"],
                                                                           {"Weapon": 4})
    # back again, onto a hero who has found another Weapon worth 1 meanwhile
    state["heroes"][0].update(assets=1, asset_gold=1, uniques=["Weapon"], unique_gold={"Weapon": 1})
    state = do(state, "exchange", **{"with": "H2", "assets": -1, "keyword": "Weapon", "keep": "new"})
    a, b = state["heroes"]
    assert (a["assets"], a["asset_gold"], a["unique_gold"]) == (1, 4, {"Weapon": 4})
    assert (b["assets"], b["asset_gold"], b["uniques"]) == (0, 0, [])


def test_exchange_keyword_checks():
    state = _two_at()
    state["heroes"][0].update(assets=2, asset_gold=3, uniques=["Potion"], unique_gold={"Potion": 1})
    assert refused(state, "exchange", **{"with": "H2", "assets": 1, "keyword": "Weapon"}).short \
        == "No *Weapon asset"
    assert refused(state, "exchange", **{"with": "H2", "assets": 2, "keyword": "Potion"}).short \
        == "One keyed asset"
    from games.kilforth.commands import COMMANDS  # Allies and Titles cannot be traded
    spec = next(c for c in COMMANDS if c.name == "exchange")
    offered = next(p for p in spec.params if p.name == "keyword").choices
    assert "Steed" not in offered and "Martial" not in offered and "Weapon" in offered


def test_a_lost_asset_takes_its_keyword_and_gold():
    """"Hero Defeated": sacrifice 1 asset - the one named by its keyword leaves play."""
    state = start()
    state["heroes"][0].update(assets=2, asset_gold=5, uniques=["Potion", "Steed"],
                              unique_gold={"Potion": 1, "Steed": 4}, rumours=0)
    state = do(state, "adjust", track="hero1.hp", delta=-4)
    assert step_id(state) == "loss"
    state = do(state, "lose_card", card="asset", keyword="Steed")
    hero = state["heroes"][0]
    assert (hero["assets"], hero["asset_gold"], hero["uniques"]) == (1, 1, ["Potion"])
