"""One file's sheets into the result file v1.2 of the recognition contract.

Every sheet is offered to the trial-balance parser (`osv.parse_osv`); the sheets that are
not trial balances go to the forms parser together (`forms.parse_forms`: a balance may
span two sheets). The job is `done`, `needs_check` when a statement fails a hard control
relation, or `error` with the code `NOT_ACCOUNTING` when nothing was recognised. The
result is checked against its schema (`chalicelib.contracts`) before it is returned: a
result that does not match is our bug, and nothing downstream ever sees it.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import uuid
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING, Any

from chalicelib.contracts import LATEST_RESULT_VERSION, validate_result
from chalicelib.errors import TerminalError, UnsupportedFormatError
from chalicelib.statements.forms import parse_forms
from chalicelib.statements.osv import parse_osv

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from pathlib import Path

    from chalicelib.statements.grid import Sheet

# What `file.format` may say; the workbook formats are read here, PDF in the pipeline.
WORKBOOK_FORMATS = ("xlsx", "xls", "xlsb", "ods")
FILE_FORMATS = (*WORKBOOK_FORMATS, "pdf")
NOT_ACCOUNTING = "NOT_ACCOUNTING"
NOT_ACCOUNTING_MESSAGE = (
    "Nothing in this file looks like a 1C trial balance (оборотно-сальдовая ведомость) or "
    "an accounting statement (balance sheet, income statement, their notes)."
)
PDF_FROM_CLI_MESSAGE = (
    "PDF statements are recognised by the pipeline after their text is extracted; "
    "locally, send the XLSX, XLS, XLSB or ODS file."
)
# How many hexadecimal digits of the file's SHA-256 make a local file's id.
_LOCAL_FILE_ID_DIGITS = 16


@dataclass(frozen=True)
class Parsers:
    """The recognisers a result is built with: a trial balance per sheet, forms per workbook."""

    osv: Callable[[Sheet], dict[str, Any] | None]
    forms: Callable[[list[Sheet]], list[dict[str, Any]]]


REAL_PARSERS = Parsers(osv=parse_osv, forms=parse_forms)


def engine_name() -> str:
    """`contract-check <version>`: what recognised the file."""
    try:
        return f"contract-check {version('contract-check')}"
    except PackageNotFoundError:  # chalicelib copied into a Lambda layer without metadata
        return "contract-check"


def _utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def recognize_sheets(
    sheets: Sequence[Sheet],
    *,
    file_name: str,
    file_format: str,
    file_id: str | None = None,
    job_id: str | None = None,
    size: int | None = None,
    sha256: str | None = None,
    parsers: Parsers | None = None,
    clock: Callable[[], dt.datetime] = _utc_now,
    validate: bool = True,
) -> dict[str, Any]:
    """The result file v1.2 of one file's sheets, checked against its schema.

    `validate=False` leaves the check to the caller: the pipeline's Check step validates
    the file it writes, once (the check is most of the time a large ОСВ takes).
    """
    started_at = clock()
    parsers = parsers or REAL_PARSERS
    documents = _recognize(list(sheets), parsers)
    if documents:
        status = "needs_check" if any(map(_fails_a_hard_relation, documents)) else "done"
        error = None
    else:
        status, error = "error", {"code": NOT_ACCOUNTING, "message": NOT_ACCOUNTING_MESSAGE}
    return _result(
        file=_file(file_name, file_format, file_id=file_id, size=size, sha256=sha256),
        job_id=job_id,
        status=status,
        started_at=started_at,
        finished_at=clock(),
        documents=documents,
        error=error,
        validate=validate,
    )


def error_result(
    error: TerminalError,
    *,
    file_name: str,
    file_format: str,
    file_id: str | None = None,
    job_id: str | None = None,
    size: int | None = None,
    sha256: str | None = None,
    clock: Callable[[], dt.datetime] = _utc_now,
) -> dict[str, Any]:
    """The result file v1.2 of a file that could not be read: status `error`, its code."""
    now = clock()
    return _result(
        file=_file(file_name, file_format, file_id=file_id, size=size, sha256=sha256),
        job_id=job_id,
        status="error",
        started_at=now,
        finished_at=now,
        documents=[],
        error={"code": error.code, "message": error.message},
    )


def recognize_file(path: Path, *, parsers: Parsers | None = None) -> dict[str, Any]:
    """The result file v1.2 of a local workbook (the `recognize` command).

    A file that cannot be read (damaged, encrypted, too large, hostile) gives a result with
    status `error` and the reader's code; a file whose name is not a workbook's or a PDF's
    raises UnsupportedFormatError (no result can name its format).
    """
    # python-calamine is in the extract layer only: the reader is imported where it runs.
    from chalicelib.statements.workbook import read_workbook  # noqa: PLC0415

    file_format = path.suffix.lower().removeprefix(".")
    if file_format not in FILE_FORMATS:
        raise UnsupportedFormatError(
            "Not a workbook: send XLSX, XLS, XLSB or ODS (PDF statements go through the pipeline)."
        )
    data = path.read_bytes()
    sha256 = hashlib.sha256(data).hexdigest()
    file_id = sha256[:_LOCAL_FILE_ID_DIGITS]  # the same file, the same id
    failure: TerminalError | None = None
    if file_format == "pdf":
        failure = UnsupportedFormatError(PDF_FROM_CLI_MESSAGE)
    started_at = _utc_now()
    try:
        sheets = [] if failure else read_workbook(data, file_format)
    except TerminalError as exc:
        failure = exc
    if failure is not None:
        return error_result(
            failure,
            file_name=path.name,
            file_format=file_format,
            file_id=file_id,
            size=len(data),
            sha256=sha256,
        )
    return recognize_sheets(
        sheets,
        file_name=path.name,
        file_format=file_format,
        file_id=file_id,
        size=len(data),
        sha256=sha256,
        parsers=parsers,
        clock=_clock_started_at(started_at),
    )


def _clock_started_at(started_at: dt.datetime) -> Callable[[], dt.datetime]:
    """A clock whose first reading is `started_at`: reading the file is part of the job."""
    readings = [started_at]

    def clock() -> dt.datetime:
        return readings.pop() if readings else _utc_now()

    return clock


def _recognize(sheets: list[Sheet], parsers: Parsers) -> list[dict[str, Any]]:
    """Trial balances sheet by sheet, then the forms among the other sheets, in sheet order."""
    documents: list[dict[str, Any]] = []
    rest: list[Sheet] = []
    for sheet in sheets:
        document = parsers.osv(sheet)
        if document is None:
            rest.append(sheet)
        else:
            documents.append(document)
    if rest:
        documents.extend(parsers.forms(rest))
    order = {sheet.name: index for index, sheet in enumerate(sheets)}
    return sorted(documents, key=lambda document: _first_sheet_index(document, order))


def _first_sheet_index(document: dict[str, Any], order: dict[str, int]) -> int:
    """Where a document starts among the sheets (after every sheet when it does not say)."""
    locator = document.get("locator")
    places = locator if isinstance(locator, list) else [locator]
    indexes = [
        order[place["sheet"]]
        for place in places
        if isinstance(place, dict) and place.get("sheet") in order
    ]
    return min(indexes, default=len(order))


def _fails_a_hard_relation(document: dict[str, Any]) -> bool:
    """A statement whose checks found a hard control relation that does not hold."""
    checks = document.get("checks")
    return isinstance(checks, dict) and bool(checks.get("relations_failed"))


def _file(
    name: str, file_format: str, *, file_id: str | None, size: int | None, sha256: str | None
) -> dict[str, Any]:
    return {
        "file_id": file_id or uuid.uuid4().hex,
        "name": name,
        "format": file_format,
        "size": size,
        "sha256": sha256,
    }


def _result(
    *,
    file: dict[str, Any],
    job_id: str | None,
    status: str,
    started_at: dt.datetime,
    finished_at: dt.datetime,
    documents: list[dict[str, Any]],
    error: dict[str, str] | None,
    validate: bool = True,
) -> dict[str, Any]:
    """The result file, checked against the schema of its version before anyone sees it."""
    result: dict[str, Any] = {
        "schema_version": LATEST_RESULT_VERSION,
        "file": file,
        "job": {
            "job_id": job_id or str(uuid.uuid4()),
            "status": status,
            "started_at": started_at.isoformat(),
            "finished_at": finished_at.isoformat(),
            "engine": engine_name(),
        },
        "documents": documents,
    }
    if error is not None:
        result["error"] = error
    if validate:
        validate_result(result)
    return result


def summary_lines(result: dict[str, Any]) -> list[str]:
    """A result for people, one line each: the job, then per document what was found, its
    rows or lines, the trial balance's totals and the checks that failed."""
    file, job = result["file"], result["job"]
    documents: list[dict[str, Any]] = result["documents"]
    lines = [f"{file['name']}: {job['status']}, {_count(len(documents), 'document')}"]
    if "error" in result:
        lines.append(f"  error {result['error']['code']}: {result['error']['message']}")
    for document in documents:
        if document.get("kind") == "osv":
            lines += _osv_summary(document)
        elif document.get("kind") == "statement":
            lines += _statement_summary(document)
        else:
            lines.append(f"  a document of kind {document.get('kind')!r}")
    return lines


_SUMS = ("opening", "turnover", "closing")


def _osv_summary(document: dict[str, Any]) -> list[str]:
    header = document["header"]
    rows: list[dict[str, Any]] = document["rows"]
    contracts = sum(len(row.get("contracts", [])) for row in rows)
    title = f"ОСВ {header.get('account') or '?'}"
    where = _where(document.get("locator"))
    period = header.get("period_text") or "period not printed"
    lines = [
        f"  {title}{where}, {period}: {_count(len(rows), 'row')}"
        f", {_count(contracts, 'contract row')}"
    ]
    totals = document.get("totals")
    if totals:
        sums = "; ".join(
            f"{key} Dt {totals[f'{key}_debit'] or '0'} Ct {totals[f'{key}_credit'] or '0'}"
            for key in _SUMS
        )
        lines.append(f"    totals: {sums}")
    else:
        lines.append("    totals: no «Итого» row")
    invalid = [row for row in rows if row.get("inn_valid") is False]
    if invalid:
        lines.append(f"    {_count(len(invalid), 'ИНН')} failing the control digits")
    lines += [f"    warning: {warning}" for warning in document.get("warnings", [])]
    return lines


def _statement_summary(document: dict[str, Any]) -> list[str]:
    form = document.get("form_code") or "no form code"
    period = document["period"].get("text") or "period not printed"
    described = f"  {document['document_type']} ({form}){_where(document.get('locator'))}"
    counted = ""
    if "lines" in document:
        counted = f": {_count(len(document['lines']), 'line')}"
        counted += f", {_count(len(document.get('columns', [])), 'column')}"
    units = f", {document['units']}" if document.get("units") else ""
    lines = [f"{described}, {period}{units}{counted}"]
    checks = document.get("checks")
    if checks is None:
        if document["document_type"] in _CHECKED_FORMS:
            lines.append("    checks: not checked")
    else:
        hard, soft = checks["relations_failed"], checks["soft_relations_failed"]
        duplicates = checks["duplicate_line_codes"]
        lines.append(
            f"    checks: {len(hard)} failed, {len(soft)} soft"
            + (f", duplicate codes {', '.join(duplicates)}" if duplicates else "")
        )
        lines += [f"    failed: {_relation(failed)}" for failed in hard]
        lines += [f"    soft: {_relation(failed)}" for failed in soft]
    lines += [f"    warning: {warning}" for warning in document.get("warnings", [])]
    return lines


_CHECKED_FORMS = ("BALANCE", "INCOME")


def _relation(failed: dict[str, Any]) -> str:
    return (
        f"column {failed['column_index'] + 1}, {failed['relation']}:"
        f" expected {failed['expected']}, actual {failed['actual']}"
    )


def _where(locator: object) -> str:
    places = locator if isinstance(locator, list) else [locator] if locator else []
    shown = [f"{place['sheet']}!{place['range']}" for place in places if isinstance(place, dict)]
    return f" [{', '.join(shown)}]" if shown else ""


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"
