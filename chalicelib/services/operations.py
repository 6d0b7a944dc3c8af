"""What operators do over the API: see failed runs, redrive one, grant credits or a role."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib import api_views as views
from chalicelib.auth.tokens import ROLES
from chalicelib.errors import DocumentNotFoundError, DocumentStateConflictError, InvalidRequestError
from chalicelib.keys import parse_execution_name
from chalicelib.models import DocumentStatus

if TYPE_CHECKING:
    from chalicelib.ports import Documents, RunControl, UserLedger
    from chalicelib.services.admission import RunAdmission

MAX_GRANT = 10_000


class OperatorService:
    """Failed runs, redrives, credit grants and roles."""

    def __init__(
        self,
        repo: Documents,
        runs: RunControl,
        ledger: UserLedger,
        *,
        admission: RunAdmission | None = None,
    ) -> None:
        self._repo = repo
        self._runs = runs
        self._ledger = ledger
        # A batch run's redrive takes a running slot of its lane, or waits for one.
        self._admission = admission

    def failed_runs(self, limit: int = 50) -> list[dict[str, Any]]:
        """Failed runs with Step Functions' error and cause, and the document each ran for."""
        if not 1 <= limit <= 100:
            raise InvalidRequestError("limit must be between 1 and 100.")
        runs = self._runs.failed_runs(limit)
        for run in runs:
            named = parse_execution_name(str(run["name"]))
            run["document_id"] = named[0] if named else None
        return runs

    def redrive(self, document_id: str) -> dict[str, Any]:
        """Redrive a document's failed run, as the console's Redrive does; a batch run's
        only with a running slot of its lane, else once one frees (`queued`)."""
        document = self._repo.get(document_id)
        if document is None or document.execution_arn is None:
            raise DocumentNotFoundError("No run of that document to redrive.")
        if document.status != DocumentStatus.FAILED:
            raise DocumentStateConflictError("Only a failed document's run can be redriven.")
        arn = document.execution_arn
        queued = False
        if self._admission is None:
            self._runs.redrive(arn)
        else:
            queued = not self._admission.redrive_or_queue(
                document, redrive=lambda: self._runs.redrive(arn)
            )
        return views.Redrive(document_id=document_id, execution_arn=arn, queued=queued).body()

    def grant(self, user_id: str, amount: int, *, reason: str, granted_by: str) -> dict[str, Any]:
        """Give a user credits, with the reason recorded beside who gave them."""
        if not 1 <= amount <= MAX_GRANT:
            raise InvalidRequestError(f"amount must be between 1 and {MAX_GRANT}.")
        if not reason.strip():
            raise InvalidRequestError("Say why the credits are granted.")
        balance = self._ledger.grant_credits(
            user_id, amount, reason=reason.strip(), granted_by=granted_by
        )
        return views.CreditGrant(user_id=user_id, granted=amount, credits_left=balance).body()

    def set_role(self, user_id: str, role: str, *, reason: str, set_by: str) -> dict[str, Any]:
        """Make a user a `user`, `reviewer` or `admin`; their next token carries it."""
        if role not in ROLES:
            raise InvalidRequestError(f"role must be one of {', '.join(sorted(ROLES))}.")
        if not reason.strip():
            raise InvalidRequestError("Say why the role changes.")
        if user_id == set_by:
            # An admin who demoted themselves could leave nobody able to undo it.
            raise InvalidRequestError("Ask another admin to change your own role.")
        self._ledger.set_role(user_id, role, reason=reason.strip(), set_by=set_by)
        return views.RoleChange.model_validate({"user_id": user_id, "role": role}).body()
