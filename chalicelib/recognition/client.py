"""The consumer side of recognition as a service: our own client, and a reference for others.

`submit` records a job (the outbox) and publishes its request, `<job_id>:1`. The answers
come back on the recognition bus (`files.tabular_parsed` from `contract-check.recognition`)
to `on_answer`; the scheduled `sweep` republishes a request whose ack does not come and
gives up on a job whose answer does not come. Every change of a job is one conditional
write (`chalicelib.ports.recognition_client`), applied once per message id, so the bus's
at-least-once delivery, our own republishes and the service's re-acks change nothing twice.

The rules, from the issue:

- an ack (`status` processing, `ack:<job_id>:<attempt>`) moves `sent → acked`;
- a result (`result:<job_id>:<attempt>`) moves `sent | acked → done | needs_check | error`:
  a result whose ack was lost is accepted as it is;
- no ack within `ACK_TIMEOUT_SECONDS`: the request is republished, the very same envelope,
  up to `OUTBOX_MAX_REPUBLISH` times; no ack after the last one either: `dlq`, NO_ACK;
- no result by the request's `reply_deadline`: `timeout` (a lost result, or a lost job);
- an answer for a job we do not know, or one that fails `recognitionResult-v1.0`, is
  logged and dropped, as is one that arrives after the job ended (a late ack or result).
"""

from __future__ import annotations

import logging
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import PurePath
from typing import TYPE_CHECKING, Any, Literal

from chalicelib.contracts import ResultContractViolationError
from chalicelib.errors import InvalidRequestError
from chalicelib.ports.recognition_client import JobChange, RecognitionJob
from chalicelib.recognition.envelopes import (
    MSG_ID_FIELD,
    SCHEMA_VERSION,
    SUBJECT_OF_PIPELINE,
    Refused,
    Request,
    Status,
    Unanswerable,
    ack_msg_id,
    check_answer,
    read_request,
    request_msg_id,
    result_msg_id,
    utc_text,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from chalicelib.ports.recognition_client import EnvelopeSink, JobStatus, RecognitionJobs

logger = logging.getLogger(__name__)

DEFAULT_ACK_TIMEOUT_SECONDS = 30
DEFAULT_OUTBOX_MAX_REPUBLISH = 3
DEFAULT_REPLY_SECONDS = 900
# Jobs the sweep reads at once; it runs every minute, so a longer backlog waits a minute.
SWEEP_BATCH = 100
NO_ACK = "NO_ACK"
# The `source` of the requests our client puts on the recognition bus (a partner's is theirs).
SOURCE_CLIENT = "contract-check.client"
TIMEOUT = "TIMEOUT"

# A file's type by its extension, and the pipeline it goes to when none is named.
FILE_TYPES = {
    ".xls": "XLS",
    ".xlsx": "XLSX",
    ".xlsb": "XLSB",
    ".pdf": "PDF",
    ".png": "PNG",
    ".jpg": "JPG",
    ".jpeg": "JPG",
}
DEFAULT_PIPELINE = {"XLS": "tabular", "XLSX": "tabular", "XLSB": "tabular", "PDF": "tabular"}

Outcome = Literal["applied", "duplicate", "stale", "unknown_job", "invalid"]
_RESULT_STATUSES: dict[str, JobStatus] = {
    Status.DONE.value: "done",
    Status.NEEDS_CHECK.value: "needs_check",
    Status.ERROR.value: "error",
}


def file_type_of(name: str) -> str:
    """The request's `file_type` of a file name (InvalidRequestError for any other kind)."""
    file_type = FILE_TYPES.get(PurePath(name).suffix.lower())
    if file_type is None:
        kinds = ", ".join(sorted(FILE_TYPES))
        raise InvalidRequestError(f"{name!r}: recognition takes {kinds} files only.")
    return file_type


def pipeline_of(file_type: str) -> str:
    """The pipeline a file type goes to unless the sender names one (pictures: image)."""
    return DEFAULT_PIPELINE.get(file_type, "image")


@dataclass(frozen=True)
class Submission:
    """A job just submitted, and whether its request reached the bus (if not, the sweep
    publishes it again when its ack is due)."""

    job: RecognitionJob
    published: bool


@dataclass(frozen=True)
class AnswerOutcome:
    """What one answer did: applied, or why it changed nothing."""

    outcome: Outcome
    msg_id: str | None = None
    job_id: str | None = None
    status: str | None = None  # the job's status after it


class RecognitionClient:
    """Sends recognition requests and follows each job to its end."""

    def __init__(
        self,
        jobs: RecognitionJobs,
        publisher: EnvelopeSink,
        clock: Callable[[], datetime],
        *,
        ack_timeout_seconds: int = DEFAULT_ACK_TIMEOUT_SECONDS,
        max_republish: int = DEFAULT_OUTBOX_MAX_REPUBLISH,
        reply_seconds: int = DEFAULT_REPLY_SECONDS,
        new_id: Callable[[], str] = lambda: str(uuid.uuid4()),
    ) -> None:
        self._jobs = jobs
        self._publisher = publisher
        self._clock = clock
        self._ack_timeout = timedelta(seconds=ack_timeout_seconds)
        self._max_republish = max_republish
        self._reply = timedelta(seconds=reply_seconds)
        self._new_id = new_id

    # --- sending ----------------------------------------------------------------------

    def submit(
        self,
        *,
        file_id: str,
        pipeline: str,
        file_type: str,
        original_name: str,
        bucket: str,
        key: str,
        reply_deadline: datetime | None = None,
        reply_seconds: int | None = None,
    ) -> Submission:
        """Record a job for the file at `bucket`/`key` and publish its request (attempt 1).

        The reply deadline is `reply_deadline`, or `reply_seconds` from now, or the client's
        default. The record is written first: a request that never reached the bus is still
        in the outbox, and the sweep sends it when its ack is due.
        """
        now = self._clock()
        wait = self._reply if reply_seconds is None else timedelta(seconds=reply_seconds)
        deadline = reply_deadline or now + wait
        if deadline <= now:
            raise InvalidRequestError("The reply deadline must be in the future.")
        job_id = self._new_id()
        subject = SUBJECT_OF_PIPELINE.get(pipeline)
        if subject is None:
            raise InvalidRequestError(f"pipeline must be tabular or image, not {pipeline!r}.")
        detail: dict[str, Any] = {
            MSG_ID_FIELD: request_msg_id(job_id, 1),
            "schema_version": SCHEMA_VERSION,
            "job_id": job_id,
            "file_id": file_id,
            "pipeline": pipeline,
            "file_type": file_type,
            "original_name": original_name,
            "s3": {"bucket": bucket, "key": key},
            "reply_deadline": utc_text(deadline),
            "attempt": 1,
        }
        read = read_request(subject, detail)
        if isinstance(read, Refused | Unanswerable):
            # Our own request would be refused: tell the caller, send nothing.
            reason = read.message if isinstance(read, Refused) else read.reason
            raise InvalidRequestError(reason)
        job = self._new_job(read, subject, detail, now)
        if not self._jobs.create(job):
            raise InvalidRequestError(f"A job {job_id} exists already.")
        published = self._publisher.publish(subject, detail)
        logger.info(
            "recognition job %s submitted: %s %s, published=%s",
            job_id,
            subject,
            detail[MSG_ID_FIELD],
            published,
        )
        return Submission(job, published)

    def _new_job(
        self, request: Request, subject: str, detail: dict[str, Any], now: datetime
    ) -> RecognitionJob:
        return RecognitionJob(
            job_id=request.job_id,
            file_id=request.file_id,
            attempt=request.attempt,
            request=detail,
            subject=subject,
            reply_deadline=request.reply_deadline,
            status="sent",
            created_at=now,
            due_at=min(now + self._ack_timeout, request.reply_deadline),
            history=(
                {
                    "at": _stamp(now),
                    "event": "submitted",
                    "status": "sent",
                    "msg_id": request.msg_id,
                },
            ),
        )

    def get(self, job_id: str) -> RecognitionJob | None:
        """A job as it stands."""
        return self._jobs.get(job_id)

    # --- answers ----------------------------------------------------------------------

    def on_answer(self, detail: object) -> AnswerOutcome:
        """Apply one answer (an event's detail) to its job, at most once per msg_id."""
        problem = _answer_problem(detail)
        if problem is not None or not isinstance(detail, dict):
            logger.warning("recognition answer dropped, not a valid answer: %s", problem)
            return AnswerOutcome("invalid", _field(detail, MSG_ID_FIELD), _field(detail, "job_id"))
        msg_id, job_id = str(detail[MSG_ID_FIELD]), str(detail["job_id"])
        job = self._jobs.get(job_id)
        if job is None:
            # The bus carries every sender's answers (a partner's too): not ours, not a fault.
            logger.info("recognition answer %s dropped: no job %s here", msg_id, job_id)
            return AnswerOutcome("unknown_job", msg_id, job_id)
        if detail["file_id"] != job.file_id or detail["attempt"] != job.attempt:
            logger.warning(
                "recognition answer %s dropped: job %s is file %s attempt %s, not %s attempt %s",
                msg_id,
                job_id,
                job.file_id,
                job.attempt,
                detail["file_id"],
                detail["attempt"],
            )
            return AnswerOutcome("invalid", msg_id, job_id, job.status)
        change = self._answer_change(job, detail)
        if change is not None and self._jobs.change(job_id, change):
            logger.info(
                "recognition job %s: %s → %s by %s", job_id, job.status, change.status, msg_id
            )
            return AnswerOutcome("applied", msg_id, job_id, change.status)
        # Not applied: read again, for the log to say why (a duplicate, or a job that moved).
        now_job = self._jobs.get(job_id) or job
        if msg_id in now_job.seen_msg_ids:
            logger.info("recognition answer %s is a duplicate: job %s unchanged", msg_id, job_id)
            return AnswerOutcome("duplicate", msg_id, job_id, now_job.status)
        logger.warning(
            "recognition answer %s (%s) dropped: job %s is %s already",
            msg_id,
            detail["status"],
            job_id,
            now_job.status,
        )
        return AnswerOutcome("stale", msg_id, job_id, now_job.status)

    def _answer_change(self, job: RecognitionJob, detail: dict[str, Any]) -> JobChange | None:
        """The change an answer makes, or None when it can make none (the job moved on)."""
        now = self._clock()
        msg_id = str(detail[MSG_ID_FIELD])
        if msg_id in job.seen_msg_ids:
            return None
        if detail["status"] == Status.PROCESSING.value:
            if job.status != "sent":
                return None  # an ack after the result (or after we gave up) changes nothing
            return JobChange(
                from_statuses=frozenset({"sent"}),
                status="acked",
                event="ack",
                at=now,
                due_at=job.reply_deadline,
                msg_id=msg_id,
                answer=detail,
            )
        if not job.is_open:
            return None
        fields: dict[str, Any] = {}
        if "result_s3" in detail:
            fields["result_s3"] = detail["result_s3"]
            fields["result_schema_version"] = detail["result_schema_version"]
        if "error" in detail:
            fields["error"] = detail["error"]
        return JobChange(
            from_statuses=frozenset({"sent", "acked"}),
            status=_RESULT_STATUSES[str(detail["status"])],
            event="result",
            at=now,
            due_at=None,
            msg_id=msg_id,
            answer=detail,
            fields=fields,
        )

    # --- the sweep --------------------------------------------------------------------

    def sweep(self, now: datetime | None = None) -> dict[str, int]:
        """Republish requests whose ack is late, and end jobs that waited too long."""
        now = now or self._clock()
        counts = {"republished": 0, "dlq": 0, "timeout": 0, "unpublished": 0}
        for job in self._jobs.due(now, SWEEP_BATCH):
            if not job.is_open:
                continue  # the listing lags a closed job by a moment
            if now >= job.reply_deadline:
                counts["timeout"] += self._time_out(job, now)
            elif job.status == "sent" and job.due_at is not None and now >= job.due_at:
                if job.republished < self._max_republish:
                    done, published = self._republish(job, now)
                    if done:
                        counts["republished"] += 1
                        # Claimed but not on the bus: the next sweep after its wait tries again.
                        counts["unpublished"] += not published
                else:
                    counts["dlq"] += self._give_up(job, now)
        logger.info("recognition sweep: %s", counts)
        return counts

    def _republish(self, job: RecognitionJob, now: datetime) -> tuple[bool, bool]:
        """Claim the next republish (one sweep wins it), then send the very same request."""
        claimed = self._jobs.change(
            job.job_id,
            JobChange(
                from_statuses=frozenset({"sent"}),
                status="sent",
                event="republish",
                at=now,
                due_at=min(now + self._ack_timeout, job.reply_deadline),
                republished_from=job.republished,
                published_msg_id=job.msg_id,
            ),
        )
        if not claimed:
            return False, False
        published = self._publisher.publish(job.subject, job.request)
        logger.warning(
            "recognition job %s: no ack after %s s, request %s republished (%d of %d), "
            "published=%s",
            job.job_id,
            int(self._ack_timeout.total_seconds()),
            job.msg_id,
            job.republished + 1,
            self._max_republish,
            published,
        )
        return True, published

    def _give_up(self, job: RecognitionJob, now: datetime) -> bool:
        message = (
            f"No ack for {job.msg_id} after it was sent {job.republished + 1} times, "
            f"{int(self._ack_timeout.total_seconds())} s apart."
        )
        ended = self._end(job, "dlq", "no_ack", now=now, code=NO_ACK, message=message)
        if ended:
            logger.error("recognition job %s to dlq: %s", job.job_id, message)
        return ended

    def _time_out(self, job: RecognitionJob, now: datetime) -> bool:
        waited_for = "an ack or a result" if job.status == "sent" else "the result"
        message = f"No answer by the reply deadline {utc_text(job.reply_deadline)}: {waited_for}."
        ended = self._end(job, "timeout", "reply_deadline", now=now, code=TIMEOUT, message=message)
        if ended:
            logger.error("recognition job %s timed out (%s): %s", job.job_id, job.status, message)
        return ended

    def _end(
        self,
        job: RecognitionJob,
        status: JobStatus,
        event: str,
        *,
        now: datetime,
        code: str,
        message: str,
    ) -> bool:
        """End a job still in the status it was read in, with an error; False when it moved."""
        return self._jobs.change(
            job.job_id,
            JobChange(
                from_statuses=frozenset({job.status}),
                status=status,
                event=event,
                at=now,
                due_at=None,
                fields={"error": {"code": code, "message": message}},
            ),
        )


def _answer_problem(detail: object) -> str | None:
    """Why an answer cannot be read, or None when it is a valid answer."""
    if not isinstance(detail, dict):
        return "the event's detail is not a JSON object"
    try:
        check_answer(detail)
    except ResultContractViolationError as exc:
        return str(exc).replace("result file", "answer")
    job_id, attempt = str(detail["job_id"]), int(detail["attempt"])
    is_ack = detail["status"] == Status.PROCESSING.value
    expected = ack_msg_id(job_id, attempt) if is_ack else result_msg_id(job_id, attempt)
    if detail[MSG_ID_FIELD] != expected:
        return f"msg_id {detail[MSG_ID_FIELD]!r} is not {expected!r}"
    return None


def _field(detail: object, name: str) -> str | None:
    value = detail.get(name) if isinstance(detail, dict) else None
    return value if isinstance(value, str) else None


def _stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
