"""How a failure is recorded: the user-facing error and the refund policy."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from chalicelib.errors import DomainError, ReviewTimedOutError, error_class_by_name
from chalicelib.models import DocumentError
from chalicelib.services.status_events import NoStatusEvents

if TYPE_CHECKING:
    from collections.abc import Callable

    from chalicelib.models import Document
    from chalicelib.ports import DocumentRepository, StatusEvents

RefundPolicy = Literal["all", "infra_only"]

# Step Functions' own error names, for failures that are not our exceptions.
_STATES_ERRORS: dict[str, DocumentError] = {
    "States.Timeout": DocumentError(
        code="TIMEOUT", message="A step took longer than allowed.", failure_class="infra"
    ),
    "States.TaskFailed": DocumentError(
        code="INTERNAL", message="A processing step failed on our side.", failure_class="infra"
    ),
}


def document_error_from(error: DomainError) -> DocumentError:
    """The user-facing error of a domain error."""
    return DocumentError(code=error.code, message=error.message, failure_class=error.failure_class)


def document_error_from_name(name: str, *, message: str | None = None) -> DocumentError:
    """The user-facing error for an error name reported by Lambda or Step Functions."""
    cls = error_class_by_name(name)
    if cls is not None:
        return document_error_from(cls(message))
    if name in _STATES_ERRORS:
        return _STATES_ERRORS[name]
    return DocumentError(
        code="INTERNAL",
        message="Processing failed on our side. Your credit is returned per our policy.",
        failure_class="infra",
    )


def review_timeout_error() -> DocumentError:
    """The error of a document nobody reviewed in time."""
    return document_error_from(ReviewTimedOutError())


def should_refund(policy: RefundPolicy, error: DocumentError) -> bool:
    """`all` refunds every failure; `infra_only` only those that were our fault."""
    return policy == "all" or error.failure_class == "infra"


class FailureRecorder:
    """Marks documents failed and refunds per the policy, at most once."""

    def __init__(
        self,
        repo: DocumentRepository,
        policy: RefundPolicy,
        on_finished: Callable[[Document], None] | None = None,
        events: StatusEvents | None = None,
    ) -> None:
        self._repo = repo
        self._policy = policy
        self._on_finished = on_finished
        self._events = events or NoStatusEvents()

    def record(self, document_id: str, error: DocumentError, *, force_refund: bool = False) -> bool:
        """Mark failed with `error`; True when a credit was refunded now."""
        refund = force_refund or should_refund(self._policy, error)
        refunded = self._repo.fail(document_id, error, refund=refund)
        failed = self._repo.get(document_id)
        if failed is not None:
            self._events.publish(failed)
            if self._on_finished is not None:
                self._on_finished(failed)  # a partner's callback, if one was asked for
        return refunded
