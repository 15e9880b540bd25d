"""Edges of "Action: Regale" read from the rulebook alone: saga chapters, the Finale, the
Variant for the Cooperative Game, and the Ancients entering."""

from games.kilforth.state import CITY, cell_index

from .helpers import WARRIOR, d6, do, refused, start, step_id


def _coop_finale(heroes: int = 2) -> dict:
    """Co-op with the Finale variant: every hero at B2, Hero 1 (active) on their Finale."""
    state = start([dict(WARRIOR, sneak=3)] + [WARRIOR] * (heroes - 1), mode="coop", coop_finale=True)
    for hero in state["heroes"]:
        hero["cell"] = cell_index("B2")
    state["heroes"][0]["chapter"] = 5
    return state


def test_coop_finale_refused_while_the_third_hero_is_elsewhere():
    """"Variant for the Cooperative Game: All heroes must be at the same location as the
    active hero in order for their Finale to be completed." Three heroes: Hero 2 is here,
    Hero 3 is not - the Finale cannot be completed (the Regale is refused)."""
    state = _coop_finale(3)
    state["heroes"][2]["cell"] = cell_index("D4")
    refused(state, "regale", finale=1, attribute="fight")
    state["heroes"][2]["cell"] = cell_index("B2")
    assert step_id(do(state, "regale", finale=1, attribute="fight")) == "roll"


def test_coop_finale_not_completed_after_a_hero_has_left_between_attempts():
    """"Variant for the Cooperative Game: All heroes must be at the same location as the
    active hero in order for their Finale to be completed"; "heroes can attempt to Regale
    their Finale multiple times per Day". Hero 1 gains 1 of 2 successes with Hero 2 there;
    Hero 2 then moves away; Hero 1's next Regale cannot complete the Finale.

    (Fixer: Hero 2's Move waits for their Deeds before play passes - "10. Deeds": "including
    during an Action" - so the setup closes it with ``next``; the expectation is unchanged.)"""
    state = _coop_finale()
    state = do(state, "regale", finale=2, attribute="fight")
    state = do(state, "roll", dice=d6(6, 1, 1))
    state = do(state, "fate", use="no")
    assert state["heroes"][0]["chapter"] == 5 and state["active_hero"] == 1
    state = do(state, "move", to="B1")  # Hero 2 leaves
    state = do(state, "encounter", type="place", study=3)
    state = do(state, "next")  # no Deed during the Move
    assert state["active_hero"] == 0
    refused(state, "regale", finale=2, attribute="fight")
    assert state["heroes"][0]["chapter"] == 5


def test_coop_finale_not_completed_with_a_defeated_hero_back_in_sprawl_city():
    """"Variant for the Cooperative Game: All heroes must be at the same location"; a
    defeated hero "Returns their hero figure to Sprawl City" ("Hero Defeated") and is still a
    hero of the game - away from B2, so the Finale cannot be completed."""
    state = _coop_finale()
    state["heroes"][1]["rumours"] = 0
    state = do(state, "adjust", track="hero2.hp", delta=-4)
    assert state["heroes"][1]["defeated"] and state["heroes"][1]["cell"] == CITY
    if step_id(state) == "loss":
        state = do(state, "lose_card", card="rumour")
    refused(state, "regale", finale=2, attribute="fight")


def test_coop_finale_completed_with_every_hero_here_on_the_last_success():
    """The variant met (both heroes at B2): "If the hero's total successes equals or exceeds
    the Finale's attribute value, the Finale is defeated" - exactly 2 of 2."""
    state = _coop_finale()
    state = do(state, "regale", finale=2, attribute="fight")
    state = do(state, "roll", dice=d6(6, 5, 1))
    assert state["heroes"][0]["chapter"] == 6 and step_id(state) == "totem"


def test_coop_finale_not_completed_when_a_hero_is_sent_away_during_its_test():
    """"Variant for the Cooperative Game: All heroes must be at the same location as the
    active hero in order for their Finale to be completed." Hero 2 is at B2 when the Test
    starts, then loses their last HP to a card effect (the dial) and "Returns their hero
    figure to Sprawl City" ("Hero Defeated"); Hero 1's roll then reaches 2 of 2 successes -
    but not every hero is at B2, so the Finale is not completed: no Totem, chapter 5."""
    state = _coop_finale()
    state["heroes"][1]["rumours"] = 0
    state = do(state, "regale", finale=2, attribute="fight")
    state = do(state, "adjust", track="hero2.hp", delta=-4)
    assert state["heroes"][1]["cell"] == CITY and step_id(state) == "roll"
    state = do(state, "roll", dice=d6(6, 6, 1))
    assert state["heroes"][0]["chapter"] == 5 and step_id(state) != "totem"


# --- Saga Chapter Completion --------------------------------------------------------------------

def test_a_chapter_with_exactly_five_gold_leaves_none():
    """"Saga Chapter Completion": "a hero must spend 5 gold" - 5 gold: completed, 0 left."""
    state = start()
    state["heroes"][0]["gold"] = 5
    hero = do(state, "regale")["heroes"][0]
    assert (hero["gold"], hero["chapter"]) == (0, 2)


def test_advanced_variant_chapter_one_costs_two_and_chapter_four_eight():
    """"Advanced Variant: Instead of spending 5 gold, heroes spend gold equal to their current
    chapter number x 2 (e.g. 6 gold for chapter 3)" - chapter 1: 2 gold; chapter 4: 8 (7 is
    refused)."""
    state = start(advanced_regale=True)
    state["heroes"][0]["gold"] = 2
    assert do(state, "regale")["heroes"][0]["gold"] == 0
    state["heroes"][0].update(gold=7, chapter=4)
    refused(state, "regale")
    state["heroes"][0]["gold"] = 8
    hero = do(state, "regale")["heroes"][0]
    assert (hero["gold"], hero["chapter"]) == (0, 5)


def test_chapter_completion_at_full_health_raises_both_maximum_and_hp():
    """"Increases their maximum health by 1 and their HP by 1" - at 5 of 5: 6 of 6; no AP
    ("never by healing or Regaling")."""
    state = start()
    state["heroes"][0].update(gold=5, hp=5)
    hero = do(state, "regale")["heroes"][0]
    assert (hero["hp"], hero["max_hp"], hero["ap"]) == (6, 6, 3)


def test_chapter_four_is_replaced_by_the_finale():
    """"Replaces the completed chapter with the next higher numbered chapter ...; or if chapter
    4 was just completed, with the hero's Finale" - and the Finale cannot be Regaled that Day
    ("not during the same Day that they completed chapter 4"); the next Day it can."""
    state = start()
    state["heroes"][0].update(gold=5, chapter=4)
    state = do(state, "regale")
    assert state["heroes"][0]["chapter"] == 5
    refused(state, "regale", finale=1, attribute="fight")
    state = do(state, "camp")
    state = do(state, "night_card", location="E5", type="weather")
    state = do(state, "next")
    assert step_id(do(state, "regale", finale=1, attribute="fight")) == "roll"


# --- Saga Finale Completion -----------------------------------------------------------------------

def _finale_started(faces: list[int]) -> dict:
    """Hero 1 alone at B2 on their Finale (Fight 3) rolls ``faces`` and declines Fate."""
    state = start()
    state["heroes"][0].update(chapter=5, cell=cell_index("B2"))
    state = do(state, "regale", finale=3, attribute="fight")
    state = do(state, "roll", dice=d6(*faces))
    if step_id(state) == "fate":
        state = do(state, "fate", use="no")
    return state


def test_finale_successes_are_lost_on_leaving_its_location():
    """"successes gained against a Finale are lost ... if the hero leaves the Finale's location
    for any reason" - 2 of 3, away and back: 0; one more success does not complete it."""
    state = _finale_started([6, 6, 1])
    assert state["heroes"][0]["successes"][0]["count"] == 2
    state = do(state, "relocate", what="H1", to="B3")
    state = do(state, "relocate", what="H1", to="B2")
    assert state["heroes"][0]["successes"] == []
    state = do(state, "regale", finale=3, attribute="fight")
    state = do(state, "roll", dice=d6(6, 1, 1))
    assert state["heroes"][0]["chapter"] == 5


def test_finale_successes_are_lost_during_the_night():
    """"As with encounters, successes gained against a Finale are lost during the Night
    phase" - 2 of 3 on Day 1; Day 2 starts from 0."""
    state = _finale_started([6, 6, 1])
    state = do(state, "camp")
    state = do(state, "night_card", location="E5", type="weather")
    state = do(state, "next")
    assert state["heroes"][0]["successes"] == []


def test_finale_completed_exactly_at_its_value_over_three_attempts():
    """"heroes can attempt to Regale their Finale multiple times per Day"; "If the hero's
    total successes equals or exceeds the Finale's attribute value, the Finale is defeated" -
    1 + 1 + 1 = 3 of 3 on the third attempt the same Day."""
    state = _finale_started([6, 1, 1])
    for _ in range(2):
        assert state["heroes"][0]["chapter"] == 5
        state = do(state, "regale", finale=3, attribute="fight")
        state = do(state, "roll", dice=d6(6, 1, 1))
        if step_id(state) == "fate":
            state = do(state, "fate", use="no")
    assert state["heroes"][0]["chapter"] == 6 and step_id(state) == "totem"
