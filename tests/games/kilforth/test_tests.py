"""'Test' and 'Confront': real dice, Fate once per Day, accumulated successes, odds."""

from fractions import Fraction

from games.core import Command, apply, dice
from games.kilforth.state import cell_index

from .helpers import GAME, WARRIOR, d6, do, place, refused, start, step_id


def _at(state: dict, label: str, index: int = 0) -> dict:
    state["heroes"][index]["cell"] = cell_index(label)
    return state


def test_remote_town_accumulated_successes():
    # "Confront" example: Remote Town, Sneak 3 / Study 4; Sneak 5 rolls 5 dice, 1
    # success, then 2 more next turn: 3 = Sneak 3, defeated.
    state = _at(start([dict(WARRIOR, sneak=5)]), "C2")
    town = place(state, cell_index("C2"), "place", sneak=3, study=4, gold=2)
    state = do(state, "confront", encounter=town, attribute="sneak")
    assert step_id(state) == "roll"
    state = do(state, "roll", dice=d6(1, 2, 3, 4, 5))
    assert step_id(state) == "fate"
    state = do(state, "fate", use="no")
    assert state["heroes"][0]["successes"] == [{"encounter": town, "attribute": "sneak", "count": 1}]
    state = do(state, "confront", encounter=town, attribute="sneak")
    state = do(state, "roll", dice=d6(6, 5, 1, 1, 2))
    assert step_id(state) == "reward"
    state = do(state, "reward", loot="gold", rumour="card")
    hero = state["heroes"][0]
    assert hero["gold"] == 3 and hero["rumours"] == 2 and hero["successes"] == []
    assert state["encounters"] == []


def test_same_attribute_all_day_and_successes_lost_on_leaving():
    state = _at(start([dict(WARRIOR, sneak=5)]), "C2")
    town = place(state, cell_index("C2"), "place", sneak=3, study=4)
    state = do(state, "confront", encounter=town, attribute="sneak")
    state = do(state, "roll", dice=d6(5, 1, 1, 1, 1))
    state = do(state, "fate", use="no")
    err = refused(state, "confront", encounter=town, attribute="study")
    assert "same attribute" in err.long
    state = do(state, "move", to="B2")
    assert state["heroes"][0]["successes"] == []


def test_odds_shown_before_the_roll_are_exact():
    state = _at(start([dict(WARRIOR, sneak=5)]), "C2")
    town = place(state, cell_index("C2"), "place", sneak=2)
    state = do(state, "confront", encounter=town, attribute="sneak")
    text = GAME.view(state).step
    plain = dice.percent(dice.chance_at_least(2, 5, 5))
    fated = dice.percent(dice.chance_at_least(2, 5, 5, extra=1))
    assert text == f"Sneak 5d: {plain} F{fated}" and len(text) <= 21
    assert dict(GAME.view(state).facts) == {"Dice": "5", "Succ": "0/2"}
    assert dice.chance_at_least(2, 5, 5) == Fraction(131, 243)


def test_the_longest_attribute_with_two_digit_dice_keeps_exact_odds_within_the_oled_line():
    state = _at(start([dict(WARRIOR, influence=12)]), "C2")
    town = place(state, cell_index("C2"), "place", influence=1)
    state = do(state, "confront", encounter=town, attribute="influence")
    assert dice.percent(dice.chance_at_least(1, 12, 5)) == ">99%"
    assert GAME.view(state).step == "Infl. 12d: >99% F100%"


def test_easier_variant_counts_4_to_6():
    state = _at(start(dice="4-6"), "C2")
    quest = place(state, cell_index("C2"), "quest", fight=3)
    state = do(state, "confront", encounter=quest, attribute="fight")
    state = do(state, "roll", dice=d6(4, 4, 4))
    assert step_id(state) == "reward"


def test_fate_once_per_day():
    state = _at(start(), "C2")
    quest = place(state, cell_index("C2"), "quest", fight=3)
    state = do(state, "confront", encounter=quest, attribute="fight")
    state = do(state, "roll", dice=d6(1, 1, 5))
    state = do(state, "fate", use="Fate token")
    hero = state["heroes"][0]
    assert hero["fate"] == 3 and hero["fate_used"] and hero["successes"][0]["count"] == 2
    state = do(state, "confront", encounter=quest, attribute="fight")
    state = do(state, "roll", dice=d6(1, 1, 1))
    assert step_id(state) is None  # no Fate prompt: already called today


def test_a_stranger_with_zero_successes_becomes_an_enemy():
    state = _at(start(), "C2")
    stranger = place(state, cell_index("C2"), "stranger", influence=2, fight=1, hp=1, sneak=1)
    state["heroes"][0]["fate"] = 0
    state["heroes"][0]["rumours"] = 0
    state = do(state, "confront", encounter=stranger, attribute="influence")
    state = do(state, "roll", dice=d6(1, 2))
    assert state["encounters"][0]["enemy_of"] == [0]
    assert state["heroes"][0]["enemy_tokens"] == 3


def test_team_example_adds_one_die_per_other_hero():
    # Deed: Team example: Sneak 3 plus 1 for the other hero rolls 4 dice.
    a = dict(WARRIOR, sneak=3)
    state = start([a, dict(WARRIOR, sneak=1)], mode="coop")
    state["heroes"][0]["cell"] = state["heroes"][1]["cell"] = cell_index("C2")
    place_id = place(state, cell_index("C2"), "place", sneak=2)
    state = do(state, "confront", encounter=place_id, attribute="sneak", team="H2")
    assert state["procedure"]["data"]["dice"] == 4
    refused(state, "roll", dice=d6(5, 5, 5))  # the tray saw 3 dice, the Test rolls 4


def test_virtual_roll_when_no_tray():
    state = _at(start(), "C2")
    quest = place(state, cell_index("C2"), "quest", fight=9)
    state = do(state, "confront", encounter=quest, attribute="fight")
    after = do(state, "roll")
    assert len(after["procedure"]["data"]["faces"]) == 3
    assert do(state, "roll") == after  # seeded: the same again


def test_free_test_for_an_event():
    state = start()
    state = do(state, "test", attribute="sneak", needed=1)
    state = do(state, "roll", dice=d6(6, 1))
    assert state["procedure"] is None
    assert state["heroes"][0]["ap"] == 4  # "does not require expenditure of Action Points"


def test_the_new_enemy_stranger_is_engaged_at_once_without_surprise():
    state = _at(start(), "C2")
    stranger = place(state, cell_index("C2"), "stranger", influence=2, fight=1, hp=1, sneak=1)
    state["heroes"][0].update(fate=0, rumours=0)
    state = do(state, "confront", encounter=stranger, attribute="influence")
    state = do(state, "roll", dice=d6(1, 2))
    assert state["procedure"]["name"] == "battle"
    assert state["procedure"]["data"]["surprise"] is None


def test_every_prompt_that_takes_dice_arms_the_tray():
    """``Step.dice`` on every dice prompt, so the box arms the tray when it opens."""
    from games.core.core_commands import command_specs

    specs = command_specs(GAME)
    for procedure in GAME.procedures:
        for step in procedure.steps:
            if step.command and any(p.kind == "dice" for p in specs[step.command].params):
                assert step.dice is not None, f"{procedure.name}.{step.id}"


def test_a_tray_roll_of_the_wrong_count_is_refused_naming_the_roll():
    state = start()
    state = do(state, "test", attribute="fight", needed=1)
    step = GAME.procedure("test").steps[0]
    assert step.dice(state) == (3, "d6")
    err = refused(state, "roll", dice=d6(5, 6))
    assert err.short == "Roll 3 d6"
    err = refused(state, "roll", dice=[{"kind": "d10", "face": 5}] * 3)
    assert "3 d6" in err.short


def test_confront_only_quests_places_and_strangers_and_strangers_by_influence():
    """"Action: Confront": "'Enemy' encounters do not require Confront Actions - they are
    automatically engaged instead"; Strangers: "Heroes can only Test their Influence
    attribute, even if the Stranger has other attributes"."""
    state = _at(start(), "C2")
    wolf = place(state, cell_index("C2"), "enemy", fight=1, hp=1, sneak=1)
    stranger = place(state, cell_index("C2"), "stranger", influence=2, sneak=2)
    assert refused(state, "confront", encounter=wolf, attribute="fight").short == "Not confrontable"
    assert refused(state, "confront", encounter=stranger, attribute="sneak").short == "Influence only"


def test_another_heros_defeat_of_the_encounter_discards_your_successes():
    """"A hero loses all of their accumulated successes if ... another hero defeats the
    encounter first"; "Confront Result": "all heroes who gained successes against this
    encounter discard those successes". Fate may be a discarded rumour."""
    state = start([dict(WARRIOR, sneak=3), dict(WARRIOR, sneak=3)], mode="coop")
    for hero in state["heroes"]:
        hero["cell"] = cell_index("C2")
    town = place(state, cell_index("C2"), "place", sneak=3, gold=1)
    state = do(state, "confront", encounter=town, attribute="sneak")
    state = do(state, "roll", dice=d6(6, 1, 1))
    state = do(state, "fate", use="rumour")  # "1 Fate token, or 1 rumour"
    assert state["heroes"][0]["rumours"] == 0 and state["heroes"][0]["successes"][0]["count"] == 2
    state = do(state, "confront", encounter=town, attribute="sneak")  # Hero 2
    state = do(state, "roll", dice=d6(6, 6, 5))
    state = do(state, "reward", loot="gold", rumour="card")
    assert state["heroes"][0]["successes"] == [] and state["encounters"] == []


def test_overcome_defeats_and_discards_every_heros_successes_on_it():
    """"Deed: Overcome": "automatically defeat the encounter", "All heroes that have gained
    successes against the defeated encounter discard those successes", "The hero claims a
    reward"; no AP."""
    state = _at(start(), "C2")
    farmer = place(state, cell_index("C2"), "stranger", influence=3, gold=1)
    state["heroes"][0]["successes"] = [{"encounter": farmer, "attribute": "influence", "count": 1}]
    state = do(state, "overcome", encounter=farmer)
    assert step_id(state) == "reward" and state["heroes"][0]["successes"] == []
    state = do(state, "reward", loot="gold", rumour="card")
    assert state["heroes"][0]["ap"] == 4 and state["heroes"][0]["gold"] == 2


def test_a_dead_stranger_reveals_no_secrets():
    """"Reward", Exception: "When a hero defeats a Stranger with their Enemy token on it,
    option a. must be chosen for the Loot and for the Rumour Step"."""
    state = _at(start([dict(WARRIOR, fight=3)]), "C2")
    thug = place(state, cell_index("C2"), "stranger", influence=2, fight=0, hp=1, sneak=1, gold=2)
    state = do(state, "confront", encounter=thug, attribute="enemy")
    state = do(state, "trap")
    state = do(state, "hero_fight", dice=d6(6, 1, 1))
    state = do(state, "foe_fight", dice=[])
    state = do(state, "fate", use="no")
    assert step_id(state) == "reward"
    assert refused(state, "reward", loot="loot token", rumour="card").short == "Enemy: gold + card"
    assert refused(state, "reward", loot="gold", rumour="reward card").short == "Enemy: gold + card"
    assert do(state, "reward", loot="gold", rumour="card")["heroes"][0]["gold"] == 3


def test_a_card_test_passes_or_fails_on_its_needed_successes():
    """"Fail a [attribute X] Test: ... the Test is failed if fewer than X successes are
    gained"; "Pass a [attribute X] Test: ... passed if X or more successes are gained"."""
    state = start()
    testing = do(state, "test", attribute="fight", needed=2)
    passed = apply(GAME, testing, Command("roll", {"dice": d6(5, 6, 1)}))
    assert passed.description.endswith("2 successes - passed")
    state = do(state, "test", attribute="fight", needed=2)
    state = do(state, "roll", dice=d6(5, 1, 1))
    failed = apply(GAME, state, Command("fate", {"use": "no"}))
    assert failed.description.endswith("1 success - failed")
