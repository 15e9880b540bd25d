"""What the OLED and the screen show of a Kreel Manor state."""

from __future__ import annotations

from games.core import GameView, Panel, TrackView
from games.core.engine import current_step
from games.core.paths import get_path
from games.core.queue import occupied
from games.kreel import rules
from games.kreel.state import active_hero, shadow_label


def _threat_line(threat: dict, state: dict) -> str:
    if not threat["revealed"]:
        return f"{threat['name']}: revealing\u2026"
    values = [f"F{threat['fight']}", f"I{threat['influence']}", f"S{threat['sneak']}"]
    line = threat["name"]
    line += f"  {' '.join(values)}  Cost {threat['spirit_cost']} Boost {threat['spirit_boost']}"
    marks = [s.capitalize() for s in threat["statuses"]]
    if threat["exhausted"]:
        marks.append("Exhausted")
    if threat["confronted_by"] is not None:
        marks.append(f"Confronted by {state['heroes'][threat['confronted_by']]['name']}")
    if marks:
        line += "  (" + ", ".join(marks) + ")"
    return line


def pending_cost(state: dict) -> int:
    """The Spirit the active hero's attackers would deal now, before Block
    ("5. Spirit Phase" A, with Bold doubling and Dazed cancelling)."""
    total = 0
    for threat in rules.attackers(state):
        if "dazed" in threat["statuses"]:
            continue
        total += threat["spirit_cost"] * (2 if "bold" in threat["statuses"] else 1)
    return total


def view(state: dict) -> GameView:
    from games.kreel import GAME  # the Game that owns these procedures

    tracks = []
    for spec in GAME.tracks(state):
        value = get_path(state, spec.path)
        tracks.append(TrackView(spec.key, spec.label, value, spec.low_in(state), spec.high_in(state)))

    proc = state.get("procedure")
    step = current_step(GAME, state)
    phase = GAME.procedure(proc["name"]).title if proc else ""
    if step is not None:
        step_text = step.text
        if step.id == "reveal" and state["revealing"]:
            step_text = f"Reveal Threat {state['revealing'][0]}: enter its values"
        elif step.id == "block":
            step_text = f"Block? Attacks deal {proc['data'].get('attack', 0)}"
        step_kind = step.kind.value
    elif state.get("over"):
        step_text, step_kind = "", ""
    else:
        step_text = f"Press next: round {state['round'] + 1}"
        step_kind = "reminder"

    in_area = [t for t in state["threat_area"] if t["revealed"]]
    facts = (
        ("Shadows", f"{occupied(state['shadows'])}/{state['shadow_spaces']}"),
        ("Threats", str(len(in_area))),
        ("Cost", str(pending_cost(state))),
    )

    shadow_lines = []
    for i in reversed(range(len(state["shadows"]))):
        t = state["shadows"][i]
        if t is None:
            content = "empty"
        elif t["revealed"]:
            content = _threat_line(t, state) + " (Scouted)"
        else:
            content = f"{t['name']} (face-down)"
        shadow_lines.append(f"{shadow_label(i)}: {content}")
    hero_lines = []
    for i, hero in enumerate(state["heroes"]):
        mark = "\u25b6 " if i == state["active_hero"] else "  "
        hero_lines.append(f"{mark}{hero['name']}: Spirit {hero['spirit']}/{hero['max_spirit']}")
    panels = (
        Panel("Shadows", tuple(shadow_lines)),
        Panel("Threat Area", tuple(_threat_line(t, state) for t in state["threat_area"]) or ("empty",)),
        Panel("Heroes", tuple(hero_lines)),
    )

    steps: tuple[tuple[str, str], ...] = ()
    if proc:
        procedure = GAME.procedure(proc["name"])
        steps = tuple(
            (s.text, "done" if i < proc["step"] else "current" if i == proc["step"] else "todo")
            for i, s in enumerate(procedure.steps)
        )

    headline = f"Kreel Manor \u00b7 Round {state['round']}"
    if len(state["heroes"]) > 1:
        headline += f" \u00b7 {active_hero(state)['name']}"
    over = state["over"]["text"] if state.get("over") else None
    return GameView(headline, phase, step_text, step_kind, tuple(tracks), facts, panels, steps, over)
