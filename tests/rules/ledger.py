"""The rules ledgers: every line of each rulebook mapped to what the box does with it.

``docs/rules/<game-id>.toml`` lists entries, each covering line ranges of
``docs/rules/rulebooks/<game-id>.md`` (a copy of ``../shared/rules/``, the
authority, so the check runs on any clone; tests/rules/test_ledger.py
checks the copy against the original where it is present):

    [[entry]]
    lines = ["120-134", "140"]       # inclusive, 1-based
    status = "automated"             # see STATUSES
    what = "Night: Gloom"            # the rule, in a few words
    tests = ["tests/games/kilforth/test_night.py::test_gloom_flips_a_location"]
    steps = ["night.gloom"]          # prompted/reminder: "<procedure>.<step id>"
    commands = ["engage"]            # prompted: a command the player answers with
    why = "card text"                # players/components/flavour: why the box does not apply it
    follows = "body"                 # a summary that differs from the body: which text the box follows
    edges = ["tests/games/kilforth/test_edges_night.py::test_gloom_at_zero"]
                                     # automated: the tests of the rule's edges (zero, the limit and
                                     # past it, ties, order, the last hero, each variant and player
                                     # count), their expected values written from the rulebook alone
    edges = "none"                   # ... or no such edge, and then
    edges_why = "a plain count"      # why not

An automated entry without ``edges`` is *claimed*, not yet audited for its
edges: :func:`problems` accepts it (the audit is under way), ``make
rules-ledger`` counts it, and :func:`edge_problems` names it.

``python -m tests.rules.ledger`` (``make rules-ledger``) prints the coverage
per game; :func:`problems` is what the test asserts empty.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LEDGERS = ROOT / "docs" / "rules"
RULEBOOKS = LEDGERS / "rulebooks"
GAME_IDS = ("gloom-of-kilforth", "kreel-manor", "myth-dark-frontier", "tainted-grail")
STATUSES = ("automated", "prompted", "reminder", "players", "components", "flavour")
RANGE = re.compile(r"(\d+)(?:-(\d+))?")


@dataclass
class Entry:
    lines: list[int]
    status: str
    what: str
    tests: list[str] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)
    commands: list[str] = field(default_factory=list)
    why: str = ""
    index: int = 0
    edges: list[str] | str | None = None  # tests, "none" (with edges_why), or not audited yet
    edges_why: str = ""


def rulebook_lines(game_id: str) -> list[str]:
    return (RULEBOOKS / f"{game_id}.md").read_text(encoding="utf-8").split("\n")


def _parse_lines(spec: object, where: str, problems: list[str]) -> list[int]:
    specs = spec if isinstance(spec, list) else [spec]
    lines: list[int] = []
    for item in specs:
        match = RANGE.fullmatch(str(item).strip())
        if not match:
            problems.append(f"{where}: lines {item!r} is not N or N-M")
            continue
        first, last = int(match.group(1)), int(match.group(2) or match.group(1))
        if last < first:
            problems.append(f"{where}: lines {item!r} runs backwards")
        lines += range(first, last + 1)
    return lines


def ledger_path(game_id: str) -> Path:
    """The finished ledger, else the draft being written (docs/rules/drafts/)."""
    path = LEDGERS / f"{game_id}.toml"
    return path if path.exists() else LEDGERS / "drafts" / f"{game_id}.toml"


def finished(game_id: str) -> bool:
    return (LEDGERS / f"{game_id}.toml").exists()


def load(game_id: str, problems: list[str]) -> list[Entry]:
    path = ledger_path(game_id)
    if not path.exists():
        problems.append(f"{game_id}: no ledger at {path.relative_to(ROOT)}")
        return []
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    entries = []
    for index, raw in enumerate(data.get("entry", []), 1):
        where = f"{game_id} entry {index} ({raw.get('what', '?')})"
        unknown = set(raw) - {"lines", "status", "what", "tests", "steps", "commands", "why", "follows",
                              "edges", "edges_why"}
        if unknown:
            problems.append(f"{where}: unknown keys {sorted(unknown)}")
        entry = Entry(_parse_lines(raw.get("lines", []), where, problems), raw.get("status", ""),
                      raw.get("what", ""), list(raw.get("tests", [])), list(raw.get("steps", [])),
                      list(raw.get("commands", [])), raw.get("why", ""), index,
                      raw.get("edges"), raw.get("edges_why", ""))
        entries.append(entry)
    return entries


def _test_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            names |= {f"{node.name}::{item.name}" for item in node.body if isinstance(item, ast.FunctionDef)}
    return names


def _test_exists(node_id: str, cache: dict[Path, set[str]]) -> bool:
    file, _, name = node_id.partition("::")
    path = ROOT / file
    if not name or not path.is_file():
        return False
    if path not in cache:
        cache[path] = _test_names(path)
    return name.split("[")[0] in cache[path]


def _game_names(game_id: str) -> tuple[set[str], set[str]]:
    """The game's "<procedure>.<step>" ids and its command names."""
    sys.path.insert(0, str(ROOT))
    from games.core.registry import get_game

    game = get_game(game_id)
    steps = {f"{procedure.name}.{step.id}" for procedure in game.procedures for step in procedure.steps}
    return steps, {spec.name for spec in game.commands}


def problems(game_id: str) -> list[str]:
    """Everything wrong with one game's ledger; empty when every line is accounted for."""
    found: list[str] = []
    entries = load(game_id, found)
    text = rulebook_lines(game_id)
    steps, commands = _game_names(game_id)
    cache: dict[Path, set[str]] = {}
    owners: dict[int, int] = {}
    for entry in entries:
        where = f"{game_id} entry {entry.index} ({entry.what or '?'})"
        if entry.status not in STATUSES:
            found.append(f"{where}: status {entry.status!r} is not one of {', '.join(STATUSES)}")
        if not entry.what:
            found.append(f"{where}: says nothing in 'what'")
        for line in entry.lines:
            if not 1 <= line <= len(text):
                found.append(f"{where}: line {line} is outside the rulebook (1..{len(text)})")
            elif line in owners:
                found.append(f"{where}: line {line} is also in entry {owners[line]}")
            else:
                owners[line] = entry.index
        if entry.status == "automated" and not entry.tests:
            found.append(f"{where}: automated without a test")
        if entry.status in ("prompted", "reminder") and not (entry.steps or entry.commands):
            found.append(f"{where}: {entry.status} without a step or command")
        if entry.status in ("players", "components", "flavour") and not entry.why:
            found.append(f"{where}: {entry.status} without a 'why'")
        found += _edge_shape(entry, where, cache)
        found += [f"{where}: no test {t}" for t in entry.tests if not _test_exists(t, cache)]
        found += [f"{where}: no step {s}" for s in entry.steps if s not in steps]
        found += [f"{where}: no command {c}" for c in entry.commands if c not in commands]
    missing = [n for n, line in enumerate(text, 1) if line.strip() and n not in owners]
    if missing:
        found.append(f"{game_id}: {len(missing)} lines in no entry: {_ranges(missing)}")
    return found


def _edge_shape(entry: Entry, where: str, cache: dict[Path, set[str]]) -> list[str]:
    """What is malformed in an entry's ``edges``: a test that does not exist, "none" without a
    reason, edges on an entry that is not automated."""
    if entry.edges is None:
        return []
    if entry.status != "automated":
        return [f"{where}: edges on a {entry.status} entry (only automated rules are audited)"]
    if entry.edges == "none":
        return [] if entry.edges_why else [f"{where}: edges = \"none\" without an 'edges_why'"]
    if not isinstance(entry.edges, list) or not entry.edges:
        return [f"{where}: edges is neither a list of tests nor \"none\""]
    return [f"{where}: no edge test {t}" for t in entry.edges if not _test_exists(str(t), cache)]


def edge_audit(game_id: str) -> tuple[int, int, int]:
    """Automated entries with edge tests, with ``edges = "none"``, and in all."""
    ignored: list[str] = []
    automated = [e for e in load(game_id, ignored) if e.status == "automated"]
    tested = sum(1 for e in automated if isinstance(e.edges, list) and e.edges)
    none = sum(1 for e in automated if e.edges == "none")
    return tested, none, len(automated)


def edge_problems(game_id: str) -> list[str]:
    """The automated entries whose edges are not audited yet (no ``edges``), and the edge tests
    whose docstring quotes nothing: an edge test quotes the rulebook line it checks (the one that
    refuses or clamps, when it asserts a refusal or a clamp)."""
    ignored: list[str] = []
    found = []
    for entry in load(game_id, ignored):
        if entry.status != "automated":
            continue
        if entry.edges is None:
            found.append(f"{game_id} entry {entry.index} ({entry.what})")
        elif isinstance(entry.edges, list):
            found += [f"{game_id} entry {entry.index}: {test} quotes no rulebook line"
                      for test in entry.edges if not _quotes(str(test))]
    return found


def _quotes(node_id: str) -> bool:
    file, _, name = node_id.partition("::")
    path = ROOT / file
    if not path.is_file():
        return True  # named missing by problems()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == name.split("[")[0]:
            doc = ast.get_docstring(node) or ""
            return any(mark in doc for mark in ('"', "\u201c", "'"))
    return True


def _ranges(numbers: list[int]) -> str:
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    shown = [f"{a}-{b}" if a != b else str(a) for a, b in runs]
    return ", ".join(shown[:20]) + (" …" if len(shown) > 20 else "")


def coverage(game_id: str) -> tuple[Counter, int, int]:
    """Lines per status, lines in no entry, and the rulebook's non-blank lines."""
    ignored: list[str] = []
    text = rulebook_lines(game_id)
    counts: Counter = Counter()
    covered: set[int] = set()
    for entry in load(game_id, ignored):
        for line in entry.lines:
            if 1 <= line <= len(text) and text[line - 1].strip() and line not in covered:
                counts[entry.status] += 1
                covered.add(line)
    total = sum(1 for line in text if line.strip())
    return counts, total - len(covered), total


def main() -> int:
    for game_id in GAME_IDS:
        counts, missing, total = coverage(game_id)
        share = 100 * (total - missing) / total if total else 0
        state = "" if finished(game_id) else " (draft)"
        print(f"{game_id}{state}: {total - missing}/{total} non-blank lines accounted for ({share:.0f}%)")
        for status in STATUSES:
            print(f"  {status:<11} {counts[status]:>5}")
        print(f"  {'unaccounted':<11} {missing:>5}")
        tested, none, automated = edge_audit(game_id)
        print(f"  edges: {tested} of {automated} automated entries have edge tests, {none} say"
              f" \"none\" (with why), {automated - tested - none} not yet audited")
    return 0


if __name__ == "__main__":
    sys.exit(main())
