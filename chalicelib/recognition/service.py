"""Recognition as a service: a request off the bus, answered with an ack and one result.

For each request (`handle_request`):

- read by the contract's rules (`envelopes.read_request`): one that names no job is logged
  and dropped; one that is refused but names its job gets SCHEMA_MISMATCH (never an ack),
  unless the job already exists — an invalid copy of a job in flight or done must not answer
  under the id of the real result;
- a valid one claims the job with a conditional write keyed on `job_id`. A request for a job
  already claimed (in flight or done) is re-acked under its own `ack:<job_id>:<attempt>` and
  never processed twice. When that job is finished, its stored result is published again under
  its original message id: the first copy may have been lost on its way, and consumers drop
  the duplicate by its `msg_id`;
- the winner publishes the ack (`processing`) before it reads the file; a `reply_deadline`
  already past is TIMEOUT; then the file is read (the upload's size limit), checked against
  its `file_type`, read by Extract's readers in their isolated worker (the same hostile-file
  protections, memory cap and timeout), its sheets recognised with `chalicelib.statements`,
  the result file written at `results/{file_id}/{job_id}/result.json`, and only then the
  result envelope published (`done`, or `needs_check` as the result file's job says).

The final answer is stored on the job before it is published: a publish lost after every
retry (the publisher logs it) is sent again when the sender republishes its request.

With the external recognizer on, an image request's file is copied into our bucket and handed
off (`RecognizerHandoff`); its result comes back on the bus (`on_recognizer_result`).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from chalicelib.contracts import LATEST_RESULT_VERSION
from chalicelib.errors import (
    DocumentTooLargeError,
    DocumentTooLongError,
    EncryptedDocumentError,
    ExtractionCrashedError,
    HostileDocumentError,
    StorageUnavailableError,
    StoredObjectMissingError,
    TerminalError,
    TooManyScannedPagesError,
    UnreadableDocumentError,
    UnsupportedFormatError,
)
from chalicelib.keys import (
    RECOGNITION_PREFIX,
    build_recognition_source_key,
    build_result_key,
)
from chalicelib.ports.recognition import FINISHED_STATES, RecognitionJob
from chalicelib.recognition import envelopes as env
from chalicelib.recognition.answers import AnswerPublisher, JobAnswers
from chalicelib.recognition.envelopes import ErrorCode, Refused, Request, Service, Unanswerable
from chalicelib.recognition.sheets import (
    FILE_KINDS,
    MERGED_MAX_BYTES,
    UnexpectedFileError,
    check_file_kind,
    sheets_of_extraction,
    sheets_of_merged_pages,
)
from chalicelib.statements.result import recognize_sheets

if TYPE_CHECKING:
    from collections.abc import Callable

    from chalicelib.models import Extraction
    from chalicelib.ports import ObjectStore
    from chalicelib.ports.recognition import (
        JobState,
        RecognitionJobs,
        RecognizerHandoff,
        SourceFiles,
    )
    from chalicelib.statements.grid import Sheet

logger = logging.getLogger(__name__)

# The extension of the file handed to the external recognizer, by the request's file_type.
_EXTENSION = {
    "XLS": "xls",
    "XLSX": "xlsx",
    "XLSB": "xlsb",
    "PDF": "pdf",
    "PNG": "png",
    "JPG": "jpg",
}
_CONTENT_TYPE = {"pdf": "application/pdf", "png": "image/png", "jpg": "image/jpeg"}
# The recognizer's error codes (the hand-off's result) as the contract's.
_RECOGNIZER_ERRORS = {
    "source_not_found": ErrorCode.FILE_READ_ERROR,
    "invalid_source_json": ErrorCode.RECOGNITION_FAILED,
}
# The result file's code for "nothing here is accounting": the request's document is not one
# this service recognises.
_NOT_ACCOUNTING = "NOT_ACCOUNTING"
# How long a claim's worker may be at its job: longer than the Recognition function's
# timeout (300 s), so a job still `processing` after it has no worker left; the sweep
# (`chalicelib.recognition.stale`) answers it.
WORK_LEASE = timedelta(minutes=6)
# Where a job may be finished from: worked on here, or waiting for the external recognizer.
_IN_PROGRESS: tuple[JobState, ...] = ("processing",)
_HANDED_OFF: tuple[JobState, ...] = ("handed_off",)


class RecognitionFailedError(Exception):
    """A request that ends in an error answer: the contract's code and a message for the sender."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class RecognitionConfig:
    """What the service needs besides its ports."""

    service: Service
    bucket: str  # our documents bucket: result files and hand-off copies go there
    max_bytes: int  # the largest file read (the upload limit)


class RecognitionService:
    """Answers recognition requests; see the module's docstring for the rules."""

    def __init__(
        self,
        *,
        jobs: RecognitionJobs,
        publisher: AnswerPublisher,
        sources: SourceFiles,
        store: ObjectStore,
        extractor: Callable[[bytes, str], Extraction],
        config: RecognitionConfig,
        clock: Callable[[], datetime],
        handoff: RecognizerHandoff | None = None,
    ) -> None:
        self._jobs = jobs
        self._answers = JobAnswers(jobs, publisher)
        self._sources = sources
        self._store = store
        self._extractor = extractor
        self._config = config
        self._clock = clock
        # Set when EXTERNAL_RECOGNIZER_ENABLED: image requests go to the external recognizer.
        self._handoff = handoff

    # --- requests -----------------------------------------------------------------

    def handle_request(self, subject: str, detail: object) -> dict[str, Any]:
        """One request off the bus (or from the HTTP entry): what was done with it."""
        read = env.read_request(subject, detail)
        if isinstance(read, Unanswerable):
            logger.warning("recognition request dropped (%s), job_id=%s", read.reason, read.job_id)
            return {"outcome": "dropped", "reason": read.reason}
        if isinstance(read, Refused):
            return self._refuse(read)
        job = _job_of(read, lease_until=self._clock() + WORK_LEASE)
        if not self._jobs.claim(job):
            return self._answer_again(read)
        return self._process(read, job)

    def _refuse(self, refused: Refused) -> dict[str, Any]:
        """SCHEMA_MISMATCH for a job nobody claimed yet; nothing for a job that exists.

        The refusal claims the job too (and ends it in error): a valid copy of the same job
        coming later is then re-acked and answered with this refusal again, never processed
        under the result id the refusal already used.
        """
        if not self._jobs.claim(_refused_job(refused)):
            # Its SCHEMA_MISMATCH would carry result:<job_id>:<attempt>, the real result's id.
            logger.info("invalid copy of job %s dropped: %s", refused.job_id, refused.message)
            return {"outcome": "dropped", "job_id": refused.job_id, "reason": "invalid duplicate"}
        logger.info("recognition request refused: %s %s", refused.job_id, refused.message)
        answer = env.refusal(refused, self._config.service, self._clock())
        return self._answers.finish(_refused_job(refused), answer, allowed_from=_IN_PROGRESS)

    def _answer_again(self, request: Request) -> dict[str, Any]:
        """A request for a job already claimed: its ack again, and its result if it has one.

        The result goes out again under its original message id (`result:<job_id>:<attempt of
        the request that claimed it>`): consumers deduplicate on it, and the sender that asks
        again may never have seen the first copy.
        """
        self._ack(request)
        job = self._jobs.get(request.job_id)
        republished = False
        if job is not None and job.state in FINISHED_STATES and job.result is not None:
            republished = self._answers.publish(job.result, record_on=None)
        logger.info("job %s already claimed: re-acked (%s)", request.job_id, request.msg_id)
        return {"outcome": "re-acked", "job_id": request.job_id, "result_republished": republished}

    def _process(self, request: Request, job: RecognitionJob) -> dict[str, Any]:
        self._ack(request)
        try:
            if self._clock() >= request.reply_deadline:
                raise RecognitionFailedError(
                    ErrorCode.TIMEOUT,
                    f"The reply deadline {env.utc_text(request.reply_deadline)} had passed "
                    "before work on the file started.",
                )
            data = self._read_source(request)
            if self._handoff is not None and request.pipeline == "image":
                return self._hand_off(request, data)
            sheets, file_format = self._sheets(request, data)
            answer = self._recognised(job, sheets, file_format, size=len(data))
        except RecognitionFailedError as failure:
            answer = self._error(job, failure.code, failure.message)
        except Exception as exc:  # our own bug: the sender still gets an answer
            logger.exception("recognition of job %s failed unexpectedly", job.job_id)
            answer = self._error(
                job, ErrorCode.UNKNOWN_ERROR, f"Internal error ({type(exc).__name__})."
            )
        return self._answers.finish(job, answer, allowed_from=_IN_PROGRESS)

    def _ack(self, request: Request) -> None:
        self._answers.publish(
            env.ack(request, self._config.service, self._clock()), record_on=request.job_id
        )

    def _read_source(self, request: Request) -> bytes:
        if request.bucket == self._config.bucket and not request.key.startswith(RECOGNITION_PREFIX):
            # Our bucket holds other people's documents: a sender reaches only the place
            # made for requests' files (the function's role grants no more on AWS either).
            raise RecognitionFailedError(
                ErrorCode.FILE_READ_ERROR,
                f"s3://{request.bucket}/{request.key} may not be read: files in this bucket "
                f"go under {RECOGNITION_PREFIX}.",
            )
        try:
            return self._sources.read(request.bucket, request.key, max_bytes=self._config.max_bytes)
        except StoredObjectMissingError as exc:
            raise RecognitionFailedError(
                ErrorCode.FILE_READ_ERROR,
                f"No file at s3://{request.bucket}/{request.key}.",
            ) from exc
        except StorageUnavailableError as exc:
            raise RecognitionFailedError(
                ErrorCode.FILE_READ_ERROR,
                f"The file at s3://{request.bucket}/{request.key} could not be read: {exc}",
            ) from exc
        except DocumentTooLargeError as exc:
            raise RecognitionFailedError(
                ErrorCode.UNREADABLE,
                f"The file is larger than {self._config.max_bytes // 2**20} MB, the limit.",
            ) from exc

    def _sheets(self, request: Request, data: bytes) -> tuple[list[Sheet], str]:
        """The file's sheets, read by Extract's readers in their isolated worker."""
        try:
            kind = check_file_kind(data, request.file_type)
            extraction = self._extractor(data, _EXTENSION[request.file_type])
        except UnexpectedFileError as exc:
            raise RecognitionFailedError(ErrorCode.INVALID_FORMAT, str(exc)) from exc
        except TerminalError as exc:
            raise RecognitionFailedError(_code_of(exc), exc.message) from exc
        return sheets_of_extraction(extraction), kind

    def _recognised(
        self,
        job: RecognitionJob,
        sheets: list[Sheet],
        file_format: str,
        *,
        size: int | None,
        raw_s3_key: str | None = None,
    ) -> dict[str, Any]:
        """The result file written, and the answer that names it (or the error it is)."""
        result = recognize_sheets(
            sheets,
            file_name=job.original_name,
            file_format=file_format,
            file_id=job.file_id,
            job_id=job.job_id,
            size=size,
        )
        status = result["job"]["status"]
        if status == "error":
            problem = result.get("error") or {}
            code = ErrorCode.INVALID_DOCUMENT
            if problem.get("code") != _NOT_ACCOUNTING:
                code = ErrorCode.RECOGNITION_FAILED
            return self._error(job, code, str(problem.get("message") or code.value), raw_s3_key)
        key = build_result_key(job.file_id, job.job_id)
        # The file first: an answer must never name a file that is not there yet.
        self._store.put_text(
            key,
            json.dumps(result, ensure_ascii=False, indent=2),
            content_type="application/json",
            expires_with_text=False,
        )
        return env.result(
            job.job_id,
            job.file_id,
            job.attempt,
            service=self._config.service,
            now=self._clock(),
            bucket=self._config.bucket,
            key=key,
            result_schema_version=LATEST_RESULT_VERSION,
            needs_check=status == "needs_check",
            raw_s3_key=raw_s3_key,
            metrics={"documents": len(result["documents"]), "sheets": len(sheets)},
        )

    def _error(
        self, job: RecognitionJob, code: ErrorCode, message: str, raw_s3_key: str | None = None
    ) -> dict[str, Any]:
        return env.error(
            job.job_id,
            job.file_id,
            job.attempt,
            code,
            message,
            service=self._config.service,
            now=self._clock(),
            raw_s3_key=raw_s3_key,
        )

    # --- the external recognizer ----------------------------------------------------

    def _hand_off(self, request: Request, data: bytes) -> dict[str, Any]:
        """Copy the file into our bucket and start the hand-off (task_id = job_id)."""
        assert self._handoff is not None
        try:
            check_file_kind(data, request.file_type)
        except UnexpectedFileError as exc:
            raise RecognitionFailedError(ErrorCode.INVALID_FORMAT, str(exc)) from exc
        ext = _EXTENSION[request.file_type]
        key = build_recognition_source_key(request.file_id, request.job_id, ext)
        self._store.put_bytes(
            key, data, content_type=_CONTENT_TYPE.get(ext, "application/octet-stream")
        )
        expires = max(request.reply_deadline, self._clock())
        command = {
            "task_id": request.job_id,
            "file_id": request.file_id,
            "source_s3_key": key,
            "expires_at": env.utc_text(expires),
        }
        self._handoff.start(command, request.job_id)
        self._jobs.move(request.job_id, allowed_from=_IN_PROGRESS, to="handed_off")
        logger.info("job %s handed to the external recognizer (%s)", request.job_id, key)
        return {"outcome": "handed_off", "job_id": request.job_id, "source_s3_key": key}

    def on_recognizer_result(self, detail: dict[str, Any]) -> dict[str, Any]:
        """The hand-off's result (`files.tabular_parsed` from the file worker): the job's answer.

        The task is the job (task_id = job_id); a result for a job that is not handed off (a
        duplicate delivery, a job already answered) changes nothing.
        """
        task_id = str(detail.get("task_id") or "")
        job = self._jobs.get(task_id) if env.is_uuid(task_id) else None
        if job is None or job.state != "handed_off":
            logger.info("recognizer result for %r ignored: no job waiting for it", task_id)
            return {"outcome": "ignored", "task_id": task_id}
        status = detail.get("status")
        raw_key = str(detail.get("result_s3_key") or "") or None
        try:
            if status == "timeout":
                raise RecognitionFailedError(
                    ErrorCode.TIMEOUT, "The external recognizer did not answer before the deadline."
                )
            if status != "ready" or raw_key is None:
                recognizer_code = str(detail.get("error_code") or "unknown")
                raise RecognitionFailedError(
                    _RECOGNIZER_ERRORS.get(recognizer_code, ErrorCode.UNKNOWN_ERROR),
                    f"The external recognizer failed: {recognizer_code}.",
                )
            sheets = self._merged_sheets(raw_key)
            kind = FILE_KINDS.get(job.file_type, "image")
            answer = self._recognised(job, sheets, kind, size=None, raw_s3_key=raw_key)
        except RecognitionFailedError as failure:
            answer = self._error(job, failure.code, failure.message, raw_key)
        except Exception as exc:
            logger.exception("the recognizer's result for job %s failed unexpectedly", task_id)
            answer = self._error(
                job, ErrorCode.UNKNOWN_ERROR, f"Internal error ({type(exc).__name__}).", raw_key
            )
        return self._answers.finish(job, answer, allowed_from=_HANDED_OFF)

    def _merged_sheets(self, key: str) -> list[Sheet]:
        try:
            data = self._store.get_bytes(key, max_bytes=MERGED_MAX_BYTES)
        except (StoredObjectMissingError, StorageUnavailableError, DocumentTooLargeError) as exc:
            raise RecognitionFailedError(
                ErrorCode.FILE_READ_ERROR,
                f"The recognizer's merged result {key} could not be read.",
            ) from exc
        try:
            return sheets_of_merged_pages(data)
        except ValueError as exc:
            raise RecognitionFailedError(
                ErrorCode.RECOGNITION_FAILED, f"The recognizer's merged result is malformed: {exc}"
            ) from exc


def _job_of(request: Request, *, lease_until: datetime) -> RecognitionJob:
    return RecognitionJob(
        job_id=request.job_id,
        file_id=request.file_id,
        attempt=request.attempt,
        pipeline=request.pipeline,
        file_type=request.file_type,
        original_name=request.original_name,
        source_bucket=request.bucket,
        source_key=request.key,
        reply_deadline=env.utc_text(request.reply_deadline),
        created_at=datetime.now(UTC).isoformat(),
        lease_until=lease_until,
    )


def _refused_job(refused: Refused) -> RecognitionJob:
    """The record of a job whose request was refused: named, nothing else known for sure."""
    return RecognitionJob(
        job_id=refused.job_id,
        file_id=refused.file_id,
        attempt=refused.attempt,
        pipeline="",
        file_type="",
        original_name="",
        source_bucket="",
        source_key="",
        reply_deadline="",
        created_at=datetime.now(UTC).isoformat(),
    )


def _code_of(exc: TerminalError) -> ErrorCode:
    """A reader's error as the contract's code."""
    if isinstance(exc, UnsupportedFormatError):
        return ErrorCode.UNSUPPORTED_FORMAT
    if isinstance(
        exc,
        UnreadableDocumentError
        | EncryptedDocumentError
        | HostileDocumentError
        | ExtractionCrashedError
        | DocumentTooLargeError
        | DocumentTooLongError
        | TooManyScannedPagesError,
    ):
        return ErrorCode.UNREADABLE
    # A reader that ran out of time, OCR that is not there, and whatever else a reader
    # refused: the file may be fine, its recognition failed.
    return ErrorCode.RECOGNITION_FAILED
