"""Kreel Manor's checks, limits and the mechanics the procedures share.

Every function cites the rulebook section (rules/kreel-manor.md) it follows.
"""

from __future__ import annotations

from games.core import RuleError, TrackSpec, queue
from games.kreel.state import (
    ACTIONS,
    DAMAGE_VALUES,
    KINDS,
    MAX_DIE,
    MAX_SPIRIT_LIMIT,
    STATUSES,
    VALUES,
    new_threat,
)

# --- tracks and limits ------------------------------------------------------------


def _label(state: dict, index: int, what: str) -> str:
    return what if len(state["heroes"]) == 1 else f"H{index + 1} {what}"


def tracks(state: dict) -> list[TrackSpec]:
    """The dial-adjustable numbers, the active hero's Spirit first.

    "Spirit Dial": Spirit runs 0..the hero's maximum; "heroes can never heal
    Spirit beyond their maximum Spirit", and '+' Assets may raise that maximum;
    the maximum cannot be turned below the Spirit it caps (lower Spirit first,
    or use ``asset_spirit`` to move both, as an unequipped '+' Asset does).
    Whatever brings a hero to 0 Spirit Wounds them (:func:`settle`).

    The Power Dice run 0..6 ("Lose/Gain Power": "simply adjust the Power Die",
    "Limit: 6 Power per Power Die"); the active Location's Sneak tokens run
    0..its Sneak value ("Damage Tokens"); the Threat deck counts its cards.
    """
    order = [state["active_hero"]] + [
        i for i in range(len(state["heroes"])) if i != state["active_hero"]
    ]
    specs = []
    for i in order:
        specs.append(
            TrackSpec(
                f"hero{i + 1}.spirit",
                _label(state, i, "Spirit"),
                f"heroes.{i}.spirit",
                0,
                lambda s, i=i: s["heroes"][i]["max_spirit"],
            )
        )
        if i == state["active_hero"]:
            specs += _dice_tracks(state, i)
    for i in order[1:]:
        specs += _dice_tracks(state, i)
    for i in order:
        specs.append(
            TrackSpec(
                f"hero{i + 1}.max_spirit",
                _label(state, i, "Max Spirit"),
                f"heroes.{i}.max_spirit",
                lambda s, i=i: max(1, s["heroes"][i]["spirit"]),
                MAX_SPIRIT_LIMIT,
                dial=False,
            )
        )
    specs.append(TrackSpec("location.damage", "Location tokens",
                           f"locations.{state['active_location']}.damage", 0,
                           lambda s: location_sneak(s, s["locations"][s["active_location"]])))
    # Counted by the box; a correction fixes them, the dials leave them alone.
    specs.append(TrackSpec("threat_deck", "Threat deck", "threat_deck", 0, 200, dial=False))
    specs.append(TrackSpec("threat_discard", "Threat discard", "threat_discard", 0, 200,
                           dial=False))
    specs.append(TrackSpec("wounds", "Wounds", "campaign.wounds", 0, 20, dial=False))
    specs.append(TrackSpec("round", "Round", "round", 0, 999, dial=False))
    return specs


def _dice_tracks(state: dict, i: int) -> list[TrackSpec]:
    """The hero's three Power Dice and the Skills in their hand."""
    return [
        TrackSpec(f"hero{i + 1}.{a}_die", _label(state, i, f"{a.capitalize()} die"),
                  f"heroes.{i}.actions.{a}.die", 0, MAX_DIE)
        for a in ACTIONS
    ] + [TrackSpec(f"hero{i + 1}.hand", _label(state, i, "Hand"), f"heroes.{i}.hand", 0, 40)]


def invariants(state: dict) -> list[str]:
    """What is broken: Shadows within their spaces, threat values non-negative,
    damage tokens within their values (Overkill threats excepted, "Damage
    Tokens"), each Action Power Track a permutation of slots 1-3, at most 1
    Confronted threat per hero and no Confronted Foe ("Multiplayer Coop Mode",
    Confront Threats)."""
    broken = []
    if len(state["shadows"]) != state["shadow_spaces"]:
        broken.append(f"Shadows hold {len(state['shadows'])} spaces, not {state['shadow_spaces']}")
    threats = [t for t in state["shadows"] if t is not None] + state["threat_area"]
    ids = [t["id"] for t in threats + state["returned"]]
    if state["threat_deck"] < len(state["returned"]):
        broken.append(f"the Threat deck counts {state['threat_deck']} cards under "
                      f"{len(state['returned'])} Returned on top")
    if len(ids) != len(set(ids)):
        broken.append("a threat id is used twice")
    confronted: dict[int, int] = {}
    for t in threats:
        for value in VALUES:
            if not isinstance(t[value], int) or t[value] < 0:
                broken.append(f"{t['name']} {value} = {t[value]!r} is negative")
        for value in DAMAGE_VALUES:
            tokens = t["damage"][value]
            if tokens < 0 or (tokens and not t[value]):
                broken.append(f"{t['name']} holds {tokens} {value} tokens without the value")
            if not t["overkill"] and tokens > t[value]:
                broken.append(f"{t['name']} holds {tokens} {value} tokens over {t[value]}")
        if t["kind"] not in KINDS:
            broken.append(f"{t['name']} has unknown kind {t['kind']!r}")
        if (not isinstance(t["starred"], list) or any(v not in DAMAGE_VALUES for v in t["starred"])
                or len(set(t["starred"])) != len(t["starred"])):
            broken.append(f"{t['name']} has bad * values {t['starred']!r}")
        if any(s not in STATUSES for s in t["statuses"]) or len(set(t["statuses"])) != len(t["statuses"]):
            broken.append(f"{t['name']} has bad statuses {t['statuses']!r}")
        hero = t["confronted_by"]
        if hero is not None:
            confronted[hero] = confronted.get(hero, 0) + 1
            if t["kind"] == "foe":
                broken.append(f"{t['name']} is a Foe and cannot be Confronted")
    for hero, count in confronted.items():
        if count > 1:
            broken.append(f"Hero {hero + 1} Confronts {count} threats (at most 1)")
    for hero in state["heroes"]:
        slots = sorted(a["slot"] for a in hero["actions"].values())
        if slots != [1, 2, 3]:
            broken.append(f"{hero['name']}'s Actions are in slots {slots}, not 1, 2, 3")
        if hero["tilts"] > 1:
            broken.append(f"{hero['name']} Tilted {hero['tilts']} times this round")
    return broken


def end_check(state: dict) -> dict | None:
    """The Campaign's end ("The Campaign", "Wounds", "Multiplayer Coop Mode"):
    the hero (team) dies at the Wound limit, or wins Adventure 5. An Adventure's
    own end is the Game End procedure, not the end of the game."""
    return state["campaign"].get("over")


def hero_index(state: dict, number: int | None) -> int:
    """The index of Hero ``number`` (1-4) a command names; None: the active hero."""
    if number is None:
        return state["active_hero"]
    if number > len(state["heroes"]):
        raise RuleError(f"No Hero {number}", f"This Adventure has {len(state['heroes'])} heroes.")
    return number - 1


# --- Add 1 Threat -------------------------------------------------------------------


def draw_threat_card(state: dict) -> str | None:
    """Take 1 card from the Threat deck's count; returns a note, or raises
    LookupError when there is no card to draw at all.

    "2. Threat Phase", Empty Threat Deck: if the deck is empty, the set-aside
    Lord's Vengeance is shuffled with the discarded Threats into a new deck
    ("Running Out Of Time"). Once it is in, a later empty deck is the discard
    pile alone.
    """
    note = None
    if state["threat_deck"] <= 0:
        cards = state["threat_discard"]
        if state["vengeance"] == "aside":
            cards += 1
            state["vengeance"] = "deck"
            note = "Threat deck empty: shuffle the Lord's Vengeance into the discards"
        elif cards:
            note = "Threat deck empty: shuffle the discarded Threats"
        if not cards:
            raise LookupError("Threat deck and discard pile are empty")
        state["threat_deck"], state["threat_discard"] = cards, 0
    state["threat_deck"] -= 1
    return note


def add_one_threat(state: dict) -> tuple[dict | None, list[str]]:
    """"2. Threat Phase", Add 1 Threat: a new face-down Threat goes to Sneak 3;
    "if a Threat is already in the 'Sneak 3' space, it is bumped along into the
    'Sneak 2' space", a Threat already there "in turn is bumped" into Sneak 1,
    and one already in Sneak 1 "in turn is bumped down into the Threat Area
    and Revealed". A Shadow moves only when one is bumped into its space, so an
    empty space stops the bump (Shadows 1, -, 3 plus 4 give 1, 3, 4; nothing is
    revealed). See :func:`games.core.queue.push`.

    The top card of the deck is a Returned Threat when an ability put one
    there (Glossary, Returned): it comes face-up, tokens and all, and needs no
    reveal. Returns the threat that entered the Threat Area (or None) and notes. A
    face-down one is queued in ``revealing`` for the player to enter its values.
    With no card left anywhere nothing happens (Glossary, Reveal: an effect that
    cannot be resolved is ignored).
    """
    try:
        note = draw_threat_card(state)
    except LookupError as err:
        return None, [str(err) + ": no Threat added"]
    notes = [note] if note else []
    if state["returned"]:
        threat = state["returned"].pop()
        notes.append(f"{threat['name']} (Returned) comes off the Threat deck face-up")
    else:
        threat = new_threat(state["next_threat_id"])
        state["next_threat_id"] += 1
    out = queue.push(state["shadows"], threat)
    if out is None:
        return None, notes
    state["threat_area"].append(out)
    if not out["revealed"]:
        state["revealing"].append(out["id"])
    return out, notes


# --- the Spirit phase ----------------------------------------------------------------


def attackers(state: dict) -> list[dict]:
    """The threats that attack the active hero in the Spirit Phase.

    "5. Spirit Phase": each active (not Exhausted) Threat attacks; in
    "Multiplayer Coop Mode" that is the shared Threat Area plus the threats
    this hero Confronted ("a hero takes no damage from Threats Confronted by
    other heroes"). Face-down threats waiting to be revealed do not attack.
    """
    hero = state["active_hero"]
    return [
        t
        for t in state["threat_area"]
        if t["revealed"] and not t["exhausted"] and t["confronted_by"] in (None, hero)
    ]


def attack(threat: dict) -> tuple[int, str]:
    """One threat's attack: Exhaust it and return (Spirit damage, note).

    - "5. Spirit Phase" A: the hero loses Spirit equal to its Spirit Cost.
    - "Statuses", Dazed ii. Threat: the next time it inflicts Spirit damage,
      cancel that damage and discard Dazed. The summary reads "next time this
      Threat would activate, it doesn't", so Bold is not spent (the Golden
      Rule: the option most detrimental to the hero).
    - "Statuses", Bold ii. Threat: the next time it attacks, double its
      Spirit damage, then discard Bold.

    Changes ``threat`` in place (Exhausted, statuses spent).
    """
    threat["exhausted"] = True
    statuses = threat["statuses"]
    if "dazed" in statuses:
        statuses.remove("dazed")
        return 0, "Dazed"
    damage = threat["spirit_cost"]
    if "bold" in statuses:
        statuses.remove("bold")
        return damage * 2, "Bold"
    return damage, ""


def heal(hero: dict, amount: int) -> int:
    """Regain ``amount`` Spirit, never beyond the maximum ("Spirit Dial");
    return how much was regained."""
    gained = max(0, min(amount, hero["max_spirit"] - hero["spirit"]))
    hero["spirit"] += gained
    return gained


def lose_spirit(hero: dict, amount: int) -> int:
    """Lose ``amount`` Spirit, never below 0; return how much was lost."""
    lost = min(max(0, amount), hero["spirit"])
    hero["spirit"] -= lost
    return lost


# --- the Action Power Track ("4. Play Phase", "Using Actions") ---------------------------


def present_power(hero: dict, action: str) -> int:
    """"Present Power": the Action's number on the Action Power Track plus the
    Power showing on its Power Die, plus any '+X' Asset bonus ("Symbol
    Explanations")."""
    card = hero["actions"][action]
    return card["slot"] + card["die"] + card["plus"]


def move_to_slot_1(hero: dict, action: str) -> None:
    """"Using Actions": the Used Action moves to slot 1 and pushes the others
    up one slot if necessary; at slot 1 it simply remains where it is."""
    actions = hero["actions"]
    slot = actions[action]["slot"]
    for card in actions.values():
        if card["slot"] < slot:
            card["slot"] += 1
    actions[action]["slot"] = 1


def use_refusal(hero: dict, action: str) -> tuple[str, str] | None:
    """Why ``action`` cannot be Used now, as (short, long), or None.

    "USE (once per round)": an Action not already Tilted or Used; "Statuses",
    Dazed i: a Dazed Action cannot be Used; Bold i: a Bold hero may discard it
    to Use an additional available Action.
    """
    card = hero["actions"][action]
    name = action.capitalize()
    if card["used"]:
        return f"{name} already Used", (f"{name} was Used this round (USE: an Action not "
                                         "already Tilted or Used).")
    if card["tilted"]:
        return f"{name} is Tilted", "A Tilted Action may not be Used this turn (TILT; Glossary, Tilt)."
    if card["dazed"]:
        return f"{name} is Dazed", ("A Dazed Action cannot be Used; Tilt it to discard Dazed "
                                    "(Statuses, Dazed i).")
    if hero["uses"] >= 1 and "bold" not in hero["statuses"]:
        return "1 Use per round", ("USE (once per round); only a Bold hero may Use an additional "
                                   "Action, discarding Bold (Statuses, Bold i).")
    return None


def tilt(hero: dict, action: str) -> str:
    """"TILT (once per round)": an Action not already Tilted or Used gains 1
    Power on its die (at most 6; extra gain is ignored). "Statuses", Dazed i:
    the next Tilt of a Dazed Action gains nothing and discards Dazed instead.
    Returns what happened; the caller checks the limits first."""
    card = hero["actions"][action]
    card["tilted"] = True
    hero["tilts"] += 1
    if card["dazed"]:
        card["dazed"] = False
        return f"{action.capitalize()} Tilted: Dazed discarded, no Power"
    card["die"] = min(MAX_DIE, card["die"] + 1)
    return f"{action.capitalize()} Tilted: die {card['die']}"


def reset_actions(hero: dict) -> None:
    """"6. End Phase" C: Actions rotate back upright; a new round's Use and Tilt."""
    for card in hero["actions"].values():
        card["tilted"] = card["used"] = False
    hero["uses"] = hero["tilts"] = 0


def draw_skill(hero: dict) -> int:
    """"3. Draw Phase" (and Use: Draw): 1 Skill into the hand; returns the count."""
    hero["hand"] = min(40, hero["hand"] + 1)
    return hero["hand"]


# --- damage tokens and defeat ("Using Actions", Damage; "Defeated Cards") ----------------


def threat_values(threat: dict) -> list[str]:
    """The Threat values it has (a target cannot be dealt tokens of a value it lacks)."""
    return [v for v in DAMAGE_VALUES if threat[v] > 0]


def deal_damage(threat: dict, value: str, amount: int) -> tuple[int, str]:
    """Deal ``amount`` tokens of ``value``; return (tokens placed, note).

    "Damage Tokens": a target cannot hold tokens exceeding its Threat value
    (except Overkill Foes), the excess is discarded. "Statuses", Shield: the
    next time the Threat is damaged, cancel all of that damage and discard
    Shield.
    """
    if amount <= 0:
        return 0, ""
    if "shield" in threat["statuses"]:
        threat["statuses"].remove("shield")
        return 0, "Shield cancels the damage"
    tokens = threat["damage"][value] + amount
    cap = 99 if threat["overkill"] else threat[value]
    placed = min(tokens, cap) - threat["damage"][value]
    threat["damage"][value] += placed
    return placed, ""


def is_defeated(threat: dict) -> bool:
    """"Defeated Cards" / "Multiple Threat Values": matching tokens equal to or
    above one of its plain values defeats it; its * values count only together
    ("Multiple Threat Values with * symbols": ALL of these Threat values must
    be defeated). Read per value, as the rulebook words both: a card mixing
    them is defeated by any one plain value, or by all of its * values. The
    Lord's Vengeance cannot be defeated."""
    if threat["kind"] == "vengeance":
        return False
    values = threat_values(threat)
    met = {v: threat["damage"][v] >= threat[v] for v in values}
    starred = [v for v in values if v in threat["starred"]]
    plain = [v for v in values if v not in threat["starred"]]
    return any(met[v] for v in plain) or (bool(starred) and all(met[v] for v in starred))


def overkill(threat: dict) -> bool:
    """"Overkill X": the damage exceeds a (selected) Threat value by X or more
    (the Goblin Chief, Overkill 1: 6 Sneak then 7 Fight)."""
    x = threat["overkill"]
    return bool(x) and any(threat["damage"][v] >= threat[v] + x for v in threat_values(threat))


DEFEAT_NOTES = {
    "threat": "to the discard pile",
    "foe": "set aside (Exiled)",
    "plot": "set aside: choose its story option",
    "story": "set aside: resolve its Defeat ability",
}


def take_off_table(state: dict, threat: dict) -> None:
    """``threat`` leaves play: from the Threat Area, or from its space in the
    Shadows, which is left empty (Glossary, Shadows: "Threats can still target
    Shadows")."""
    for index, shadow in enumerate(state["shadows"]):
        if shadow is threat:
            state["shadows"][index] = None
            return
    state["threat_area"].remove(threat)


def defeat_threat(state: dict, threat: dict, hero: dict | None) -> list[str]:
    """A Threat is defeated ("Defeated Threats", "Defeated Plots/Stories/Foes",
    "Exiled Cards"): it leaves the Threat Area (or the Shadows); a plain Threat goes to the
    Threat discard pile, a Foe, Plot or Story is set aside; ``hero`` regains
    its Spirit Boost up to their maximum ("Threat Spirit Boost"; None: the
    team chooses who, "Multiplayer Coop Mode", Spirit Boost); Overkill sends
    the hero to its Book of Fables entry. Returns notes for the player."""
    take_off_table(state, threat)
    state["defeated"].append({"id": threat["id"], "name": threat["name"], "kind": threat["kind"]})
    if threat["kind"] == "threat":
        state["threat_discard"] += 1
    notes = [f"{threat['name']} defeated: {DEFEAT_NOTES[threat['kind']]}"]
    if hero is not None and threat["spirit_boost"]:
        gained = heal(hero, threat["spirit_boost"])
        notes.append(f"{hero['name']} +{gained} Spirit (Boost)")
    if overkill(threat):
        notes.append(f"Overkill {threat['overkill']}: read its story entry")
    return notes


def return_threat(state: dict, threat: dict) -> None:
    """Glossary, Returned: an ability returns a Threat to the top of the Threat
    deck; it remains face-up with its tokens, is not a Shadow and cannot be
    targeted (it leaves any Hero Threat Area). The next Add 1 Threat draws it.
    A Shadow returned stays as it was, face-down or face-up."""
    take_off_table(state, threat)
    threat["confronted_by"] = None
    state["returned"].append(threat)
    state["threat_deck"] += 1


def discard_threat(state: dict, threat: dict) -> None:
    """Glossary, Discard: to the discard pile, no Defeat, no Spirit Boost (from
    the Threat Area or the Shadows)."""
    take_off_table(state, threat)
    state["discarded"].append({"id": threat["id"], "name": threat["name"], "kind": threat["kind"]})
    state["threat_discard"] += 1


# --- Locations and Victory ("1. Delve Phase" C-D, "Ending The Game") --------------------


def location_sneak(state: dict, location: dict) -> int:
    """Its Sneak value, times the heroes who started the Adventure when the
    Multiplayer Symbol stands next to it; 0 while face-down."""
    if location["sneak"] is None:
        return 0
    return location["sneak"] * (len(state["heroes"]) if location["per_hero"] else 1)


def defeated_count(state: dict, kind: str) -> int:
    return sum(1 for t in state["defeated"] if t["kind"] == kind)


def plots_and_foes_done(state: dict) -> bool:
    """"1. Delve Phase" C: the Adventure Location cannot be defeated until all
    the Adventure's Plots (5, or 6 with 3-4 heroes) and Foes are defeated."""
    adventure = state["adventure"]
    return (defeated_count(state, "plot") >= adventure["plots"]
            and defeated_count(state, "foe") >= adventure["foes"])


def explore_location(state: dict) -> list[str]:
    """"1. Delve Phase" C. Explore Location: Sneak tokens equal to or above its
    Sneak defeat the Active Location; it is discarded and the next flipped
    face-up ("only one Location can be defeated per round"). The Adventure
    Location is defeated only after all Plots and Foes; its tokens remain."""
    location = state["locations"][state["active_location"]]
    sneak = location_sneak(state, location)
    if location["sneak"] is None or location["damage"] < sneak:
        return []
    if location["adventure"]:
        if not plots_and_foes_done(state):
            return ["Adventure Location waits: Plots and Foes remain"]
        location["defeated"] = True
        return ["Adventure Location defeated"]
    location["defeated"] = True
    location["damage"] = 0
    state["active_location"] += 1
    return [f"{location['name']} explored; flip the next Location"]


# --- Spirit at 0 ("Ending The Game", "Multiplayer Coop Mode", Defeat - Wounds) ---------


def settle(ctx) -> None:
    """After every accepted command (a dial turn, a correction, an attack, an
    unequipped Asset...): a hero at 0 Spirit who is still in the Adventure is
    Wounded at once ("Game Objective", Defeat: "The hero immediately loses the
    Adventure if they run out of Spirit"; "Ending The Game"; "Multiplayer Coop
    Mode", Defeat - Wounds), unless an Adventure's end is already being
    resolved. The running step resumes afterwards when the team Presses On."""
    state = ctx.state
    running = (state.get("procedure") or {}).get("name")
    if running in ("wounded", "game-end") or state["campaign"].get("over"):
        return
    for i, hero in enumerate(state["heroes"]):
        if hero["spirit"] <= 0 and not hero["out"]:
            ctx.interrupt("wounded", {"hero": i})
            return


def wounds_kill(state: dict) -> bool:
    """"Wounds", Death: a fifth Wound (the variant's limit; the team's total in
    Multiplayer Coop Mode) ends the Campaign."""
    campaign = state["campaign"]
    return campaign["wound_limit"] is not None and campaign["wounds"] >= campaign["wound_limit"]


def death(state: dict) -> dict:
    """The Campaign's end at the Wound limit ("Wounds", Death)."""
    wounds = state["campaign"]["wounds"]
    return {"result": "loss",
            "text": f"{wounds} Wound{'s' if wounds != 1 else ''}: the Campaign is lost"}


# --- Endless Dungeons ----------------------------------------------------------------------

# "Endless Dungeons": Threat Groups per Threat Level for each Adventure, and the
# level that gets +1 when playing with 3-4 heroes.
ENDLESS_GROUPS = {
    1: {1: 5},
    2: {1: 4, 2: 1},
    3: {1: 3, 2: 2},
    4: {1: 2, 2: 2, 3: 1},
    5: {1: 1, 2: 3, 3: 1},
}
ENDLESS_EXTRA = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3}
ENDLESS_LOCATION = "The Rending's Rift"
LEVELS = {1: "I", 2: "II", 3: "III"}


def endless_counts(adventure: int, heroes: int) -> dict[int, int]:
    """How many Threat Groups of each Threat Level Adventure ``adventure`` takes."""
    counts = dict(ENDLESS_GROUPS[adventure])
    if heroes >= 3:
        level = ENDLESS_EXTRA[adventure]
        counts[level] = counts.get(level, 0) + 1
    return counts


def draw_endless_groups(ctx, adventure: int) -> list[str]:
    """Seeded random Threat Groups by level from the content pack's groups; with
    no pack (or too few groups of a level) the missing ones read "Level II group"
    for the players to pick at random themselves."""
    pack = ctx.state.get("pack") or {"groups": {}}
    chosen = []
    for level, count in sorted(endless_counts(adventure, len(ctx.state["heroes"])).items()):
        names = sorted(n for n, g in pack["groups"].items() if g["level"] == level)
        picked = ctx.shuffle(names)[:count]
        chosen += picked + [f"Level {LEVELS[level]} group"] * (count - len(picked))
    return chosen
