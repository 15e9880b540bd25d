"""'Action: Market': Heal for any hero at the location, Purchase, Sell (the sold cards
leave hand and play area), and a Market journaled before the cards sold were named."""

from games.core import Command
from games.core.engine import migrate_command
from games.kilforth import rules
from games.kilforth.state import CITY

from .helpers import GAME, WARRIOR, do, refused, start, step_id


def _seller() -> dict:
    """At Sprawl City: 2 gold, 3 rumours, two assets - a Weapon worth 4 and a card
    worth 3 whose keyword was not recorded."""
    state = start()
    state["heroes"][0].update(gold=2, rumours=3, assets=2, asset_gold=7, uniques=["Weapon"],
                              unique_gold={"Weapon": 4})
    return state


def test_market_sell_discards_the_sold_rumours_and_sacrifices_the_sold_assets():
    """"Market", Option 3 - Sell: "Discard from hand 1 or more rumours, and/or sacrifice
    (discard from play area) 1 or more assets. Each discarded/sacrificed card earns the
    hero gold equal to half that card's gold value, rounded down." The sold cards leave:
    fewer rumours and assets, and the Victory Points ("the sum of their gold plus the
    gold value of their cards in play") lose the sold assets' value."""
    state = do(_seller(), "market", sell_rumours=1, sell_assets=1, sold_keywords="Weapon", sell=3)
    hero = state["heroes"][0]
    assert (hero["gold"], hero["rumours"], hero["assets"], hero["asset_gold"]) == (5, 2, 1, 3)
    assert hero["uniques"] == [] and hero["unique_gold"] == {} and hero["ap"] == 3
    assert rules.victory_points(hero) == 8
    state = _seller()
    state = do(state, "market", sell_assets=2, sold_keywords="Weapon", sold_gold=3, sell=3)
    hero = state["heroes"][0]
    assert (hero["gold"], hero["assets"], hero["asset_gold"], hero["rumours"]) == (5, 0, 0, 3)


def test_market_sell_refuses_what_the_hero_does_not_hold_and_gold_without_cards():
    """Only cards held can be sold; gold comes from the cards sold; assets alone earn at
    most half their gold values, rounded down (4 // 2 + 3 // 2 = 3). Each refusal leaves
    the state exactly as it was."""
    state = _seller()
    assert refused(state, "market", sell=2).short == "Name the cards sold"
    assert refused(state, "market", sell_rumours=4).short == "Not enough rumours"
    assert refused(state, "market", sell_assets=3).short == "Not enough assets"
    assert refused(state, "market", sell_assets=2, sold_keywords="Weapon", sold_gold=3,
                   sell=4).short == "At most 3 gold"
    assert refused(state, "market", sell_assets=0, sold_keywords="Weapon").short == "Count the assets"
    state["heroes"][0]["uniques"] = []
    refused(state, "market", sell_assets=1, sold_keywords="Weapon")  # not a choice any more


def test_market_sell_comes_before_the_purchase_that_replaces_a_unique_asset():
    """"Each of the following options may be performed once, in the order of the hero's
    choosing": the old Weapon sold, a new Weapon bought (straight into play, "Important:
    Cards purchased ... are placed directly into play as assets") - no duplicate."""
    state = do(_seller(), "market", sell_assets=1, sold_keywords="Weapon", sell=2, buy=3,
               keyword="Weapon")
    hero = state["heroes"][0]
    assert (hero["gold"], hero["assets"], hero["asset_gold"]) == (1, 2, 6)
    assert hero["unique_gold"] == {"Weapon": 3}


def test_market_heal_buys_hp_for_any_hero_at_the_location():
    """"Market", Option 1 - Heal: "The active hero can purchase HP for any heroes at this
    location with fewer HP than their maximum health, for 1 gold per HP." Hero 1 buys
    1 HP for themselves and is asked for each wounded hero at Sprawl City in turn: 2 HP
    for Hero 2, none for Hero 3; a defeated hero is not asked ("Hero Defeated": cannot be
    affected until Dawn), nor one elsewhere. Healing gives no AP ("never by healing")."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR, WARRIOR, WARRIOR], mode="coop")
    state["heroes"][0].update(gold=5, hp=3)
    state["heroes"][1].update(hp=2, ap=2)
    state["heroes"][2].update(hp=1)
    state["heroes"][3].update(hp=0, defeated=True, camped=True)
    state = do(state, "market", heal=1, heal_others=True)
    assert step_id(state) == "heal" and state["procedure"]["data"]["queue"] == [1, 2]
    assert GAME.view(state).step == "HP for H2: 1 gold/HP"
    assert refused(state, "market_heal", hp=4).short == "Above max HP"
    state = do(state, "market_heal", hp=2)
    assert refused(state, "market_heal", hp=3).short == "Not enough gold"
    state = do(state, "market_heal", hp=0)
    assert [h["hp"] for h in state["heroes"]] == [4, 4, 1, 0]
    assert state["heroes"][0]["gold"] == 2 and state["heroes"][1]["ap"] == 2
    assert state["procedure"] is None and state["active_hero"] == 1  # the Action is done


def test_market_heal_for_others_needs_a_wounded_hero_here_and_must_heal_someone():
    """"At least one must be performed": with nothing else chosen, the last hero asked
    must be bought some HP; with no wounded hero here the option is refused."""
    state = start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop")
    state["heroes"][1]["hp"] = 5
    assert refused(state, "market", heal_others=True).short == "No one else to heal"
    state["heroes"][1].update(hp=3)
    state["heroes"][0]["gold"] = 1
    state = do(state, "market", heal_others=True)
    assert refused(state, "market_heal", hp=0).short == "Heal someone"
    assert do(state, "market_heal", hp=1)["heroes"][1]["hp"] == 4


def test_market_elsewhere_only_by_an_ability():
    """"Restriction: Hero is at Sprawl City. (Some abilities allow heroes to perform
    Market Actions elsewhere)."""
    state = _seller()
    state["heroes"][0]["cell"] = CITY - 1
    assert refused(state, "market", sell_rumours=1).short == "Only at Sprawl City"
    assert do(state, "market", sell_rumours=1, ability=True)["heroes"][0]["rumours"] == 2


def test_a_market_sale_journaled_before_schema_4_replays_as_it_was():
    """A command journaled under schema 3 named no cards: the command migration replays
    it as ``old_market`` (the gold only), so an old journal still restores; a Market that
    sold nothing is unchanged."""
    old = {"name": "market", "params": {"heal": 0, "buy": 0, "sell": 2}}
    migrated = migrate_command(GAME, old, 3)
    assert migrated == Command("old_market", old["params"])
    state = do(_seller(), migrated.name, **migrated.params)
    hero = state["heroes"][0]
    assert (hero["gold"], hero["rumours"], hero["assets"], hero["ap"]) == (4, 3, 2, 3)
    healed = {"name": "market", "params": {"heal": 1, "buy": 0, "sell": 0}}
    assert migrate_command(GAME, healed, 3) == Command("market", healed["params"])
    assert migrate_command(GAME, old, 4) == Command("market", old["params"])
