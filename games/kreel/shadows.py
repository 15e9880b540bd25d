"""The Shadows a card reaches: revealed in place, or opened to a hero's Actions.

The Glossary's Shadows ("Heroes cannot target Shadows ... unless otherwise
stated"; "Threats can still target Shadows") and Reveal ("When this card is
revealed (usually in the Threat phase or from being Scouted)"). The Shadows
themselves are a face-down queue (:mod:`games.core.queue`) filled by the
Threat phase (:mod:`games.kreel.threat_phase`); which of them a command may
target is :func:`games.kreel.threat_area.shadow_refusal`.
"""

from __future__ import annotations

from games.core import Context, RuleError
from games.kreel.state import Threat, hero_in_play
from games.kreel.stories import place_story
from games.kreel.threat_area import shadow_label
from games.kreel.threat_phase import summary, turn_face_up


def face_down_shadow(state: dict, space: int, to: str) -> Threat:
    """The face-down Threat in the Shadows' Sneak ``space`` (1-3), or the
    refusal, ending with what it was wanted ``to`` do ("to Scout (Using
    Actions, Scout)")."""
    index = space - 1
    shadows = state["shadows"]
    if index >= len(shadows) or shadows[index] is None or shadows[index]["revealed"]:
        raise RuleError(f"No face-down Shadow {index + 1}"[:42],
                        f"There is no face-down Threat in the Shadows' Sneak {index + 1} space "
                        f"{to}.")
    return shadows[index]


def reveal_shadow(ctx: Context) -> None:
    """A card reveals a Shadow in place, not a Use (Glossary, Reveal: "When this
    card is revealed (usually in the Threat phase or from being Scouted)", and
    effects such as 'Reveal all Shadows'): it turns face-up in its space, its
    values entered like a reveal, and its Reveal abilities trigger now."""
    index = ctx.params["shadow"] - 1
    threat = face_down_shadow(ctx.state, ctx.params["shadow"], "to reveal (Glossary, Reveal; Shadows)")
    scaled = turn_face_up(ctx, threat, ctx.params)
    ctx.describe(f"{threat['name']} revealed in {shadow_label(index)}: {summary(threat)}{scaled}")
    place_story(ctx, threat)
    ctx.note("Resolve its Reveal abilities")


def shadow_reach(ctx: Context) -> None:
    """A card lets a hero target Shadows, or no longer (Glossary, Shadows:
    "unless otherwise stated (e.g. the Night Raven's Starless Longbow totally
    removes this restriction)"): their Actions may Engage a face-up Shadow and
    their abilities reach the Shadows."""
    hero = ctx.state["heroes"][hero_in_play(ctx.state, ctx.params.get("hero"))]
    hero["shadow_reach"] = ctx.params["on"]
    ctx.describe(f"{hero['name']} {'may' if ctx.params['on'] else 'may no longer'} "
                 "target Shadows")
