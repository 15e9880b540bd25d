"""What the OLED and the screen show of a Kreel Manor state."""

from __future__ import annotations

from games.core import Game, GameView, Panel
from games.core.procedures import Step
from games.core.queue import occupied
from games.core.views import DiceSlot, phase_name, phase_title, procedure_steps, step_line, track_views
from games.kreel.action_track import present_power
from games.kreel.delve_phase import defeated_count, location_sneak
from games.kreel.procedures import END
from games.kreel.spirit_phase import attackers
from games.kreel.state import ACTIONS, Hero, Threat, active_hero, active_location
from games.kreel.threat_area import shadow_label

SHORT = {"fight": "F", "influence": "I", "sneak": "S"}


def _values(threat: Threat) -> str:
    parts = []
    for v in ACTIONS:
        star = "*" if v in threat["starred"] else ""
        if threat[v]:
            tokens = threat["damage"][v]
            parts.append(f"{SHORT[v]}{tokens}/{threat[v]}{star}" if tokens else
                         f"{SHORT[v]}{threat[v]}{star}")
    return " ".join(parts) or "no values"


def _threat_line(threat: Threat, state: dict) -> str:
    if not threat["revealed"]:
        return f"{threat['name']}: revealing\u2026"
    line = f"{threat['name']}  {_values(threat)}  Cost {threat['spirit_cost']}"
    line += f" Boost {threat['spirit_boost']}"
    marks = [s.capitalize() for s in threat["statuses"]]
    if threat.get("group"):
        marks.append(threat["group"])
    if threat["overkill"]:
        marks.append(f"Overkill {threat['overkill']}")
    if threat["exhausted"]:
        marks.append("Exhausted")
    if threat["confronted_by"] is not None:
        marks.append(f"Confronted by {state['heroes'][threat['confronted_by']]['name']}")
    if marks:
        line += "  (" + ", ".join(marks) + ")"
    return line


def pending_cost(state: dict) -> int:
    """The forecast of the coming Spirit phase for the active hero: what its
    attackers would deal now, before Block ("5. Spirit Phase" A, with Bold
    doubling and Dazed cancelling; a Shielded hero loses nothing).

    In the End phase the coming Spirit phase is next round's: the Threats
    Exhausted this round stand upright again at "6. End Phase" C, so they are
    counted from the End phase's start, and the cost does not jump at C."""
    total = 0
    for threat in attackers(state) + _upright_at_end(state):
        if "dazed" in threat["statuses"]:
            continue
        total += threat["spirit_cost"] * (2 if "bold" in threat["statuses"] else 1)
    if "shield" in active_hero(state)["statuses"]:
        return 0
    return total


def _upright_at_end(state: dict) -> list[Threat]:
    """The Exhausted Threats that would attack once reset upright, while the End phase
    has not reset them yet (its step C, ``reset_threats``)."""
    proc = state.get("procedure")
    if not proc or proc["name"] != "end" or proc["step"] > END.index_of("reset_threats"):
        return []
    hero = state["active_hero"]
    return [t for t in state["threat_area"]
            if t["revealed"] and t["exhausted"] and t["confronted_by"] in (None, hero)
            and t.get("story_of") in (None, hero)]


def power_line(hero: Hero) -> str:
    """Present Power per Action as it would be if Used now: "F1 I2 S5"."""
    return " ".join(f"{SHORT[a]}{present_power(hero, a)}" for a in ACTIONS)


def _track_panel(hero: Hero) -> Panel:
    """The hero's Action Power Track ("Heroes", "4. Play Phase"): its slots '1' to '3',
    each with the Action above it, that Action's Power Die and its Present Power."""
    slots = []
    for action, card in sorted(hero["actions"].items(), key=lambda item: item[1]["slot"]):
        marks = [m for m, on in (("Tilted", card["tilted"]), ("Used", card["used"]),
                                 ("Dazed", card["dazed"]), ("Advanced", card["advanced"])) if on]
        plus = [f"+{card['plus']}"] if card["plus"] else []
        slots.append(DiceSlot(str(card["slot"]), action.capitalize(), card["die"],
                              (f"Present {present_power(hero, action)}", *plus, *marks)))
    uses = "Use done" if hero["uses"] else "Use ready"
    tilts = "Tilt done" if hero["tilts"] else "Tilt ready"
    statuses = ", ".join(s.capitalize() for s in hero["statuses"])
    line = f"{uses} \u00b7 {tilts}" + (f" \u00b7 {statuses}" if statuses else "")
    return Panel(f"Action Power Track \u00b7 {hero['name']}", (line,), tuple(slots))


def _location_lines(state: dict) -> tuple[str, ...]:
    lines = []
    for i, loc in enumerate(state["locations"]):
        mark = "\u25b6 " if i == state["active_location"] else "  "
        if loc["sneak"] is None:
            lines.append(f"{mark}{loc['name']}: face-down")
            continue
        done = " (defeated)" if loc["defeated"] else ""
        lines.append(f"{mark}{loc['name']}: Sneak {loc['damage']}/"
                     f"{location_sneak(state, loc)}{done}")
    adventure = state["adventure"]
    lines.append(f"Plots {defeated_count(state, 'plot')}/{adventure['plots']} \u00b7 "
                 f"Foes {defeated_count(state, 'foe')}/{adventure['foes']} \u00b7 "
                 f"Locations {sum(loc['defeated'] for loc in state['locations'][:-1])}/4")
    return tuple(lines)


def _campaign_lines(state: dict) -> tuple[str, ...]:
    campaign = state["campaign"]
    limit = campaign["wound_limit"]
    wounds = f"Wounds {campaign['wounds']}/{limit}" if limit is not None else "No Wounds"
    lines = [f"Adventure {campaign['adventure']} of 5 \u00b7 {wounds} \u00b7 "
             f"Fails in a row {campaign['fails']}",
             f"Threat deck {state['threat_deck']} \u00b7 discard {state['threat_discard']} "
             f"\u00b7 Lord's Vengeance {state['vengeance']}"]
    if campaign["results"]:
        lines.append("Played: " + ", ".join(f"{r['adventure']} {r['result']}"
                                            for r in campaign["results"]))
    if campaign["cards"]:
        lines.append("Adventure cards: " + ", ".join(f"{n} {c}" for n, c in
                                                     sorted(campaign["cards"].items())))
    if campaign["stories"]:
        lines.append("Stories set aside: " + ", ".join(
            f"{s['card']} (Adventure {s['adventure']})" for s in campaign["stories"]))
    if campaign["endless"]:
        lines.append("Endless Dungeons: " + ", ".join(campaign["groups"]))
    if state["pack"]:
        lines.append(f"Pack: {state['pack']['name']}")
    if campaign["upgrades"] or campaign["advanced"]:
        lines.append(f"Skill Upgrades {campaign['upgrades']} \u00b7 Advanced: "
                     + (", ".join(a.capitalize() for a in campaign["advanced"]) or "none"))
    return tuple(lines)


def _step_text(state: dict, step: Step) -> str:
    """The current step worded from the state: the Threat being revealed, the
    attack to Block, the Skill limit, the Spirit Boost to give, the Location to flip,
    and with several heroes whose Play Phase it is ("Multiplayer Coop Mode": each
    plays a whole round). "Hero 2: Tilt 1, Use 1" fills the OLED's line, and after
    its "Play" tag breaks at the comma."""
    proc = state["procedure"]
    hero = active_hero(state)
    if step.id == "turn" and len(state["heroes"]) > 1:
        return f"{hero['name']}: {step.text.partition(': ')[2]}"
    if step.id == "reveal" and state["revealing"]:
        return f"Reveal Threat {state['revealing'][0]}"
    if step.id == "block":
        return f"Attacks {proc['data'].get('attack', 0)}: Block?"
    if step.id == "skill_limit" and hero["hand"] > 6:
        return f"B. Skill limit: {hero['hand']} in hand, keep 6"
    if step.id == "upgrades" and state["variant"] == "tanklors-nightmare":
        return "b. Upgrades: remove OR add"
    if step.id == "boost":
        return f"Boost {proc['data']['amount']}: to which hero?"
    if step.id == "flip":
        return f"{active_location(state)['name']}: enter its Sneak"
    return step.text


def oled_facts(state: dict) -> tuple[tuple[str, str], ...]:
    """The OLED's bottom line, two facts in at most 18 characters: in the Play phase
    the Spirit cost forecast and the Present Power ("Cost 5 Power F1 I2 S4"), in the
    Spirit phase the attack and the Block ("Attack 5 Block 2"), otherwise how full
    the Shadows are and the cost forecast ("Shadows 3/3 Cost 5")."""
    proc = state.get("procedure")
    if proc and proc["name"] == "play":
        return (("Cost", str(pending_cost(state))), ("Power", power_line(active_hero(state))))
    if proc and proc["name"] == "spirit":
        return (("Attack", str(proc["data"].get("attack", 0))),
                ("Block", str(proc["data"].get("block", 0))))
    return (("Shadows", f"{occupied(state['shadows'])}/{state['shadow_spaces']}"),
            ("Cost", str(pending_cost(state))))


def view(game: Game, state: dict) -> GameView:
    tracks = track_views(game, state)
    phase = phase_name(game, state)
    hero = active_hero(state)
    step_text, step_kind = step_line(game, state, f"Press next: round {state['round'] + 1}",
                                     _step_text)

    facts = oled_facts(state)

    shadow_lines = [f"Threat deck top: {_threat_line(t, state)} (Returned)"
                    for t in reversed(state["returned"])]
    for i in reversed(range(len(state["shadows"]))):
        t = state["shadows"][i]
        if t is None:
            content = "empty"
        elif t["revealed"]:
            content = _threat_line(t, state) + " (face-up)"
        else:
            content = f"{t['name']} (face-down)"
        shadow_lines.append(f"{shadow_label(i)}: {content}")
    hero_lines = []
    for i, h in enumerate(state["heroes"]):
        mark = "\u25b6 " if i == state["active_hero"] else "  "
        out = " (out: Pressed On)" if h["out"] else ""
        hero_lines.append(f"{mark}{h['name']}: Spirit {h['spirit']}/{h['max_spirit']} "
                          f"\u00b7 Wounds {h['wounds']}{out}")
    panels = (
        _track_panel(hero),
        Panel("Forecast", (f"Spirit phase cost {pending_cost(state)} (before Block)",
                           f"Present Power if Used now: {power_line(hero)}")),
        Panel("Shadows", tuple(shadow_lines)),
        Panel("Threat Area", tuple(_threat_line(t, state) for t in state["threat_area"]) or ("empty",)),
        Panel("Locations", _location_lines(state)),
        Panel("Heroes", tuple(hero_lines)),
        Panel("Campaign", _campaign_lines(state)),
    )
    series = tuple((f"{h['name']} Spirit" if len(state["heroes"]) > 1 else "Spirit",
                    tuple(h["spirit_log"])) for h in state["heroes"])

    steps = procedure_steps(game, state)

    headline = f"Kreel Manor \u00b7 A{state['campaign']['adventure']} Round {state['round']}"
    if len(state["heroes"]) > 1:
        headline += f" \u00b7 {hero['name']}"
    over = state["over"]["text"] if state.get("over") else None
    return GameView(headline, phase, step_text, step_kind, tracks, facts, panels, steps,
                    over, series, phase_title=phase_title(game, state))
