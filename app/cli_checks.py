"""``tablewarden doctor | report``: what the box's parts say, for the person fixing it.

The doctor prints its findings; the report bundles them with the log, the
config and the active game into one file to send.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from app.cli_common import config_path, data_dir, hardware
from app.cli_saves import reading


def _diagnose(args):
    from app.doctor import diagnose

    box = hardware(args)
    path = config_path(args, box, must_exist=False)
    return box, path, diagnose(path, data_dir(args), box)


def cmd_doctor(args) -> int:
    from app.doctor import as_dicts, failed, format_findings

    _, _, findings = _diagnose(args)
    print(json.dumps(as_dicts(findings), indent=1) if args.json else format_findings(findings))
    return 1 if failed(findings) else 0


def cmd_report(args) -> int:
    from app.report import write_report
    from store.backup import is_healthy
    from store.journal import JOURNAL_FILE

    box, path, findings = _diagnose(args)
    export = None
    if is_healthy(data_dir(args) / JOURNAL_FILE):  # a damaged journal is the doctor's to report
        with reading(args) as journal:
            export = journal.export_game() if journal.active_slot is not None else None
    output = Path(args.output or time.strftime("tablewarden-report-%Y%m%d-%H%M%S.zip"))
    write_report(output, findings=findings, hardware=box, config_path=path, export=export,
                 log_file=Path(args.log) if args.log else None)
    print(f"report written to {output}")
    return 0
