"""``tablewarden``: run the box, and read or move its saved games.

  tablewarden run [--hardware pi|sim] [--headless] [--data-dir D] [--config F]
                  [--script S] [--frames F] [--seed N]
  tablewarden state  [--data-dir D] [--json]
  tablewarden games  [--data-dir D]
  tablewarden export [--data-dir D] [--slot N] [-o FILE]
  tablewarden import FILE [--data-dir D]
  tablewarden doctor [--hardware pi|sim] [--config F] [--data-dir D] [--json]
  tablewarden report [--hardware pi|sim] [--config F] [--data-dir D] [--log FILE] [-o FILE]

Exit status: 0 on success, 2 for bad input (a config or script error names
the key or line), 1 when the service itself failed.

This module is the argument parsing and the dispatch. The subcommands live
in ``app.cli_run`` (run), ``app.cli_saves`` (state, games, export, import) and
``app.cli_checks`` (doctor, report), what they share in ``app.cli_common``.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys

from app.cli_checks import cmd_doctor, cmd_report
from app.cli_common import APP, default_data_dir, fail
from app.cli_run import cmd_run
from app.cli_saves import cmd_export, cmd_games, cmd_import, cmd_state
from app.config import ConfigError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=APP, description="Keeps the books beside a board game.")
    parser.add_argument("-v", "--verbose", action="store_true", help="log debug messages")
    sub = parser.add_subparsers(dest="command", required=True)

    def with_data_dir(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
        p.add_argument("--data-dir", default=os.environ.get("TABLEWARDEN_DATA_DIR") or default_data_dir(),
                       help="where the journal lives (default: the platform's user data dir)")
        return p

    def with_box(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
        p.add_argument("--hardware", choices=("pi", "sim"),
                       help="default: pi on a Raspberry Pi, sim elsewhere")
        p.add_argument("--config", help="config TOML (default: /etc/tablewarden/config.toml on the Pi)")
        return p

    run = with_box(with_data_dir(sub.add_parser("run", help="start the service")))
    run.add_argument("--headless", action="store_true", help="no window, even where a display exists")
    run.add_argument("--script", help="a control script (JSON Lines) to drive the simulated box")
    run.add_argument("--frames", help="where script 'snap' lines write PNG frames")
    run.add_argument("--seed", type=int, help="seed for new games (default: the time)")
    run.set_defaults(func=cmd_run)

    state = with_data_dir(sub.add_parser("state", help="print the active game"))
    state.add_argument("--json", action="store_true", help="one JSON object")
    state.set_defaults(func=cmd_state)

    games = with_data_dir(sub.add_parser("games", help="list the save slots"))
    games.set_defaults(func=cmd_games)

    export = with_data_dir(sub.add_parser("export", help="write a game as JSON"))
    export.add_argument("--slot", type=int, help="default: the active game")
    export.add_argument("-o", "--output", help="default: standard output")
    export.set_defaults(func=cmd_export)

    imp = with_data_dir(sub.add_parser("import", help="add a game from an exported JSON file"))
    imp.add_argument("file")
    imp.set_defaults(func=cmd_import)

    for name, func, text in (("doctor", cmd_doctor, "check the box's parts and say what to fix"),
                             ("report", cmd_report, "bundle log, config, game and doctor into one file")):
        check = with_box(with_data_dir(sub.add_parser(name, help=text)))
        check.set_defaults(func=func)
        if name == "doctor":
            check.add_argument("--json", action="store_true", help="the findings as JSON")
        else:
            check.add_argument("--log", help="a log file to include (default: journald's, if any)")
            check.add_argument("-o", "--output", help="default: tablewarden-report-<time>.zip here")
    return parser


def main(argv: list[str] | None = None) -> int:
    from store.journal import JournalError, StorageError

    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    try:
        return args.func(args)
    except ConfigError as err:
        return fail(str(err))
    except StorageError as err:
        return fail(err.long, 1)
    except JournalError as err:
        return fail(str(err), 1)


if __name__ == "__main__":
    sys.exit(main())
