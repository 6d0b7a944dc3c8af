"""A recognition job's answers: checked against the contract, published, kept on the job.

The service answers a job when its worker finishes it; the sweep answers a job whose worker
died (`chalicelib.recognition.stale`). Both end a job the same way, here: the final answer is
stored on the job by a conditional move (one answer per job, whoever comes first), and only
then published, so an answer lost on the bus is sent again from the record.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Protocol

from chalicelib.contracts import ResultContractViolationError
from chalicelib.recognition import envelopes as env

if TYPE_CHECKING:
    from chalicelib.ports.recognition import JobState, RecognitionJob, RecognitionJobs

logger = logging.getLogger(__name__)


class AnswerPublisher(Protocol):
    """Where answers go: `EnvelopePublisher` (retried under the same message id)."""

    def publish(self, detail_type: str, detail: dict[str, Any]) -> bool:
        """Publish one envelope; False (logged) when every try failed."""
        ...


class JobAnswers:
    """Publishes a job's answers and ends the job with its final one."""

    def __init__(self, jobs: RecognitionJobs, publisher: AnswerPublisher) -> None:
        self._jobs = jobs
        self._publisher = publisher

    def finish(
        self, job: RecognitionJob, answer: dict[str, Any], *, allowed_from: tuple[JobState, ...]
    ) -> dict[str, Any]:
        """Store the final answer on the job (once), then publish it."""
        to: JobState = "error" if answer["status"] == env.Status.ERROR else "done"
        if not self._jobs.move(job.job_id, allowed_from=allowed_from, to=to, result=answer):
            logger.info("job %s was already finished: its answer stands", job.job_id)
            return {"outcome": "already finished", "job_id": job.job_id}
        published = self.publish(answer, record_on=job.job_id)
        return {
            "outcome": answer["status"],
            "job_id": job.job_id,
            "msg_id": answer[env.MSG_ID_FIELD],
            "published": published,
        }

    def publish(self, answer: dict[str, Any], *, record_on: str | None = None) -> bool:
        """Check the answer against its schema, publish it, keep it on its job."""
        try:
            env.check_answer(answer)
        except ResultContractViolationError:
            logger.exception("an answer does not match recognitionResult-v1.0: not published")
            return False
        published = self._publisher.publish(env.TABULAR_PARSED, answer)
        if published and record_on is not None:
            self._jobs.record_answer(record_on, answer)
        return published
