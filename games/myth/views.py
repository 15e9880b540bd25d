"""What the OLED and the screen show of a Myth: Dark Frontier state.

Hidden information ("Determining Enemy Actions"): an enemy action card on a
deck is never shown before it is revealed; only "face-down" appears. The view
never holds one: ``Game.view`` strips the game's ``SECRETS`` before calling it.
"""

from __future__ import annotations

from typing import Literal

from games.core import Game, GameView, Panel, deck
from games.core.dice import counted, percent
from games.core.procedures import Step
from games.core.views import phase_name, phase_title, procedure_steps, step_line, track_views
from games.myth.action_phase import current_card
from games.myth.battles import battle_forecast, roll_odds, roll_outcome, waiting_roll
from games.myth.board import farrenroc
from games.myth.conquest import closest_ability, raise_waiting
from games.myth.enemies import enemy_tokens
from games.myth.enemy_actions import conquest_dice, waiting_conquest
from games.myth.enemy_movement import waiting_movers
from games.myth.fate import pick_count
from games.myth.march import assault_chance, waiting_assaults
from games.myth.muster import muster_dice, waiting_musters
from games.myth.state import (
    DECKS,
    FATE_FACES,
    RESOURCES,
    TRACKS,
    Roll,
    area_name,
    roll_data,
    setup_data,
    spend_data,
)


def _card_text(state: dict, name: str, card: int | str) -> str:
    if card == "enemy":
        return f"Enemy: {deck.shown(state['plan'][name]['enemy']).capitalize()}"
    return state["heroes"][card]["name"]


def _plan_lines(state: dict) -> tuple[str, ...]:
    plan = state.get("plan")
    if not plan:
        return ("no cards planned",)
    lines = []
    for name in DECKS:
        entry = plan[name]
        enemy = deck.shown(entry["enemy"]).capitalize()
        if not entry["order"]:
            lines.append(f"{name.capitalize()}: enemy card {enemy}")
            continue
        done = [_card_text(state, name, c) for c in entry["order"][:entry["next"]]]
        left = len(entry["order"]) - entry["next"]
        lines.append(f"{name.capitalize()}: " + ", ".join(done + [f"{left} face-down"] * bool(left)))
    return tuple(lines)


def _forecast(state: dict) -> tuple[str, ...]:
    """"Odds and forecast": the acting hero's battle odds, the assault odds on
    Farrenroc, the track closest to its next ability or the siege."""
    lines = []
    proc = state.get("procedure") or {}
    roll = waiting_roll(state) if proc.get("name") == "roll" else None
    if roll:
        lines.append(f"{_roll_title(state, roll)}: {roll['count']} d10, {roll_odds(roll)}")
    current = current_card(state)
    if current and current[1] != "enemy":
        hero = state["heroes"][current[1]]
        for rank in ("minion", "captain", "boss"):
            dice, dealt, taken = battle_forecast(state, hero["area"], rank)
            if dice:
                lines.append(f"Battle {rank}s: {dice}d10, deal {float(dealt):.1f}, "
                             f"take {float(taken):.1f}")
    home = farrenroc(state["board"])
    if enemy_tokens(state, home):
        lines.append(f"Assault on Farrenroc: {percent(assault_chance(state, home))}")
    close = closest_ability(state)
    if close:
        lines.append(f"Closest: {close[0].capitalize()}, {close[1]} space(s) to its next ability")
    return tuple(lines) or ("nothing to forecast",)


def _board_lines(state: dict) -> tuple[str, ...]:
    lines = []
    for area_id, area in state["areas"].items():
        marks = []
        if area["minions"]:
            delayed = sum(1 for m in area["minions"] if m["delayed"])
            marks.append(f"{len(area['minions'])} minion" + (f" ({delayed} delayed)" if delayed else ""))
        if area["captains"]:
            marks.append(f"{len(area['captains'])} captain")
        if state["boss"]["area"] == area_id:
            marks.append("BOSS")
        if area["structure"]:
            marks.append("structure")
        if area["objective"]:
            marks.append(f"{area['objective']} objective")
        heroes = [h["name"] for h in state["heroes"] if h["area"] == area_id]
        if marks or heroes:
            lines.append(f"{area_name(state, area_id)} (d{state['distance'][area_id]}): "
                         + ", ".join(marks + heroes))
    return tuple(lines) or ("the board is empty",)


def _of(state: dict, key: Literal["hero", "track", "objective"], count: int) -> str:
    """Which of a setup prompt asked ``count`` times this one is ("(2/3)"): on the OLED
    the three conquest tracks' forms look alike but for it."""
    return f"({setup_data(state).get(key, 0) + 1}/{count})"


def _step_text(state: dict, step: Step) -> str:
    current = current_card(state)
    if step.id == "board":
        name = state["board"]["name"].split(" (")[0]  # the stand-in's note is for the screen
        return f"Board: {name[:24]}. Next, or select: Load pack"
    if step.id == "hero" and state["procedure"]["name"] == "setup":
        return f"Hero {_of(state, 'hero', len(state['heroes']))}: skills, vitality"
    if step.id == "track":
        track = TRACKS[setup_data(state).get("track", 0)].capitalize()
        return f"{track} {_of(state, 'track', len(TRACKS))}: ability spaces"
    if step.id == "objective" and state["procedure"]["name"] == "setup":
        resource = RESOURCES[setup_data(state).get("objective", 0)].capitalize()
        return f"{resource} objective {_of(state, 'objective', len(RESOURCES))}: location"
    if step.id == "tokens":
        spots = [f"{area_name(state, a)} {s['objective']}" for a, s in state["areas"].items()
                 if s["objective"]]
        return "Tokens: " + ", ".join(spots)
    if step.id == "hero" and current:
        return f"{state['heroes'][current[1]]['name']}: resolve your card"
    if step.id == "defeated" and current:
        return f"{state['heroes'][current[1]]['name']} is defeated: card back"
    if step.id == "enemy_rest" and current:
        card = state["plan"][current[0]]["enemy"]["card"].capitalize()
        return f"{card}: resolve its Siege action"
    if step.id == "darkness" and current:
        card = state["plan"][current[0]]["enemy"]["card"].capitalize()
        return f"{card}: resolve its Darkness ability, then roll the Darkness die"
    if step.id.endswith("abilities") and state["pending"]:
        waiting = raise_waiting(state)
        return "Resolve: " + "; ".join(state["pending"]) + (f"; then {waiting}" if waiting else "")
    movers = waiting_movers(state)
    if step.id == "march_to" and movers:
        return f"Tie: {area_name(state, movers[0])} minion to?"
    if step.id.endswith("_pick"):
        return f"Roll which {counted(pick_count(state), 'fate')}? (not Darkness)"
    if step.id.endswith("boss"):
        return "Siege! Roll 1 fate die (not Darkness): the boss's Outland"
    if step.id.endswith("discard") and state["discards"]:
        debt = state["discards"][0]
        return f"Discard {debt['count']} resource{'s' * (debt['count'] > 1)} ({debt['why']}): which?"
    if step.id == "muster" and waiting_musters(state):
        return f"Muster {waiting_musters(state)}: roll {counted(muster_dice(state), 'fate')} (not Darkness)"
    spent = spend_data(state).get("spent")
    if step.id == "reroll" and state["procedure"]["name"] == "spend" and spent:
        return f"{spent.capitalize()} spent: resolve it, then roll its die"
    if step.id.endswith("overrun") and state["overruns"]:
        o = state["overruns"][0]
        return f"Overrun {area_name(state, o['area'])}: discard or move"
    kind = waiting_conquest(state)
    if step.id == "conquest" and kind:
        count = conquest_dice(state, kind)
        return f"{kind.capitalize()} spawns: roll {counted(count, 'fate')} (not Darkness)"
    if step.id == "assault" and waiting_assaults(state):
        area_id = waiting_assaults(state)[0]
        count = len(enemy_tokens(state, area_id))
        return (f"Assault on {area_name(state, area_id)}: roll {count} d10, "
                f"success {percent(assault_chance(state, area_id))}")
    roll = waiting_roll(state) if state["procedure"]["name"] == "roll" else None
    if step.id == "roll" and roll:
        return f"{_roll_title(state, roll)}: roll {roll['count']} d10, {roll_odds(roll)}"
    pool = roll["pool"] if roll else None
    if step.id == "reroll" and roll and pool:
        faces = " ".join(str(f) + ("*" if r else "") for f, r in
                         zip(pool["faces"], pool["rerolled"], strict=True))
        return f"{faces}: {roll_outcome(roll)}; reroll or keep"
    if step.id == "card":
        hero = state["heroes"][roll_data(state).get("hero", 0)]
        return f"Encounter card: discard, asset ({hero['assets']}/3) or burden"
    if step.id == "quest" and state["procedure"]["name"] == "roll":
        return "Quest complete: the next active quest"
    if step.id == "resources":
        return f"{sum(1 for a in state['areas'].values() if a['structure'])} structures: resources"
    return step.text


def _series(state: dict) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Stability and the three conquest tracks per round for the screen's plot,
    oldest first: each round's values at its Reset Step ("Prepare Phase"), then
    the round in play."""
    rows = list(state["history"])
    done = rows[-1]["round"] if rows else 0
    if state["round"] > done:
        rows.append({"round": state["round"], "stability": state["stability"],
                     **state["conquest"]})
    if not rows:
        return ()
    return (("Stability", tuple(r["stability"] for r in rows)),
            *((t.capitalize(), tuple(r[t] for r in rows)) for t in TRACKS))


def party_area(state: dict) -> str:
    """Where the party is for the map: the hero whose card is resolved, else hero 1."""
    current = current_card(state)
    index = current[1] if current and current[1] != "enemy" else 0
    return state["heroes"][index]["area"]


def cell_label(state: dict, area_id: str) -> str:
    """A map cell: the area's short label, then on a second line what is there
    (:data:`MAP_KEY`): ``#`` a structure, ``3m`` minions, ``c`` per captain, ``B`` the
    boss, ``o`` an objective token, ``+1,2`` heroes 1 and 2 ("D1" over "1mo+1").
    The second line is as short as it can be: the cells are small on the screen."""
    area = state["areas"][area_id]
    label = state["board"]["areas"][area_id].get("short") or area_id[:3]
    label += "#" * area["structure"]
    there = []
    if area["minions"]:
        there.append(f"{len(area['minions'])}m")
    if area["captains"]:
        there.append("c" * min(2, len(area["captains"])))
    if state["boss"]["area"] == area_id:
        there.append("B")
    if area["objective"]:
        there.append("o")
    heroes = [str(n + 1) for n, h in enumerate(state["heroes"]) if h["area"] == area_id]
    if heroes:
        there.append("+" + ",".join(heroes))
    return label + ("\n" + "".join(there) if there else "")


#: The screen's key to the map's cells (``cell_label``), two short lines to fit its card.
MAP_KEY = ("# structure, 2m minions, c captain", "B boss, o objective, +1,2 heroes")


def _grid(state: dict) -> tuple[tuple[str, ...], ...]:
    """The board on the screen's map grid, when every area has a position
    (docs/games/myth-dark-frontier.md, "The board"); empty otherwise."""
    areas = state["board"]["areas"]
    if not areas or any(not a.get("pos") for a in areas.values()):
        return ()
    cols = 1 + max(a["pos"][0] for a in areas.values())
    rows = 1 + max(a["pos"][1] for a in areas.values())
    cells = [[""] * cols for _ in range(rows)]
    here = party_area(state)
    for area_id, area in areas.items():
        col, row = area["pos"]
        cells[row][col] = ("*" if area_id == here else "") + cell_label(state, area_id)
    return tuple(tuple(row) for row in cells)


def _roll_title(state: dict, roll: Roll) -> str:
    hero = state["heroes"][roll["hero"]]["name"]
    if roll["purpose"] == "battle" and roll["rank"] != "minion":
        return f"{hero} vs {roll['rank']} (+ sheet ability)"
    if roll["purpose"] == "battle":
        return f"{hero} vs {roll['count']} {roll['rank']}"
    return f"{hero} {roll['skill']} TN{roll['target']}"


def oled_facts(state: dict) -> tuple[tuple[str, str], ...]:
    """The OLED's bottom line in at most 21 characters: the round and the fate pool
    (``fate_line``: "Rd 2 Fate 2R G N D"). Stability is the first value on the
    dials (drawn big), and the card being resolved is the top line's step."""
    return (("Rd", str(state["round"])), ("Fate", fate_line(state["fate"])))


def fate_line(pool: list[str]) -> str:
    """The fate pool as the OLED shows it: each face once, by its initial, in the
    faces' own order (R rage, G guile, N nature, A arcane, F faith, D darkness, as in
    README Controls), a count before it when more than one: "2R G N D", never a
    word-like run of letters ("RGNRD"); "-" before the pool is rolled."""
    return " ".join(f"{pool.count(face) if pool.count(face) > 1 else ''}{face[0].upper()}"
                    for face in FATE_FACES if face in pool) or "-"


def view(game: Game, state: dict) -> GameView:
    tracks = track_views(game, state, dial_only=True)
    phase = phase_name(game, state)
    step_text, step_kind = step_line(game, state, f"Press next: round {state['round'] + 1}", _step_text)
    facts = oled_facts(state)
    heroes = tuple(
        f"{h['name']}: T{h['tactics']} C{h['cunning']} I{h['intellect']} S{h['spirit']}, "
        f"damage {h['damage']}/{h['vitality']}, {area_name(state, h['area'])}"
        + (f", assets {h['assets']}" if h["assets"] else "")
        + (f", burdens {h['burdens']}" if h["burdens"] else "")
        + (" (defeated)" if h["defeated"] else "") for h in state["heroes"])
    sheet = tuple(f"{rank.capitalize()}: vitality {v['vitality']}, attack {v['attack']}, "
                  f"defence {v['defence']}" for rank, v in state["enemy"].items())
    conquest = tuple(
        f"{t.capitalize()}: {state['conquest'][t]}/10, abilities {state['abilities'][t] or '-'}"
        for t in TRACKS) + (("SIEGE" if state["siege"] else "no siege yet"),)
    reserves = (", ".join(f"{k} {state['reserves'][k]}" for k in RESOURCES),
                f"out of play: {state['supply']['minions']} minions, "
                f"{state['supply']['captains']} captains")
    objectives = tuple(
        f"{k.capitalize()}: {o['location'] or '-'}, {o['tokens']}/{len(state['heroes'])}"
        + (" done" if o["done"] else "") for k, o in state["objectives"].items()
    ) + (f"Active quest: {state['quest'] or '-'}",)
    grid = _grid(state)
    panels: tuple[Panel, ...] = (  # in the order the screen keeps them when space runs out
        Panel("Action decks", _plan_lines(state)),
        *((Panel("Map key", MAP_KEY),) if grid else ()),
        Panel("Farrenroc", (f"Stability {state['stability']}/10",) + reserves),
        Panel("Conquest", conquest),
        Panel("Fate pool", (", ".join(f.capitalize() for f in state["fate"]) or "not rolled",)),
        Panel("Forecast", _forecast(state)),
        Panel("Heroes", heroes),
        Panel("Enemy sheet", sheet),
        Panel("Objectives", objectives),
    )
    if not grid:  # no positions on this board: the board as a list
        panels += (Panel("Board", _board_lines(state)),)
    steps = procedure_steps(game, state)
    headline = f"Myth \u00b7 Round {state['round']}"
    over = state["over"]["text"] if state.get("over") else None
    return GameView(headline, phase, step_text, step_kind, tracks, facts, panels, steps, over,
                    series=_series(state), grid=grid, grid_offset_rows=True,
                    phase_title=phase_title(game, state))
