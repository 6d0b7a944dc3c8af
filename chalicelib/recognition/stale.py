"""The sweep of recognition jobs whose worker died: each gets its UNKNOWN_ERROR answer.

A job is worked on inside the Recognition function, which catches every failure of the file
and answers it. What it cannot catch is its own end: the Lambda killed for its time or memory
(the isolated reader's limits make that rare, not impossible). Its job would then stay in
`processing` with no worker, and the sender, already acked, would learn nothing until its
own `reply_deadline`. Every claim holds a lease longer than the function's timeout; once it
has passed, this sweep (every minute, its own light function) answers the job with
UNKNOWN_ERROR, stored on the job by the same conditional move the worker uses, so a worker
that did finish first keeps its answer. The file is not tried again: what killed one Lambda
would kill the next; the sender may send it again as a new job.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from chalicelib.recognition import envelopes as env
from chalicelib.recognition.answers import JobAnswers
from chalicelib.recognition.envelopes import ErrorCode

if TYPE_CHECKING:
    from collections.abc import Callable
    from datetime import datetime

    from chalicelib.ports.recognition import RecognitionJobs
    from chalicelib.recognition.answers import AnswerPublisher
    from chalicelib.recognition.envelopes import Service

logger = logging.getLogger(__name__)

# Jobs answered per sweep at most: a minute's work; the rest wait for the next sweep.
SWEEP_LIMIT = 100
STOPPED_MESSAGE = (
    "The recognition of this file stopped before it finished: the service's worker ran out "
    "of time or memory on it. Send the file again as a new job, or a smaller or simpler one."
)


class StaleJobSweep:
    """Answers the jobs whose claim's lease has passed (see the module's docstring)."""

    def __init__(
        self,
        *,
        jobs: RecognitionJobs,
        publisher: AnswerPublisher,
        service: Service,
        clock: Callable[[], datetime],
    ) -> None:
        self._jobs = jobs
        self._answers = JobAnswers(jobs, publisher)
        self._service = service
        self._clock = clock

    def sweep(self, limit: int = SWEEP_LIMIT) -> dict[str, Any]:
        """One pass: what each stale job became."""
        outcomes: dict[str, str] = {}
        for job in self._jobs.stale(self._clock(), limit):
            answer = env.error(
                job.job_id,
                job.file_id,
                job.attempt,
                ErrorCode.UNKNOWN_ERROR,
                STOPPED_MESSAGE,
                service=self._service,
                now=self._clock(),
            )
            done = self._answers.finish(job, answer, allowed_from=("processing",))
            outcomes[job.job_id] = str(done["outcome"])
            logger.warning(
                "recognition job %s had no worker left after its lease (%s): %s",
                job.job_id,
                job.lease_until,
                done["outcome"],
            )
        return {"stale_jobs": outcomes}
