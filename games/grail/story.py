"""The shared Save Sheet's Statuses and the Active Quests ("Statuses and Save
Sheet"; "Events, Quests, and Tasks").

Statuses: "As you Travel, complete Quests, and solve Tasks, you are often asked
to mark a Status on the Save Sheet ... a single Save Sheet is shared by all
players". The rulebook names one Status itself, "Saved by the Goddess"
("Allmother's Mercy"), so the form offers it beside "other (type it)"; every
other Status is typed as the card names it (the dials type text).

Quests: "When you draw a card with a Quest, read it and place it in the Active
Quests pile ... Never remove a card containing a Quest unless clearly
instructed." The box keeps the pile as a list of names (``quest_list``);
``quests``, the count, is always its length (an invariant). Correcting the
count by hand (the older way) adds unnamed Quests or drops the last ones.
"""

from __future__ import annotations

from games.core import Context, RuleError

OTHER = "other (type it)"
# "Allmother's Mercy": the one Status the rulebook names.
NAMED_STATUSES = ("Saved by the Goddess",)
STATUS_LENGTH = 40
QUEST_LENGTH = 30
QUEST_ENDINGS = ("completed", "removed")


def _typed(ctx: Context, name: str, what: str) -> str:
    text = " ".join(ctx.params[name].split())
    if not text:
        raise RuleError(f"Type the {what}", f"Type the {what} as the card names it.")
    return text


def status(ctx: Context) -> None:
    """"Statuses and Save Sheet": mark a Status on the shared Save Sheet (once)."""
    named = ctx.params.get("named") or OTHER
    text = named if named != OTHER else _typed(ctx, "status", "Status")
    if text in ctx.state["statuses"]:
        raise RuleError("Already marked", f"The Save Sheet already has the Status {text!r}.")
    ctx.state["statuses"].append(text)
    ctx.note(f"Status marked: {text}")


def statuses_marked(state: dict) -> tuple[str, ...]:
    return tuple(state["statuses"])


def unmark_status(ctx: Context) -> None:
    """Erase a Status from the Save Sheet, when a card says so (or it was marked by mistake)."""
    text = ctx.params["status"]
    ctx.state["statuses"].remove(text)
    ctx.note(f"Status erased: {text}")


def active_quests(state: dict) -> tuple[str, ...]:
    return tuple(state["quest_list"])


def add_quest(ctx: Context) -> None:
    """"Events, Quests, and Tasks": a card with a Quest goes to the Active Quests pile."""
    text = _typed(ctx, "quest", "Quest")
    if text in ctx.state["quest_list"]:
        raise RuleError("Quest already active", f"{text!r} is already in the Active Quests pile.")
    ctx.state["quest_list"].append(text)
    ctx.state["quests"] = len(ctx.state["quest_list"])
    ctx.note(f"Quest active: {text}")


def complete_quest(ctx: Context) -> None:
    """A Quest leaves the Active Quests pile: completed, or as its card instructs
    ("Never remove a card containing a Quest unless clearly instructed")."""
    text = ctx.params["quest"]
    ctx.state["quest_list"].remove(text)
    ctx.state["quests"] = len(ctx.state["quest_list"])
    ctx.note(f"Quest {ctx.params['how']}: {text}")


def settle_quests(ctx: Context) -> None:
    """After a correction of the count: unnamed Quests added, or the last ones dropped."""
    pile, count = ctx.state["quest_list"], ctx.state["quests"]
    while len(pile) < count:
        n = len(pile) + 1
        while f"Quest {n}" in pile:
            n += 1
        pile.append(f"Quest {n}")
    del pile[count:]
