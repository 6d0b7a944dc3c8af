"""The HTTP entry of recognition as a service: a partner's request onto the bus, its answers.

`POST /v1/recognitions` takes the very envelope a system puts on the bus, read by the same
rules (`envelopes.read_request`, the subject from its `pipeline`), so a request the service
would refuse is refused here at once, with a 400 instead of an answer on the bus. An accepted
one is bound to the partner's key owner (so only they read it back) and put on the bus,
where the recognition service takes it like any other. `GET /v1/recognitions/{job_id}` shows
the job's answers so far, for partners without a subscription to the bus.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.errors import (
    InvalidRequestError,
    RecognitionBusUnavailableError,
    RecognitionJobTakenError,
    RecognitionNotFoundError,
    RecognitionRequestRefusedError,
)
from chalicelib.keys import RECOGNITION_PREFIX
from chalicelib.recognition.envelopes import (
    MSG_ID_FIELD,
    SUBJECT_OF_PIPELINE,
    Refused,
    Unanswerable,
    is_uuid,
    read_request,
)

if TYPE_CHECKING:
    from chalicelib.ports.recognition import RecognitionJob, RecognitionJobs
    from chalicelib.recognition.answers import AnswerPublisher

# The `source` of the requests this entry puts on the bus.
SOURCE_API = "contract-check.api"


class RecognitionIntake:
    """Partners' recognition requests over HTTP."""

    def __init__(self, *, jobs: RecognitionJobs, publisher: AnswerPublisher, bucket: str) -> None:
        self._jobs = jobs
        self._publisher = publisher
        self._bucket = bucket  # our documents bucket: a request reaches only its inbox there

    def submit(self, partner_id: str, body: dict[str, Any]) -> dict[str, str]:
        """Check the request, bind it to the partner, put it on the bus: `{msg_id, job_id}`."""
        pipeline = body.get("pipeline")
        subject = SUBJECT_OF_PIPELINE.get(pipeline) if isinstance(pipeline, str) else None
        if subject is None:
            raise RecognitionRequestRefusedError(
                f"pipeline: {pipeline!r} is not one of {sorted(SUBJECT_OF_PIPELINE)}."
            )
        read = read_request(subject, body)
        if isinstance(read, Unanswerable):
            raise InvalidRequestError(
                f"The request names no job it could be answered for: {read.reason}."
            )
        if isinstance(read, Refused):
            raise RecognitionRequestRefusedError(read.message)
        if read.bucket == self._bucket and not read.key.startswith(RECOGNITION_PREFIX):
            raise RecognitionRequestRefusedError(
                f"s3.key: files in this bucket are read only under {RECOGNITION_PREFIX}."
            )
        if not self._jobs.bind_partner(read.job_id, partner_id):
            raise RecognitionJobTakenError
        if not self._publisher.publish(subject, body):
            raise RecognitionBusUnavailableError
        return {"msg_id": read.msg_id, "job_id": read.job_id}

    def status(self, partner_id: str, job_id: str) -> dict[str, Any]:
        """Where the partner's job stands: its status, its answers so far, its result file."""
        if not is_uuid(job_id) or self._jobs.partner_of(job_id) != partner_id:
            raise RecognitionNotFoundError
        job = self._jobs.get(job_id)
        if job is None:  # on the bus, not yet taken by the service
            return {"job_id": job_id, "status": "submitted", "answers": []}
        return _status_of(job)


def _status_of(job: RecognitionJob) -> dict[str, Any]:
    answers = sorted(
        job.answers.values(), key=lambda a: (str(a.get("published_at")), str(a[MSG_ID_FIELD]))
    )
    view: dict[str, Any] = {
        "job_id": job.job_id,
        "file_id": job.file_id,
        "status": "processing",
        "answers": answers,
    }
    if job.result is not None and job.state in ("done", "error"):
        view["status"] = job.result["status"]
        if "result_s3" in job.result:
            view["result_s3"] = job.result["result_s3"]
        if "error" in job.result:
            view["error"] = job.result["error"]
    return view
