"""`contract-check recognize FILE… [--json OUT]`: trial balances and statements, no cloud.

Each file is recognised on this machine (the same code the pipeline runs) and summarised:
its documents, their rows or lines, the trial balances' totals and the checks that failed.
`--json OUT` writes each file's result file v1.2: with one file OUT is that file; with
several, OUT is a directory that gets `<file name>.result.json` per file (each a result
file of its own, valid against the schema, rather than a list no schema describes).

Exit codes: 0 when every file was recognised (done or needs_check), 1 when any ended in
error, 2 when a file is missing or OUT cannot be used.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any, TextIO

from chalicelib.errors import TerminalError
from chalicelib.statements.result import recognize_file, summary_lines

if TYPE_CHECKING:
    from pathlib import Path

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
RESULT_SUFFIX = ".result.json"


def result_paths(files: list[Path], out: Path) -> list[Path]:
    """Where each file's result goes: OUT itself for one file, else OUT/<name>.result.json
    (a name taken twice gets `-2`, `-3`, … before the suffix)."""
    if len(files) == 1 and not out.is_dir():
        return [out]
    paths: list[Path] = []
    taken: set[str] = set()
    for file in files:
        name, number = file.name + RESULT_SUFFIX, 1
        while name in taken:
            number += 1
            name = f"{file.name}-{number}{RESULT_SUFFIX}"
        taken.add(name)
        paths.append(out / name)
    return paths


def run_recognize(
    files: list[Path], json_out: Path | None = None, *, stdout: TextIO | None = None
) -> int:
    """Recognise each file, print its summary, write the results when asked; the exit code."""
    stdout = stdout or sys.stdout
    stderr = sys.stderr
    missing = [str(file) for file in files if not file.is_file()]
    if missing:
        print(f"no such file: {', '.join(missing)}", file=stderr)
        return EXIT_USAGE
    destinations: list[Path | None] = [None] * len(files)
    if json_out is not None:
        if len(files) > 1:
            if json_out.exists() and not json_out.is_dir():
                print(f"--json {json_out}: several files need a directory", file=stderr)
                return EXIT_USAGE
            json_out.mkdir(parents=True, exist_ok=True)
        destinations = [*result_paths(files, json_out)]
    failed = False
    for index, (file, destination) in enumerate(zip(files, destinations, strict=True)):
        if index:
            print(file=stdout)
        result = _recognized(file, stdout)
        if result is None or result["job"]["status"] == "error":
            failed = True
        if result is not None and destination is not None:
            _write(result, destination)
            print(f"  wrote {destination}", file=stdout)
    return EXIT_FAILED if failed else EXIT_OK


def _recognized(file: Path, stdout: TextIO) -> dict[str, Any] | None:
    """The file's result with its summary printed, or None (why printed) when there is none."""
    try:
        result = recognize_file(file)
    except TerminalError as exc:  # a file that is no workbook at all: no result names it
        print(f"{file.name}: error {exc.code}: {exc.message}", file=stdout)
        return None
    for line in summary_lines(result):
        print(line, file=stdout)
    return result


def _write(result: dict[str, Any], destination: Path) -> None:
    destination.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(result, ensure_ascii=False, indent=2) + "\n"
    destination.write_text(text, encoding="utf-8")
