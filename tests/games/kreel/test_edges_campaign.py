"""Edges of Game End and the Campaign ("Game Objective" Defeat and The Campaign,
"Wounds", "Ending The Game", "Game End" a-f, "The Campaign", "Endless Dungeons",
"Stories", "Multiplayer Coop Mode" Defeat – Wounds), written from the rulebook alone
(`rules/kreel-manor.md`)."""

import copy

import pytest

from games.core import RuleError
from tests.games.kreel.helpers import do, new, next_until, step_id, win_adventure

ACTIONS = ("fight", "influence", "sneak")


def _lose(state: dict, hero: int = 1) -> dict:
    """The hero's Spirit turned down to 0."""
    return do(state, "adjust", track=f"hero{hero}.spirit", delta=-state["heroes"][hero - 1]["spirit"])


def _won(state: dict, upgrade: str = "none") -> dict:
    """``state``'s Adventure won, rewards answered, at the next Adventure prompt."""
    state = next_until(win_adventure(state), "game-end.rewards")
    state = do(state, "rewards", heal_wound=False, upgrade=upgrade)
    return next_until(state, "game-end.next_adventure")


def _lost(state: dict) -> dict:
    return next_until(_lose(state), "game-end.next_adventure")


def test_a_win_resets_the_failures_in_a_row():
    """"Wounds": "If the hero fails an Adventure three times in a row ... they
    automatically move onto the next Adventure". Two failures, then a win: the next
    Adventure's first two failures do not move on; its third does. (The Wounds are
    cleared by hand after the win, so that five are never reached.)"""
    state = new()
    for _ in range(2):
        state = do(_lost(state), "next_adventure", adventure="1")
    state = copy.deepcopy(do(_won(state), "next_adventure", adventure="2"))
    state["campaign"]["wounds"] = state["heroes"][0]["wounds"] = 0
    assert state["campaign"]["fails"] == 0
    for _ in range(2):
        state = _lost(state)
        with pytest.raises(RuleError):
            do(state, "next_adventure", adventure="3")
        state = do(state, "next_adventure", adventure="2")
    state = _lost(state)
    with pytest.raises(RuleError):
        do(state, "next_adventure", adventure="2")
    assert do(state, "next_adventure", adventure="3")["campaign"]["adventure"] == 3


def test_the_third_failure_is_wounded_before_moving_on():
    """"Wounds": "If the hero fails an Adventure three times in a row, after suffering
    their Wound, they automatically move onto the next Adventure": 3 Wounds."""
    state = new()
    for _ in range(2):
        state = do(_lost(state), "next_adventure", adventure="1")
    state = _lost(state)
    assert state["campaign"]["wounds"] == 3 and state["heroes"][0]["wounds"] == 3


def test_a_fifth_wound_on_the_third_failure_ends_the_campaign():
    """"Wounds": "if a hero ever gains a fifth Wound, they die: they lose the Campaign
    and must restart" - even on a third failure that would have moved on."""
    state = new()
    state["campaign"]["wounds"] = state["heroes"][0]["wounds"] = 2
    for _ in range(2):
        state = do(_lost(state), "next_adventure", adventure="1")
    state = _lose(state)
    assert state["over"] is not None and state["over"]["result"] == "loss"


def test_winning_adventure_5_with_4_wounds_wins_the_campaign():
    """"Game Objective", The Campaign: "If the hero wins all five Adventures, in
    order, before suffering five Wounds, they win the Campaign!" - 4 Wounds is before
    five."""
    state = new(adventure=5, foes=1)
    state["campaign"]["wounds"] = state["heroes"][0]["wounds"] = 4
    assert win_adventure(state)["over"]["result"] == "win"


def test_winning_adventure_4_leads_to_the_final_one():
    """"Game Objective", The Campaign: "the final Adventure is always Adventure 5";
    "If the hero defeats all of the Adventures, in numerical order": after 4, only 5."""
    state = _won(new(adventure=4, foes=1))
    assert state["over"] is None
    with pytest.raises(RuleError):
        do(state, "next_adventure", adventure="4")
    assert do(state, "next_adventure", adventure="5")["campaign"]["adventure"] == 5


def test_a_loss_gives_no_upgrades_and_no_rewards():
    """"Game End": "b. Skill Upgrades x 2 (only if victorious) c. Other Rewards (only
    if victorious)": a lost Adventure asks for no rewards and counts no Upgrades."""
    state = _lose(new())
    seen = []
    while step_id(state) != "game-end.next_adventure":
        seen.append(step_id(state))
        state = do(state, "next")
    assert "game-end.rewards" not in seen and "game-end.upgrades" not in seen
    assert state["campaign"]["upgrades"] == 0


def test_spirit_is_restored_to_a_raised_maximum():
    """"Game End" d: "The hero heals their Spirit to maximum"; Assets: "It remains
    equipped between Adventures"; "Symbol Explanations": a Spirit '+X' applies to the
    maximum. Max 10 + 2 = 12, lost at 0: the replay starts at 12."""
    state = do(new(spirit=5, max_spirit=10), "asset_spirit", delta=2)
    state = _lost(state)
    assert (state["heroes"][0]["spirit"], state["heroes"][0]["max_spirit"]) == (12, 12)


def test_every_hero_is_restored_and_reset_after_a_team_loss():
    """"Game End" d-e: Spirit to maximum; "Action cards are returned to their
    alphabetical starting positions, and any Power Dice are removed" - for every hero,
    the one who was Pressed On without too."""
    state = next_until(new(heroes=2, spirit=6), "play.turn")
    state = do(do(state, "tilt", action="sneak"), "use", action="influence", target="draw")
    state = do(_lose(state, hero=2), "press_on", choice="press on")
    state = _lost(state)
    for hero in state["heroes"]:
        assert hero["spirit"] == hero["max_spirit"] == 10
        assert {a: (c["slot"], c["die"]) for a, c in hero["actions"].items()} == {
            "fight": (1, 0), "influence": (2, 0), "sneak": (3, 0)}
    state = do(state, "next_adventure", adventure="1")
    assert not any(h["out"] for h in state["heroes"])


def test_actions_are_reset_after_a_win_too():
    """"Game End" e: "Any Exhausted or flipped cards ... are reset ... Action cards are
    returned to their alphabetical starting positions, and any Power Dice are
    removed": Sneak at 1 with 5, Tilted - after a win, Fight 1 / Influence 2 / Sneak 3,
    no dice, nothing Tilted or Used."""
    state = next_until(new(), "play.turn")
    state = do(do(state, "tilt", action="fight"), "use", action="sneak", target="draw")
    state = copy.deepcopy(state)
    state["heroes"][0]["actions"]["sneak"]["die"] = 5
    state = do(_won(state), "next_adventure", adventure="2")
    hero = state["heroes"][0]
    assert {a: (c["slot"], c["die"], c["tilted"], c["used"]) for a, c in hero["actions"].items()} \
        == {"fight": (1, 0, False, False), "influence": (2, 0, False, False),
            "sneak": (3, 0, False, False)}


def test_a_story_aside_waits_through_replays_and_joins_its_adventure():
    """"Wounds": "In the event that a hero replays an Adventure (after a defeat) any
    Story cards set aside for a future Adventure remain set aside, until the hero is
    able to reach that next Adventure"; "Stories": "When setting up the Adventure
    number listed at the top of the new Story card ... the new Story card is shuffled
    into Stack 4". Set aside for 3 in Adventure 2: not in 2's replayed deck; in 3's."""
    state = do(_won(new(foes=0)), "next_adventure", adventure="2", foes=0, stories=0)
    replay_deck = state["threat_deck"]
    state = do(state, "story_aside", adventure=3, card=7)
    state = do(_lost(state), "next_adventure", adventure="2", foes=0, stories=0)
    assert state["threat_deck"] == replay_deck
    assert {"adventure": 3, "card": 7} in state["campaign"]["stories"]
    state = do(_won(state), "next_adventure", adventure="3", foes=0, stories=0)
    assert state["threat_deck"] == replay_deck + 1


def test_the_team_loses_at_the_fifth_wound_not_the_fourth():
    """"Multiplayer Coop Mode": "At any point, if the team ever has a total of 5 (or
    more) Wounds between them, they lose the Campaign immediately". With 3, Hero 2's
    Wound makes 4: Press On is asked; Hero 1's then makes 5: the Campaign is lost."""
    state = next_until(new(heroes=2), "play.turn")
    state["campaign"]["wounds"] = 3
    state = _lose(state, hero=2)
    assert state["over"] is None and step_id(state) == "wounded.press_on"
    state = do(state, "press_on", choice="press on")
    state = _lose(state, hero=1)
    assert state["over"] is not None and state["over"]["result"] == "loss"


def test_the_last_hero_wounded_after_pressing_on_loses_the_adventure():
    """"Multiplayer Coop Mode", Pressing On: "The game continues until victory or
    defeat, or until another hero is Wounded"; with no hero left in, no one can Press
    On: the Adventure is lost (and restarted)."""
    state = next_until(new(heroes=2), "play.turn")
    state = do(_lose(state, hero=2), "press_on", choice="press on")
    state = _lose(state, hero=1)
    assert step_id(state) != "wounded.press_on"
    assert state["campaign"]["results"][-1]["result"] == "loss"


# --- Endless Dungeons ---------------------------------------------------------------------

PACK = 'name = "no groups"\n[locations."Hall"]\nsneak = 3\n'


@pytest.mark.parametrize(("adventure", "heroes", "levels"), [
    (1, 1, {"I": 5}), (1, 3, {"I": 6}), (2, 2, {"I": 4, "II": 1}), (2, 4, {"I": 5, "II": 1}),
    (3, 3, {"I": 3, "II": 3}), (4, 1, {"I": 2, "II": 2, "III": 1}),
    (4, 3, {"I": 2, "II": 3, "III": 1}), (5, 1, {"I": 1, "II": 3, "III": 1}),
    (5, 4, {"I": 1, "II": 3, "III": 2})])
def test_endless_groups_per_level(adventure, heroes, levels):
    """"Endless Dungeons": "randomly select Threat Groups for each Adventure as below"
    (Adventure 1: 5 x Level I (+1 with 3-4 heroes); 2: 4 x I (+1) and 1 x II; 3: 3 x I
    and 2 x II (+1); 4: 2 x I, 2 x II (+1), 1 x III; 5: 1 x I, 3 x II, 1 x III (+1));
    "The Rending's Rift is the Adventure Location each time"."""
    state = do(do(new(heroes=heroes, adventure=adventure, foes=0), "load_pack", toml=PACK),
               "endless")
    groups = state["campaign"]["groups"]
    counted = {lvl: groups.count(f"Level {lvl} group") for lvl in ("I", "II", "III")}
    assert {k: v for k, v in counted.items() if v} == levels
    assert len(groups) == sum(levels.values())
    assert state["locations"][4]["name"] == "The Rending's Rift"


def test_heal_1_wound_with_no_wounds_leaves_none():
    """"Game End" c: "heal (discard) 1 Wound"; Glossary, Reveal: "If an effect cannot
    be resolved ... that effect is ignored": with no Wound the count stays 0, never
    below."""
    state = next_until(win_adventure(new()), "game-end.rewards")
    try:
        state = do(state, "rewards", heal_wound=True, upgrade="none")
    except RuleError:
        pass  # refusing the Heal leaves the count as it is, as ignoring it does
    assert state["campaign"]["wounds"] == 0 and state["heroes"][0]["wounds"] == 0


@pytest.mark.parametrize(("variant", "limit"), [("standard", 5), ("valims-dungeoneer", 3),
                                                ("masklaws-abyss", 1)])
def test_the_teams_wound_limit_follows_the_variant(variant, limit):
    """"Multiplayer Coop Mode": "if the team ever has a total of 5 (or more) Wounds
    between them, they lose the Campaign immediately"; "Difficulty Variants": Valim's
    "a limit of just 3 Wounds instead of 5", Masklaw's "a limit of just 1 Wound". With
    limit - 1 Wounds, Hero 2's Wound loses the Campaign at once (no Press On asked)."""
    state = next_until(new(heroes=2, variant=variant), "play.turn")
    state["campaign"]["wounds"] = limit - 1
    state = _lose(state, hero=2)
    assert state["over"] is not None and state["over"]["result"] == "loss"
    assert step_id(state) != "wounded.press_on"


@pytest.mark.parametrize(("adventure", "heroes", "deck"), [(1, 1, 33), (1, 3, 39), (5, 4, 39)])
def test_an_endless_threat_deck_counts_its_groups(adventure, heroes, deck):
    """"Threats", Threat Groups: "Every Threat Group contains 6 cards: 5 Threats and 1
    Plot"; "Endless Dungeons": the Groups drawn per level (5 in Adventure 1 solo, 6 with
    3-4 heroes; 6 in Adventure 5 with 4); plus the Adventure's 2 Foes and 1 Story."""
    state = new(heroes=heroes, adventure=adventure, foes=2, stories=1)
    state = do(do(state, "load_pack", toml=PACK), "endless")
    assert state["threat_deck"] == deck
