"""A reviewer's decision on a held document resumes its run."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from chalicelib.errors import DocumentNotFoundError, DocumentStateConflictError
from chalicelib.models import Document, DocumentStatus, ReviewDecision

if TYPE_CHECKING:
    from collections.abc import Callable
    from datetime import datetime

    from chalicelib.ports import Documents, ReviewQueue, Workflow

Decision = Literal["approve", "deep_analysis", "reject"]


class ReviewService:
    """Records a decision and sends the stored task token back to Step Functions."""

    def __init__(
        self,
        repo: Documents,
        workflow: Workflow,
        clock: Callable[[], datetime],
        *,
        queue: ReviewQueue,
    ) -> None:
        self._repo = repo
        self._queue = queue
        self._workflow = workflow
        self._clock = clock

    def decide(
        self, document_id: str, decision: Decision, *, reviewer: str, comment: str = ""
    ) -> Document:
        """Record the decision and resume the run."""
        document = self._repo.get(document_id)
        if document is None:
            raise DocumentNotFoundError
        if document.status != DocumentStatus.IN_REVIEW or not document.task_token:
            raise DocumentStateConflictError("The document is not waiting for a review.")
        review = ReviewDecision(
            decision=decision, reviewer=reviewer, comment=comment, decided_at=self._clock()
        )
        updated = self._repo.record_review(document_id, review)
        self._workflow.send_task_success(
            document.task_token, {"decision": decision, "reviewer": reviewer}
        )
        self._queue.dequeue_review(document_id)
        return updated

    def queue(self, limit: int = 50) -> list[Document]:
        """The documents held for a reviewer, oldest hold first."""
        return self._queue.list_reviews(limit)
