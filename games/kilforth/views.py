"""What the OLED and the screen show of a Gloom of Kilforth state.

OLED: the active hero, AP/HP, the current Test's dice and successes (with the
exact odds before a roll), Nights left. Screen: the map with gloom, heroes and
encounters, each hero's panel, tonight's Gloom forecast, the running
procedure's steps and the gloom spread per Day.
"""

from __future__ import annotations

from games.core import Game, GameView, Panel, deck
from games.core.procedures import Step
from games.core.views import phase_name, phase_title, procedure_steps, step_line, track_views
from games.kilforth.battles import battle_dice, rolling_hero
from games.kilforth.locations import where
from games.kilforth.night import gloom_cost
from games.kilforth.procedure_data import battle_data, market_data, night_data, rolled_test, setup_data
from games.kilforth.state import ATTRIBUTE_LABELS, SIZE, cell_label, encounter_in_play, encounters_at
from games.kilforth.tests import can_call_fate, odds
from games.kilforth.turns import in_daylight, night_ready

OLED_LINE = 21  # characters on the OLED's top line (the step) in the small font


def test_odds(state: dict, step: Step) -> str | None:
    """"Test": before the roll, the attribute rolled and the exact chance of reaching the
    needed successes with the dice at hand (successes on 5-6 or 4-6), with Fate if it
    can still be called. Short enough for the OLED's top line ("Sneak 5d: 54% F84%")."""
    proc = state["procedure"]
    if proc["name"] == "test" and step.id == "roll":
        test = rolled_test(state)
        hero = state["heroes"][test["hero"]]
        needed = max(0, test["needed"] - test["prior"]) if test["needed"] else 1
        plain, fated = odds(needed, test["dice"], state["success_on"], can_call_fate(hero))
        label = ATTRIBUTE_LABELS[test["attribute"]]
        line = _with_fate(f"{label} {test['dice']}d: {plain}", plain, fated)
        if len(line) > OLED_LINE:  # only Influence, two-digit dice and Fate: "Infl. 12d: >99% F100%"
            line = _with_fate(f"{label[:4]}. {test['dice']}d: {plain}", plain, fated)
        return line
    if proc["name"] != "battle":
        return None
    battle = battle_data(state)
    if step.id == "hero_roll":
        hero = state["heroes"][rolling_hero(state)]
        n = battle_dice(state, "hero")
        plain, fated = odds(battle["foe_hp"], n, state["success_on"], can_call_fate(hero))
        return _with_fate(f"{n}d: kill {plain}", plain, fated)
    if step.id == "foe_roll":
        hero = state["heroes"][rolling_hero(state)]
        n = battle_dice(state, "foe")
        plain, _ = odds(hero["hp"], n, state["success_on"], False)
        return f"Foe {n}d: KO you {plain}"
    if step.id == "evade":
        hero = state["heroes"][battle["hero"]]
        enc = encounter_in_play(state, battle["foe"])
        plain, fated = odds(enc["sneak"], hero["sneak"], state["success_on"], can_call_fate(hero))
        return _with_fate(f"Evade {hero['sneak']}d: {plain}", plain, fated)
    if step.id == "plots":
        return f"{battle.get('joined')} Plot(s) join it"
    return None


def _with_fate(text: str, plain: str, fated: str | None) -> str:
    """``text`` and the odds with Fate, always in one form: "F" then the chance if Fate
    is called ("kill 0% F33%", README Controls), so the line reads the same every round
    and always fits the OLED's top line."""
    if not fated or plain == "100%":
        return text
    return f"{text} F{fated}"


def _short(state: dict, index: int) -> str:
    """A hero as the OLED names them: "H2" (the screen says "Hero 2")."""
    return f"H{index + 1}"


def oled_facts(state: dict) -> tuple[tuple[str, str], ...]:
    """The OLED's bottom line (at most 17-18 characters with labels): during a Test the
    dice and the successes so far; in a battle the foe's HP and the rolling hero's;
    otherwise the Night cards left and what tonight's Gloom step costs the active hero
    where they stand, labelled as that forecast: "Tonight 0", "Tonight -1" (HP),
    "Tonight KO" when it would defeat them (the screen's "Tonight's Gloom" panel;
    README Controls). "Gloom 0" read as a count of gloom locations."""
    proc = state.get("procedure")
    if proc and proc["name"] == "test" and "dice" in proc["data"]:
        test = rolled_test(state)
        have = test["prior"] + test.get("rolled", 0) + test.get("fates", 0)
        need = f"/{test['needed']}" if test["needed"] else ""
        return (("Dice", str(test["dice"])), ("Succ", f"{have}{need}"))
    if proc and proc["name"] == "battle" and "foe_hp" in proc["data"]:
        battle = battle_data(state)
        index = rolling_hero(state)
        label = "Your HP" if not battle.get("team") else f"{_short(state, index)} HP"
        return (("Foe HP", str(battle["foe_hp"])), (label, str(state["heroes"][index]["hp"])))
    active = state["active_hero"]
    hero = state["heroes"][active if active is not None else state["first_hero"]]
    cost = gloom_cost(state, hero)
    tonight = "0" if not cost else "KO" if cost >= hero["hp"] else f"-{cost}"
    return (("Nights", str(deck.size(state["night_deck"]))), ("Tonight", tonight))


def _hero_line(state: dict, i: int) -> str:
    h = state["heroes"][i]
    marks = []
    if i == state["first_hero"]:
        marks.append("First")
    for key, label in (("hidden", "Hidden"), ("camped", "Camped"), ("defeated", "Defeated"),
                       ("eliminated", "Eliminated")):
        if h[key]:
            marks.append(label)
    attrs = " ".join(f"{ATTRIBUTE_LABELS[a][:2]}{h[a]}" for a in ("fight", "study", "sneak", "influence"))
    chapter = "Finale" if h["chapter"] == 5 else "Saga done" if h["chapter"] > 5 else f"Ch{h['chapter']}"
    line = (f"{h['name']} @{where(h['cell'])}: HP {h['hp']}/{h['max_hp']} AP {h['ap']} "
            f"Fate {h['fate']} Gold {h['gold']} | {attrs} | {chapter} R{h['rumours']} A{h['assets']} "
            f"L{h['loot']}")
    for entry in h["successes"]:
        line += f" | {entry['count']} {entry['attribute']} on #{entry['encounter'] or 'Finale'}"
    return line + (f" ({', '.join(marks)})" if marks else "")


def _step_text(state: dict, step: Step) -> str:
    """The current step worded from the state: the odds of a roll ("Test"), the
    content pack (optional), the Night card drawn, the hero whose values are entered, the Plot, who loses an
    asset or rumour."""
    proc = state["procedure"]
    roll_odds = test_odds(state, step)
    if roll_odds:
        return roll_odds
    if step.id == "card" and proc["name"] == "night":  # the card drawn, by no virtual deck number
        return "Enter the Night card"
    if step.id == "pack" and proc["name"] == "setup":  # optional: the action menu's "Load pack: ..."
        loaded = state["pack"]
        return f"Pack: {loaded.get('name') or 'loaded'}" if loaded else "Pack (optional): none"
    if step.id == "hero" and proc["name"] == "setup":  # one form per hero: which one, of how many
        return f"Hero ({setup_data(state)['hero'] + 1}/{len(state['heroes'])}): race + class values"
    if step.id == "plot":
        return night_data(state).get("plot", step.text)
    if step.id == "heal" and proc["name"] == "market":
        return f"HP for {_short(state, market_data(state)['queue'][0])}: 1 gold/HP"
    if step.id in ("loss", "event_loss") and state["pending_losses"]:
        who = state["pending_losses"][0]
        return ("Lose asset or rumour" if len(state["heroes"]) == 1
                else f"{_short(state, who)}: lose asset/rumour")
    return step.text


def _idle_text(state: dict) -> str:
    """Between procedures: the Night once every hero has Camped, else the active
    hero's Daylight ("Action or Camp: 4 AP"); "" when no hero is active."""
    if night_ready(state):
        return "All Camped: next=Night"
    if not in_daylight(state):
        return ""
    active = state["active_hero"]
    hero = state["heroes"][active]
    return (f"Action or Camp: {hero['ap']} AP" if len(state["heroes"]) == 1
            else f"{_short(state, active)}: Action/Camp, {hero['ap']} AP")


def view(game: Game, state: dict) -> GameView:
    """The OLED's and the screen's view of ``state``."""
    tracks = track_views(game, state)
    phase = phase_name(game, state)
    left = deck.size(state["night_deck"])
    active = state["active_hero"]
    step_text, step_kind = step_line(game, state, _idle_text(state), _step_text)
    title = phase_title(game, state)
    if in_daylight(state):
        phase, title = "Daylight", ""

    facts = oled_facts(state)

    forecast = []
    for h in state["heroes"]:
        if h["eliminated"]:
            continue
        cost = gloom_cost(state, h)
        text = f"{h['name']} at {where(h['cell'], state)}: "
        if not cost:
            text += "safe tonight"
        else:
            left_hp = h["hp"] - cost
            text += f"-{cost} HP tonight" + (" - DEFEATED" if left_hp <= 0 else f" ({left_hp} left)")
        forecast.append(text)
    encounters = tuple(
        f"#{e['id']} {e['name']} @{where(e['cell'])}: "
        + " ".join(f"{ATTRIBUTE_LABELS[a][:2]}{e[a]}" for a in ATTRIBUTE_LABELS if e[a])
        + f" HP{e['hp']} Gold{e['gold']}"
        + (" Enemy of " + ",".join(str(i + 1) for i in e["enemy_of"]) if e["enemy_of"] else "")
        for e in state["encounters"]
    ) or ("none",)
    night = [f"{left} Night cards left" + (" - FINAL DAY" if left == 1 else "")]
    if state["weather"]:
        weather = state["weather"]
        what = weather.get("name") or f"card {weather['card']}"
        night.append(f"Weather: {what} ({where(weather['cell'], state)}) - in effect until "
                     "the next Weather")
    for a in state["ancients"]:
        if a["defeated"]:
            night.append(f"{a['name']}: defeated")
        elif a["in_play"] and a["cell"] is not None:
            night.append(f"{a['name']} @{where(a['cell'])}: Fight {a['fight']} "
                         f"HP {a['hp']}/{a['max_hp']}, {a['plots_joined']} Plots joined")
    plots = sum(len(c["plots"]) for c in state["map"])
    if plots:
        night.append(f"Plots on the map: {plots}")
    if state["gloom_per_day"]:
        night.append("Gloom per Day: " + " ".join(str(n) for n in state["gloom_per_day"]))
    named = tuple(f"{cell_label(i)} {c['name']} ({c['terrain']}, gloom {c['gloom_hp']} HP)"
                  + (" - in gloom" if c["gloom"] else "")
                  for i, c in enumerate(state["map"]) if c["name"] != cell_label(i) and i != 12)
    panels = (
        Panel("Map key", MAP_KEY),  # the map itself is the screen's grid (``_grid``)
        *((Panel("Locations", named),) if named else ()),
        Panel("Heroes", tuple(_hero_line(state, i) for i in range(len(state["heroes"])))),
        Panel("Tonight's Gloom", tuple(forecast)),
        Panel("Encounters", encounters),
        Panel("Night", tuple(night)),
    )
    steps = procedure_steps(game, state)
    headline = f"Kilforth \u00b7 Day {state['day']}"
    if len(state["heroes"]) > 1 and active is not None:
        headline += f" \u00b7 {state['heroes'][active]['name']}"
    over = state["over"]["text"] if state.get("over") else None
    series = (("Locations in gloom", tuple(state["gloom_per_day"])),) if state["gloom_per_day"] else ()
    return GameView(headline, phase, step_text, step_kind, tracks, facts, panels, steps, over,
                    series=series, grid=_grid(state), phase_title=title)


MAP_KEY = ("# gloom, +1,2 heroes 1 and 2", "e encounter, A Ancient", "SC Sprawl City, * the active hero")


def _grid(state: dict) -> tuple[tuple[str, ...], ...]:
    """The map as short cell labels for the screen: "B2#" in gloom, "+1" for the
    heroes there, "e" per encounter; the active hero's cell marked with "*"."""
    active = state["active_hero"]
    here = state["heroes"][active]["cell"] if active is not None else None
    rows = []
    for row in range(SIZE):
        cells = []
        for col in range(SIZE):
            i = row * SIZE + col
            cell = state["map"][i]
            label = ("SC" if i == 12 else cell_label(i)) + ("#" if cell["gloom"] else "")
            heroes = [str(n + 1) for n, h in enumerate(state["heroes"])
                      if h["cell"] == i and not h["eliminated"]]
            if heroes:  # "+1,2": heroes 1 and 2, never read as twelve
                label += "+" + ",".join(heroes)
            label += "e" * min(2, len(encounters_at(state, i)))
            if any(a["cell"] == i and a["in_play"] and not a["defeated"] for a in state["ancients"]):
                label += "A"
            cells.append(("*" if i == here else "") + label)
        rows.append(tuple(cells))
    return tuple(rows)
