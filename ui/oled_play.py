"""The game on the OLED: the focused track's value large, the current step with its
phase above it, and two or three key facts on the bottom line; the result when
the game is over, and the title before one is chosen."""

from __future__ import annotations

from collections.abc import Sequence

from games.core.views import GameView, TrackView
from ui.oled_canvas import OFF, ON, Canvas, large, medium, small
from ui.oled_layout import (
    BOTTOM_RULE,
    LINE,
    MID_Y,
    TOP_Y,
    draw_keys,
    draw_paragraph,
    draw_step_lines,
    draw_top_line,
    paragraph_fits,
    step_lines,
)
from ui.text import fit

# Words left out of a phase's tag ("II. During the Day" -> "During").
_FILLER = {"the", "of", "a", "an", "phase"}


def phase_tag(phase: str) -> str:
    """A short name for the phase on the step line: its first word that says
    something, without the rulebook's number ("2. Threat Phase" -> "Threat",
    "II. During the Day" -> "During"), at most 8 characters ("Encount.")."""
    words = [w for w in phase.replace(":", " ").split() if w.lower() not in _FILLER]
    if words and (words[0].rstrip(".").isdigit() or set(words[0].rstrip(".")) <= set("IVX")):
        words = words[1:]
    if not words:
        return ""
    word = words[0]
    return word if len(word) <= 8 else word[:7] + "."


def _focused_track(game: GameView, focus: str | None) -> TrackView | None:
    for track in game.tracks:
        if track.key == focus:
            return track
    return game.tracks[0] if game.tracks else None


def _facts_width(facts: Sequence[tuple[str, str]], gap_inner: int, gap_outer: int) -> int:
    measure = small().measure
    return (sum(measure(label) + gap_inner + measure(value) for label, value in facts)
            + gap_outer * (len(facts) - 1))


def _draw_facts(canvas: Canvas, facts: Sequence[tuple[str, str]]) -> None:
    """The bottom line: up to three ``label value`` pairs, whole. When three do not fit,
    two are shown (the screen's strip and help have them all); a pair still too long
    ends in an ellipsis rather than lose letters unmarked ("Shad 2/3")."""
    face = small()
    y = canvas.y1 - face.height + 1
    canvas.rule(y - 2)
    gap_inner = 3  # between a label and its value
    gap_outer = 6  # between two facts
    facts = list(facts)[:3]
    while len(facts) > 1 and _facts_width(facts, gap_inner, gap_outer) > canvas.width:
        facts.pop()
    if not facts:
        return
    spare = canvas.width - _facts_width(facts, gap_inner, gap_outer)
    spread = max(0, spare) // max(1, len(facts) - 1) if len(facts) > 1 else 0
    x = canvas.x0
    for label, value in facts:
        if label:
            x += canvas.text(x, y, f"{label} {value}" if spare < 0 else label, face, canvas.x1 - x + 1)
            x += gap_inner
        if spare >= 0 or not label:
            x += canvas.text(x, y, value, face, canvas.x1 - x + 1)
        x += gap_outer + spread


def _draw_track(
    canvas: Canvas, track: TrackView, y0: int, y1: int, position: int = 0, count: int = 1
) -> None:
    """The focused track: the value big on the left, label, /max and a meter on the right.

    With several tracks, dots right of /max show which one the dial turns (filled).
    Under a two-line step (a short band) the label and /max share a line.
    """
    value = str(track.value)
    ink_w, ink_h = canvas.big(canvas.x0, y0 + 1, value, canvas.width // 2, y1 - y0 - 1)
    x = canvas.x0 + ink_w + 6
    room = canvas.x1 - x + 1
    line_face = small()
    if y1 - y0 >= 26:
        label_face = medium()
        canvas.text(x, y0, track.label, label_face, room)
        max_y = y0 + label_face.height + 1
        max_w = canvas.text(x, max_y, f"/{track.high}", line_face, room)
        dots_y, dots_x0 = max_y + 5, x + max_w + 4
    else:
        canvas.text(x, y0, f"{track.label} /{track.high}", line_face, room)
        dots_y, dots_x0 = y0 + line_face.height + 1, x
    dots = min(count, (canvas.x1 - dots_x0 + 2) // 5)
    if dots > 1:
        first = max(0, min(position - dots + 1, count - dots))
        dot_x = canvas.x1 - dots * 5 + 3
        for i in range(first, first + dots):
            fill = ON if i == position else None
            canvas.box(dot_x, dots_y, dot_x + 2, dots_y + 2, fill=fill, outline=ON)
            dot_x += 5
    # A meter under the label: where the value stands between low and high.
    span = max(1, track.high - track.low)
    filled = max(0.0, min(1.0, (track.value - track.low) / span))
    meter_y1 = y1
    meter_y0 = max(y1 - 3, dots_y + 4)
    if meter_y1 - meter_y0 < 2:
        return
    canvas.box(x, meter_y0, canvas.x1, meter_y1, fill=None, outline=ON)
    inner = canvas.x1 - x - 1
    fill_to = x + 1 + round(inner * filled) - 1
    if fill_to >= x + 1:
        canvas.box(x + 1, meter_y0 + 1, fill_to, meter_y1 - 1, fill=ON, outline=None)


def _draw_track_line(canvas: Canvas, track: TrackView, y: int, position: int, count: int) -> None:
    """The focused track on one small line: "Spirit 7/10", inverted, and the dots of the others."""
    face = small()
    text = f"{track.label} {track.value}/{track.high}"
    w = face.measure(fit(text, face.measure, canvas.width - 20))
    canvas.box(canvas.x0, y, canvas.x0 + w + 3, y + face.height - 1, fill=ON, outline=None)
    canvas.text(canvas.x0 + 2, y, text, face, canvas.width - 20, fill=OFF)
    dots = min(count, (canvas.x1 - (canvas.x0 + w + 8)) // 5)
    if dots > 1:
        first = max(0, min(position - dots + 1, count - dots))
        dot_x = canvas.x1 - dots * 5 + 3
        for i in range(first, first + dots):
            canvas.box(dot_x, y + 5, dot_x + 2, y + 7, fill=ON if i == position else None, outline=ON)
            dot_x += 5


def draw_game(canvas: Canvas, game: GameView, focus: str | None) -> None:
    track = _focused_track(game, focus)
    mid_y1 = BOTTOM_RULE - 2
    if track is not None:
        step = game.step or (game.headline if not game.phase else "")
        tag = phase_tag(game.phase) if game.step else ""
        lines = step_lines(tag, step or game.phase)
        if lines <= 2:
            rule = draw_step_lines(canvas, tag, step or game.phase)
            _draw_track(canvas, track, rule + 2, mid_y1, game.tracks.index(track), len(game.tracks))
        elif lines == 3:  # the focused value on one small line under the step
            draw_step_lines(canvas, tag, step, max_lines=3)
            canvas.clear(canvas.x0, TOP_Y + 3 * LINE, canvas.x1, BOTTOM_RULE - 1)
            _draw_track_line(canvas, track, TOP_Y + 3 * LINE, game.tracks.index(track), len(game.tracks))
        else:  # a long step takes the middle; the focused value moves to the bottom line
            draw_step_lines(canvas, tag, step, max_lines=4)
            facts = ((track.label, str(track.value)), *game.facts)[:3]
            _draw_facts(canvas, facts)
            return
    else:
        text = game.step or game.headline  # never an empty body
        if paragraph_fits(canvas, text, MID_Y, mid_y1):
            draw_top_line(canvas, game.phase or game.headline)
            draw_paragraph(canvas, text, MID_Y, mid_y1)
        else:  # a long step: from the top, after the phase's tag
            draw_step_lines(canvas, phase_tag(game.phase), text, max_lines=4)
    _draw_facts(canvas, game.facts)


def draw_game_over(canvas: Canvas, game: GameView) -> None:
    """The result inverted over the middle, whole (smaller type before any cut; without
    the headline above it if it needs the room); the bottom line says what is left to do:
    undo, or the game list."""
    y0, y1 = MID_Y - 1, BOTTOM_RULE
    if paragraph_fits(canvas, game.over or "", y0 + 1, y1 - 1, inset=2):
        draw_top_line(canvas, game.headline)
    else:
        y0 = canvas.y0
    canvas.box(canvas.x0, y0, canvas.x1, y1, fill=ON, outline=ON)
    draw_paragraph(canvas, game.over or "", y0 + 1, y1 - 1, fill=OFF, inset=2)
    draw_keys(canvas, ("undo", "hold back:games"), rule=False)


def draw_title(canvas: Canvas, title: str, tray: str) -> None:
    face = large()
    y = (canvas.y0 + canvas.y1 + 1 - face.height) // 2 - 4
    canvas.centered(y, title, face, canvas.x0, canvas.x1)
    canvas.draw.line((canvas.x0 + 16, y - 5, canvas.x1 - 16, y - 5), fill=ON)
    canvas.draw.line((canvas.x0 + 16, y + face.height + 4, canvas.x1 - 16, y + face.height + 4), fill=ON)
    if tray:
        line_face = small()
        canvas.centered(canvas.y1 - line_face.height + 1, tray, line_face, canvas.x0, canvas.x1)
