"""What operators do over the API: see failed runs, redrive one, grant credits with a reason."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from chalicelib.errors import DocumentNotFoundError, DocumentStateConflictError, InvalidRequestError
from chalicelib.models import DocumentStatus

if TYPE_CHECKING:
    from collections.abc import Callable
    from datetime import datetime

    from chalicelib.ports import DocumentRepository

MAX_GRANT = 10_000


class RunControl(Protocol):
    """The workflow's operator side."""

    def failed_runs(self, limit: int) -> list[dict[str, Any]]:
        """Failed runs, newest first, with error and cause."""
        ...

    def redrive(self, arn: str, *, restart_name: str) -> str:
        """Redrive a failed run; the ARN of the run that continues."""
        ...


class CreditLedger(Protocol):
    """Credits granted by hand."""

    def grant_credits(self, user_id: str, amount: int, *, reason: str, granted_by: str) -> int:
        """Add credits, record why; the new balance."""
        ...


class OperatorService:
    """Failed runs, redrives and credit grants."""

    def __init__(
        self,
        repo: DocumentRepository,
        runs: RunControl,
        ledger: CreditLedger,
        clock: Callable[[], datetime],
    ) -> None:
        self._repo = repo
        self._runs = runs
        self._ledger = ledger
        self._clock = clock

    def failed_runs(self, limit: int = 50) -> list[dict[str, Any]]:
        """Failed runs with Step Functions' error and cause, and the document each ran for."""
        if not 1 <= limit <= 100:
            raise InvalidRequestError("limit must be between 1 and 100.")
        runs = self._runs.failed_runs(limit)
        for run in runs:
            run["document_id"] = str(run["name"]).rsplit("-v", 1)[0]
        return runs

    def redrive(self, document_id: str) -> dict[str, Any]:
        """Redrive a document's failed run, as the console's Redrive does."""
        document = self._repo.get(document_id)
        if document is None or document.execution_arn is None:
            raise DocumentNotFoundError("No run of that document to redrive.")
        if document.status != DocumentStatus.FAILED:
            raise DocumentStateConflictError("Only a failed document's run can be redriven.")
        stamp = self._clock().strftime("%Y%m%dT%H%M%S")
        arn = self._runs.redrive(
            document.execution_arn,
            restart_name=f"{document.document_id}-v{document.version}-redrive-{stamp}",
        )
        return {"document_id": document_id, "execution_arn": arn}

    def grant(self, user_id: str, amount: int, *, reason: str, granted_by: str) -> dict[str, Any]:
        """Give a user credits, with the reason recorded beside who gave them."""
        if not 1 <= amount <= MAX_GRANT:
            raise InvalidRequestError(f"amount must be between 1 and {MAX_GRANT}.")
        if not reason.strip():
            raise InvalidRequestError("Say why the credits are granted.")
        balance = self._ledger.grant_credits(
            user_id, amount, reason=reason.strip(), granted_by=granted_by
        )
        return {"user_id": user_id, "granted": amount, "credits_left": balance}
