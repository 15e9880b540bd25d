"""Edges of '3. Card Anatomy' read from the rulebook alone: an encounter's values (gold,
Fight, Sneak, Influence, HP), rewards and their gold, the Ancient, Plots and their Loot."""

from games.kilforth.state import cell_index

from .helpers import WARRIOR, camp_all, d6, do, fight_round, place, refused, start, step_id


def _at_c2(heroes: list[dict] | None = None, **options) -> dict:
    state = start(heroes, **options)
    state["heroes"][0]["cell"] = cell_index("C2")
    return state



# --- Sagas: the saga before the Ancient --------------------------------------------------------

def test_assault_refused_on_the_finale_itself_and_allowed_once_it_is_completed():
    """"To win the game, a hero must first complete their saga"; "Deed: Assault",
    Restriction: "Hero must have completed their saga Finale". On the Finale (chapter 5) the
    Assault is refused; with the saga complete it opens the battle."""
    state = start()
    state["ancients"][0].update(in_play=True, cell=cell_index("B2"), hp=5, max_hp=5, fight=1)
    state["heroes"][0].update(cell=cell_index("B2"), chapter=5)
    refused(state, "assault", ancient=1)
    state["heroes"][0]["chapter"] = 6
    assert do(state, "assault", ancient=1)["procedure"]["name"] == "battle"


# --- Encounters ---------------------------------------------------------------------------------

def test_a_defeated_encounter_kept_at_six_rumours_leaves_six():
    """"Heroes collect defeated encounters into their hand as 'rumours'"; "Rumour Step: Hero
    gains a rumour (maximum of 6)"; "Limit of 6: If a hero ever has more than 6 rumours ...
    they must discard down to 6"."""
    state = _at_c2()
    state["heroes"][0]["rumours"] = 6
    enc = place(state, cell_index("C2"), "place", sneak=1, gold=1)
    state = do(state, "overcome", encounter=enc)
    state = do(state, "reward", loot="gold", rumour="card")
    assert state["heroes"][0]["rumours"] == 6


def test_an_encounter_worth_no_gold_gives_none():
    """"Gold value - gold earned when defeating the encounter"; Loot Step "a. Gain gold equal
    to the gold value of the defeated encounter card" - 0 gold value: gold unchanged."""
    state = _at_c2()
    enc = place(state, cell_index("C2"), "quest", study=1, gold=0)
    state = do(state, "overcome", encounter=enc)
    state = do(state, "reward", loot="gold", rumour="card")
    assert state["heroes"][0]["gold"] == 1


def test_a_foe_of_fight_zero_rolls_no_dice_and_one_with_surprise():
    """"Fight value - number of dice the encounter rolls in battle"; "A combatant with
    Surprise rolls 1 extra die in the first round of battle". A Fight 0 foe drawn on a Move
    has Surprise: 1 die in round 1, none in round 2."""
    state = do(start(), "move", to="C2")
    state = do(state, "encounter", type="enemy", fight=0, hp=5, sneak=1)
    state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(1, 1, 1))
    refused(state, "foe_fight", dice=[])
    state = do(state, "foe_fight", dice=d6(1))
    if step_id(state) == "fate":
        state = do(state, "fate", use="no")
    state = do(state, "escape", escape=False)
    state = do(state, "hero_fight", dice=d6(1, 1, 1))
    refused(state, "foe_fight", dice=d6(1))
    state = do(state, "foe_fight", dice=[])
    assert state["heroes"][0]["hp"] == 4


def _evade(foe_sneak: int, faces: list[int], hero_sneak: int = 2) -> dict:
    state = start([dict(WARRIOR, sneak=hero_sneak)])
    state["heroes"][0]["fate_used"] = True  # no Fate: the roll alone decides
    state = do(do(state, "hide"), "move", to="C2")
    state = do(state, "encounter", type="enemy", fight=1, hp=1, sneak=foe_sneak)
    state = do(state, "stance", choice="evade")
    return do(state, "evade_roll", dice=d6(*faces))


def test_evasion_succeeds_at_exactly_the_foes_sneak_and_fails_one_short():
    """"Sneak value - the skull symbol indicates that this value is only used if the card is
    an Enemy"; "Stage 2": "If the hero's number of successes from this Sneak Test equals or
    exceeds the foe's Sneak value, the Sneak Test succeeds" - 2 of 2 evades; 1 of 2 fails:
    no longer Hidden, the foe gains Surprise."""
    evaded = _evade(2, [5, 6])
    assert evaded["procedure"] is None and evaded["heroes"][0]["hidden"]
    failed = _evade(2, [6, 1])
    assert not failed["heroes"][0]["hidden"] and failed["procedure"]["data"]["surprise"] == "foe"


def test_a_foe_with_sneak_zero_is_evaded_with_no_success():
    """"equals or exceeds the foe's Sneak value": 0 successes equal a Sneak of 0 - evaded."""
    state = _evade(0, [1, 1])
    assert state["procedure"] is None and state["heroes"][0]["hidden"]


def test_influence_at_exactly_the_value_defeats_and_one_short_does_not():
    """"Influence value - successes needed to defeat this encounter using Influence";
    "Confront": "If the encounter's value in that attribute is less than or equal to the
    hero's number of successes, the hero defeats the encounter"."""
    state = _at_c2([dict(WARRIOR, influence=3)])
    state["heroes"][0]["fate_used"] = True
    thug = place(state, cell_index("C2"), "stranger", influence=2, gold=1)
    short = do(do(state, "confront", encounter=thug, attribute="influence"), "roll", dice=d6(6, 1, 1))
    assert short["procedure"] is None and len(short["encounters"]) == 1
    exact = do(do(state, "confront", encounter=thug, attribute="influence"), "roll", dice=d6(6, 5, 1))
    assert step_id(exact) == "reward" and exact["encounters"] == []


def test_a_foe_falls_at_exactly_its_hp_and_overkill_changes_nothing():
    """"HP - the damage required to defeat this encounter"; "Foe Defeated Check: If a foe has
    no HP, it is defeated". 2 HP: 1 success leaves it standing at 1; 2 defeat it; 3 too."""
    def engaged() -> dict:
        state = _at_c2()
        wolf = place(state, cell_index("C2"), "enemy", fight=0, hp=2, sneak=1)
        return do(state, "engage", encounter=wolf, team="none")
    one = fight_round(engaged(), [6, 1, 1], [])
    assert one["procedure"]["data"]["foe_hp"] == 1 and step_id(one) == "escape"
    for faces in ([6, 6, 1], [6, 6, 6]):
        state = fight_round(engaged(), faces, [])
        assert step_id(state) == "reward"


# --- Rewards --------------------------------------------------------------------------------------

def test_discover_with_no_rumour_is_refused():
    """"The hero 'Discovers' the reward ... to put it into play as an asset" from their hand;
    "Action: Discover": "Play a reward rumour card ... from the hero's hand" - with an empty
    hand there is nothing to Discover."""
    state = start()
    state["heroes"][0]["rumours"] = 0
    refused(state, "discover", gold=2)


def test_discovering_a_seventh_asset_leaves_six():
    """"Limit of 6: Each hero can only have a maximum of 6 assets in play ... If they ever have
    more, then after resolving the process that led to that situation, they must discard down
    to 6" - 6 assets, a seventh Discovered: 6 in play, one rumour fewer."""
    state = start()
    state["heroes"][0].update(assets=6, asset_gold=6, rumours=2)
    state = do(state, "discover", gold=2)
    hero = state["heroes"][0]
    assert (hero["assets"], hero["rumours"]) == (6, 1)


def test_market_purchase_costing_all_the_gold_and_one_more_than_held():
    """"Gold value - denotes value, and cost to buy this card"; Purchase: "The hero must (gold
    permitting) purchase one ... by paying the card's gold value" - 3 gold buys a 3-gold card
    (0 left, into play); a 4-gold card cannot be paid."""
    state = start()
    state["heroes"][0]["gold"] = 3
    refused(state, "market", buy=4)
    hero = do(state, "market", buy=3)["heroes"][0]
    assert (hero["gold"], hero["assets"], hero["asset_gold"]) == (0, 1, 3)


def test_a_purchased_duplicate_unique_keyword_keeps_one_asset():
    """"Keywords - an asterisk * denotes a unique keyword, indicating that the hero can only
    have one asset with this keyword in play at any time"; Purchase puts the card "straight
    into play". A second *Steed bought: one Steed stays, the hero's choice (the new one)."""
    state = start()
    state["heroes"][0].update(gold=5, assets=1, asset_gold=2, uniques=["Steed"], unique_gold={"Steed": 2})
    hero = do(state, "market", buy=4, keyword="Steed", keep="new")["heroes"][0]
    assert (hero["assets"], hero["asset_gold"], hero["uniques"], hero["gold"]) == (1, 4, ["Steed"], 1)
    hero = do(state, "market", buy=4, keyword="Steed", keep="old")["heroes"][0]
    assert (hero["assets"], hero["asset_gold"], hero["uniques"], hero["gold"]) == (1, 2, ["Steed"], 1)


# --- Night cards, Plots ---------------------------------------------------------------------------

def test_plots_for_two_ancients_of_the_same_type_both_come():
    """"Step 2d. Plot: When a particular location type falls into gloom the Ancient will bring
    a Plot card into play, as detailed on the Ancient's card" - two Ancients of Badlands (the
    co-op game draws one per hero): a Badlands location falling into gloom gets a Plot of
    each; a Forest one none."""
    state = camp_all(start([dict(WARRIOR, sneak=3), WARRIOR], mode="coop", plots=True))
    state = do(state, "night_card", location="B2", type="weather", terrain="badlands")
    while step_id(state) in ("plot",):
        state = do(state, "next")
    assert sorted(state["map"][cell_index("B2")]["plots"]) == [0, 1]
    state = camp_all(state if state["procedure"] is None else do(state, "next"))
    state = do(state, "night_card", location="D4", type="weather", terrain="forest")
    assert state["map"][cell_index("D4")]["plots"] == []


def test_clearing_a_plot_at_six_loot_keeps_six_and_takes_the_rumour():
    """Plots: "Loot - earned by hero who defeats this card"; "Action: Clear": the Plot "into
    their hand as a rumour", "then draws 1 random Loot token"; "Limit of 6"."""
    state = start(plots=True)
    state["heroes"][0].update(cell=cell_index("B2"), loot=6, rumours=1)
    state["map"][cell_index("B2")]["plots"] = [0]
    state = do(state, "clear")
    hero = state["heroes"][0]
    assert (hero["loot"], hero["rumours"]) == (6, 2) and state["map"][cell_index("B2")]["plots"] == []
