"""Edges of the "Difficulty Variants", "The Campaign" A and the Wound limit ("Wounds",
"Ending The Game"), written from the rulebook alone (`rules/kreel-manor.md`)."""

import pytest

from games.core import RuleError
from tests.games.kreel.helpers import do, new, next_until, step_id, win_adventure

ACTIONS = ("fight", "influence", "sneak")


def _advanced_per_hero(state: dict) -> list:
    return [[a for a in ACTIONS if h["actions"][a]["advanced"]] for h in state["heroes"]]


def _setup_or_refused(**form) -> dict | None:
    """The new Adventure the form gives, or None when the box refuses the form."""
    try:
        return new(**form)
    except RuleError:
        return None


def _lose(state: dict, hero: int = 1) -> dict:
    """The hero's Spirit turned down to 0 (Wounded)."""
    return do(state, "adjust", track=f"hero{hero}.spirit", delta=-state["heroes"][hero - 1]["spirit"])


def _shadows(state: dict) -> int:
    return sum(t is not None for t in state["shadows"])


# --- Belanor's Lightbringer ---------------------------------------------------------------


@pytest.mark.parametrize("form", [{}, {"advanced": "none"}], ids=["default", "none"])
def test_belanors_lightbringer_never_starts_without_an_advanced_action(form):
    """"Difficulty Variants", Belanor's Lightbringer: "Start with 1 Action on its
    Advanced side". The form left at its default (or set to none) must not start
    the Campaign with no Advanced Action: it is refused, or starts with exactly 1."""
    state = _setup_or_refused(variant="belanors-lightbringer", **form)
    assert state is None or [len(a) for a in _advanced_per_hero(state)] == [1]


@pytest.mark.parametrize("action", ACTIONS)
def test_belanors_lightbringer_starts_with_the_chosen_action_advanced(action):
    """"Difficulty Variants", Belanor's Lightbringer: "Start with 1 Action on its
    Advanced side" - exactly that one, the other two Basic ("Setup" 1: "otherwise
    all Actions begin each Adventure Basic side up")."""
    state = new(variant="belanors-lightbringer", advanced=action)
    assert _advanced_per_hero(state) == [[action]]


def test_belanors_lightbringer_gives_every_hero_one_advanced_action():
    """"Difficulty Variants", Belanor's Lightbringer: "Start with 1 Action on its
    Advanced side"; "Multiplayer Coop Mode": each hero plays "following the normal
    rules": with 3 heroes each starts with 1 Advanced Action."""
    state = new(heroes=3, variant="belanors-lightbringer", advanced="influence")
    assert [len(a) for a in _advanced_per_hero(state)] == [1, 1, 1]


def test_belanors_lightbringer_loses_five_adventures_without_dying():
    """"Difficulty Variants", Belanor's Lightbringer: "don't play with Wounds": a lost
    Adventure draws no Wound, so no fifth Wound ends the Campaign ("Death"); the
    third failure in a row still moves on ("Wounds")."""
    state = new(variant="belanors-lightbringer", advanced="fight")
    for _ in range(5):
        state = next_until(_lose(state), "game-end.next_adventure")
        assert state["over"] is None and state["campaign"]["wounds"] == 0
        assert state["heroes"][0]["wounds"] == 0
        state = do(state, "next_adventure", adventure=str(state["campaign"]["adventure"]
                                                            + (state["campaign"]["fails"] == 3)))
    assert state["campaign"]["adventure"] == 2


# --- Wound limits: Valim's, Masklaw's, the veteran Campaign --------------------------------


@pytest.mark.parametrize(("variant", "limit"), [("standard", 5), ("valims-dungeoneer", 3),
                                                ("masklaws-abyss", 1)])
def test_the_last_wound_below_the_limit_keeps_the_campaign_and_the_limit_ends_it(variant, limit):
    """"Wounds": "if a hero ever gains a fifth Wound, they die: they lose the
    Campaign"; "Difficulty Variants": Valim's "a limit of just 3 Wounds instead of
    5", Masklaw's "a limit of just 1 Wound, i.e. instant death!". With limit - 1
    Wounds a loss reaching the limit ends the Campaign; with limit - 2 it does not."""
    below = new(variant=variant)
    if limit >= 2:
        below["campaign"]["wounds"] = below["heroes"][0]["wounds"] = limit - 2
        below = _lose(below)
        assert below["over"] is None and below["campaign"]["wounds"] == limit - 1
    at = new(variant=variant)
    at["campaign"]["wounds"] = at["heroes"][0]["wounds"] = limit - 1
    at = _lose(at)
    assert at["over"] is not None and at["over"]["result"] == "loss"


@pytest.mark.parametrize(("variant", "shadows"), [("standard", 0), ("valims-dungeoneer", 1),
                                                  ("masklaws-abyss", 2)])
def test_extra_shadows_from_the_first_adventure(variant, shadows):
    """"Difficulty Variants": Valim's "Add 1 additional Shadow when setting up each
    Adventure"; Masklaw's "Add 2 additional Shadows" - the first Adventure is one
    of "each Adventure"."""
    assert _shadows(new(variant=variant)) == shadows


def test_masklaws_abyss_adds_two_shadows_to_the_next_adventure_too():
    """"Difficulty Variants", Masklaw's Abyss: "Add 2 additional Shadows when setting
    up each Adventure": after a won Adventure 1, Adventure 2 starts with 2."""
    state = next_until(win_adventure(new(variant="masklaws-abyss")), "game-end.rewards")
    state = do(state, "rewards", heal_wound=False, upgrade="none")
    state = next_until(state, "game-end.next_adventure")
    state = do(state, "next_adventure", adventure="2")
    assert _shadows(state) == 2


def test_a_veteran_valims_campaign_has_two_wounds():
    """"The Campaign" A: "Reduce their Wound maximum by 1"; Valim's Dungeoneer: "a
    limit of just 3 Wounds instead of 5": a veteran Valim's Campaign dies at 2."""
    state = new(variant="valims-dungeoneer", veteran=True)
    state["campaign"]["wounds"] = state["heroes"][0]["wounds"] = 1
    assert _lose(state)["over"]["result"] == "loss"


# --- Lequiem's Warrior ------------------------------------------------------------------


def test_lequiems_warrior_may_not_skip_the_final_adventure():
    """"Difficulty Variants", Lequiem's Warrior: "Take 1 Wound to entirely skip a
    non-final Adventure that just defeated the hero": Adventure 5 lost offers no
    skip; the Wound of the loss is the only one."""
    state = _lose(new(variant="lequiems-warrior", adventure=5))
    assert step_id(state) != "game-end.lequiem"
    with pytest.raises(RuleError):
        do(state, "skip_adventure", skip=True)
    assert state["campaign"]["wounds"] == 1


def test_lequiems_warrior_skips_adventure_4_to_the_final_one():
    """"Difficulty Variants", Lequiem's Warrior: Adventure 4 is non-final: 1 more
    Wound (2 in all) and the next Adventure is 5."""
    state = _lose(new(variant="lequiems-warrior", adventure=4))
    assert step_id(state) == "game-end.lequiem"
    state = do(state, "skip_adventure", skip=True)
    assert state["campaign"]["wounds"] == 2
    state = next_until(state, "game-end.next_adventure")
    with pytest.raises(RuleError):
        do(state, "next_adventure", adventure="4")
    assert do(state, "next_adventure", adventure="5")["campaign"]["adventure"] == 5


def test_lequiems_warrior_declining_the_skip_replays():
    """"Difficulty Variants", Lequiem's Warrior: the skip is the hero's choice
    ("Take 1 Wound to ... skip"); declined, "They must restart the same Adventure"
    ("Wounds") with the 1 Wound of the loss."""
    state = do(_lose(new(variant="lequiems-warrior", adventure=2)), "skip_adventure", skip=False)
    assert state["campaign"]["wounds"] == 1
    state = next_until(state, "game-end.next_adventure")
    with pytest.raises(RuleError):
        do(state, "next_adventure", adventure="3")
    assert do(state, "next_adventure", adventure="2")["campaign"]["adventure"] == 2


def test_lequiems_skip_wound_can_be_the_fatal_fifth():
    """"Difficulty Variants", Lequiem's Warrior: "Take 1 Wound to ... skip"; "Wounds":
    "if a hero ever gains a fifth Wound, they die: they lose the Campaign". With 3
    Wounds, the loss makes 4 and the skip's Wound the fifth: the Campaign is lost."""
    state = new(variant="lequiems-warrior", adventure=2)
    state["campaign"]["wounds"] = state["heroes"][0]["wounds"] = 3
    state = _lose(state)
    assert state["over"] is None and step_id(state) == "game-end.lequiem"
    state = do(state, "skip_adventure", skip=True)
    assert state["over"] is not None and state["over"]["result"] == "loss"
