"""How a failure is recorded: the user-facing error and the refund policy."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from chalicelib.errors import DomainError, ReviewTimedOutError, error_class_by_name
from chalicelib.metrics import CREDITS_REFUNDED, NoMetrics
from chalicelib.models import DocumentError, DocumentStatus
from chalicelib.services.status_events import NoStatusEvents, count_status_change

if TYPE_CHECKING:
    from collections.abc import Callable

    from chalicelib.models import Document
    from chalicelib.ports import Documents, Metrics, StatusEvents

RefundPolicy = Literal["all", "infra_only"]

# Step Functions' own error names, for failures that are not our exceptions: a step that
# ran past its TimeoutSeconds, or a task that failed without one of our errors (a crash,
# an out-of-memory Lambda). Both are ours; a held document's timeout is `review` instead
# (`review_timeout_error`), which Record Failure picks by the document's status.
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
    """`all` refunds every failure; `infra_only` every one but the user's (class `user`)."""
    return policy == "all" or error.failure_class != "user"


class FailureRecorder:
    """Marks documents failed and refunds per the policy, at most once."""

    def __init__(
        self,
        repo: Documents,
        policy: RefundPolicy,
        on_finished: Callable[[Document], None] | None = None,
        events: StatusEvents | None = None,
        *,
        metrics: Metrics | None = None,
    ) -> None:
        self._repo = repo
        self._policy = policy
        self._on_finished = on_finished
        self._events = events or NoStatusEvents()
        self._metrics = metrics or NoMetrics()

    def record(self, document_id: str, error: DocumentError, *, force_refund: bool = False) -> bool:
        """Mark failed with `error`; True when a credit was refunded now."""
        refund = force_refund or should_refund(self._policy, error)
        before = self._repo.get(document_id)
        refunded = False
        if refund:
            refunded = self._repo.fail_and_refund(document_id, error)
        else:
            self._repo.fail_without_refund(document_id, error)
        if refunded:
            self._metrics.count(CREDITS_REFUNDED, breakdown={"FailureClass": error.failure_class})
        failed = self._repo.get(document_id)
        if failed is not None:
            # Asked again about a document already failed (On Run Failed after Record
            # Failure): announced again, as before, but counted once.
            if failed.status == DocumentStatus.FAILED and (
                before is None or before.status != DocumentStatus.FAILED
            ):
                count_status_change(self._metrics, failed)
            self._events.publish(failed)
            if self._on_finished is not None:
                self._on_finished(failed)  # a partner's callback, if one was asked for
        return refunded
