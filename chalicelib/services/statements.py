"""The statements branch of the state machine: recognise, check, report.

A counterparty's accounting (Extract stored its cells as `sheets.json`) is recognised
into the result file v1.2 of `chalicelib/contracts`, its control relations checked,
the result file written at `results/{file_id}/{job_id}/result.json` (before the
document says done), and a report made of it. Nothing here runs the contract checklist.
"""

from __future__ import annotations

import json
import logging
from typing import TYPE_CHECKING, Any

from chalicelib.contracts import validate_result
from chalicelib.errors import SchemaMismatchError
from chalicelib.models import DocumentStatus, ExtractedFacts
from chalicelib.ports import StatusChange
from chalicelib.statements.checks import check_statement
from chalicelib.statements.grid import Sheet
from chalicelib.statements.report import findings_summary, render_statement_report
from chalicelib.statements.result import recognize_sheets

if TYPE_CHECKING:
    from chalicelib.keys import ArtifactName, DocumentRef
    from chalicelib.ports import ObjectStore
    from chalicelib.services.pipeline import PipelineSteps

logger = logging.getLogger(__name__)
S = DocumentStatus


def sheets_from_json(text: str) -> list[Sheet]:
    """`sheets.json` (Extract's grid) back into sheets."""
    return [
        Sheet(
            name=str(sheet["name"]),
            rows=[list(row) for row in sheet.get("rows") or []],
            origin=(int(sheet["origin"][0]), int(sheet["origin"][1])),
        )
        for sheet in json.loads(text)
    ]


class StatementSteps:
    """One method per Task state of the statements branch."""

    def __init__(self, *, steps: PipelineSteps, store: ObjectStore) -> None:
        self._steps = steps
        self._store = store

    def recognize(self, ref: DocumentRef) -> dict[str, Any]:
        """The cells into documents (ОСВ and forms), not yet checked: `recognition.json`."""
        self._steps.move(ref, S.PRESCREENING)
        document = self._steps.document(ref)
        facts = ExtractedFacts.model_validate_json(
            self._store.get_text(ref.artifact_key("facts.json"))
        )
        sheets = sheets_from_json(self._store.get_text(ref.artifact_key("sheets.json")))
        result = recognize_sheets(
            sheets,
            file_name=document.filename,
            file_format=facts.format,
            file_id=ref.document_id,
            job_id=ref.execution_name,
            size=document.real_size,
            validate=False,  # the next state validates the file it writes
        )
        if result["job"]["status"] == "error":
            # The result file says why, for a system that reads results; the document fails.
            validate_result(result)
            self._put_result(ref, result)
            message = (result.get("error") or {}).get("message") or ""
            raise SchemaMismatchError(
                "The spreadsheet is not a trial balance or an accounting form we recognise. "
                f"{message}".strip()
            )
        for item in result["documents"]:
            item.pop("checks", None)  # the next state checks
        self._put(ref, "recognition.json", result)
        return {"documents": len(result["documents"])}

    def check(self, ref: DocumentRef) -> dict[str, Any]:
        """The forms' control relations; the result file, written before anything says done."""
        self._steps.move(ref, S.ANALYZING)
        result = json.loads(self._store.get_text(ref.artifact_key("recognition.json")))
        failed = 0
        for item in result["documents"]:
            if item.get("kind") == "statement" and item.get("document_type") in (
                "BALANCE",
                "INCOME",
            ):
                item["checks"] = check_statement(item)
                failed += len(item["checks"].get("relations_failed") or [])
        result["job"]["status"] = "needs_check" if failed else "done"
        validate_result(result)
        self._put_result(ref, result)
        return {"status": result["job"]["status"], "relations_failed": failed}

    def report(self, ref: DocumentRef) -> dict[str, Any]:
        """The statement's report from the result file; the document is done."""
        document = self._steps.document(ref)
        result = json.loads(self._store.get_text(ref.run_result_key))
        markdown, report = render_statement_report(result, document.filename)
        self._store.put_text(
            ref.artifact_key("report.md"),
            markdown,
            content_type="text/markdown",
            expires_with_text=False,
        )
        self._put(ref, "report.json", report)
        summary = findings_summary(report)
        self._steps.move(ref, S.DONE, StatusChange.finished(summary))
        self._steps.finished(
            document.model_copy(update={"status": S.DONE, "findings_summary": summary})
        )
        return {"status": S.DONE.value, "result_status": report["status"], "findings": summary}

    def _put(self, ref: DocumentRef, name: ArtifactName, body: dict[str, Any]) -> None:
        self._store.put_text(
            ref.artifact_key(name),
            json.dumps(body, ensure_ascii=False, indent=2),
            content_type="application/json",
            expires_with_text=name == "recognition.json",
        )

    def _put_result(self, ref: DocumentRef, result: dict[str, Any]) -> None:
        self._store.put_text(
            ref.run_result_key,
            json.dumps(result, ensure_ascii=False, indent=2),
            content_type="application/json",
            expires_with_text=False,
        )
