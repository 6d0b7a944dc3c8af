"""Domain errors: the names the state machine matches and the codes users see.

Every leaf is named `<Noun><Problem>Error` and carries a user-facing `code`
(the recognition contract's list), a `failure_class` (whose fault it is, for the
refund policy and the operators' metrics) and an HTTP status. Lambda reports the
class name as the error type; the ASL's `ErrorEquals` lists these names, and a
test checks that each exists here.
"""

from __future__ import annotations

from typing import ClassVar, Literal, get_args

# Whose fault a failure is. Only `user` is the caller's (the file or the request); every
# other class is ours or a provider's, and `infra_only` refunds all of them.
FailureClass = Literal[
    "user",  # the file or the request
    "infra",  # ours, nothing more specific: a step, the workflow, a deployment
    "storage",  # S3 or DynamoDB (the parameter store too) did not answer
    "llm_quota",  # the model provider's 429 or quota, or our own cap on calls is full
    "llm_timeout",  # the model did not answer in time
    "llm_unavailable",  # the model provider answered 5xx or could not be reached
    "llm_rejected",  # the provider refused our request: key, model or secret misconfigured
    "llm_output",  # the model's answer stayed invalid after the repair loop
    "ocr_failed",  # Tesseract or its language data is missing or failing
    "review",  # a held document was not decided in time
]
FAILURE_CLASSES: tuple[FailureClass, ...] = get_args(FailureClass)


class DomainError(Exception):
    """Base of every error the service raises on purpose."""

    code: ClassVar[str] = "INTERNAL"
    failure_class: ClassVar[FailureClass] = "infra"
    http_status: ClassVar[int] = 500
    default_message: ClassVar[str] = "Something went wrong on our side."

    def __init__(self, message: str | None = None) -> None:
        self.message = message or self.default_message
        super().__init__(self.message)


class RetryableError(DomainError):
    """A transient failure: the state machine retries it with backoff."""

    code = "TEMPORARILY_UNAVAILABLE"
    http_status = 503
    default_message = "A service we depend on is unavailable; the work will be retried."


class TerminalError(DomainError):
    """A failure that retrying cannot fix: the document ends as failed."""


# --- retryable -------------------------------------------------------------


class StorageUnavailableError(RetryableError):
    """S3 or DynamoDB did not answer, or throttled us."""

    failure_class = "storage"
    default_message = "Storage is temporarily unavailable."


class StoredObjectMissingError(RetryableError):
    """An object is not (yet) in the bucket: S3 may still be catching up."""

    failure_class = "storage"
    default_message = "The stored file could not be found yet."


class WorkflowUnavailableError(RetryableError):
    """Step Functions did not accept a call."""

    failure_class = "infra"
    default_message = "The workflow service is temporarily unavailable."


class LlmRateLimitedError(RetryableError):
    """The language model provider answered 429 or a quota error."""

    code = "RATE_LIMITED"
    failure_class = "llm_quota"
    default_message = "The analysis model is busy; the work will be retried."


class LlmTimeoutError(RetryableError):
    """The language model provider did not answer in time."""

    code = "TIMEOUT"
    failure_class = "llm_timeout"
    default_message = "The analysis model did not answer in time; the work will be retried."


class LlmUnavailableError(RetryableError):
    """The language model provider answered 5xx or could not be reached."""

    code = "TEMPORARILY_UNAVAILABLE"
    failure_class = "llm_unavailable"
    default_message = "The analysis model is unavailable; the work will be retried."


class LlmCapacityExhaustedError(RetryableError):
    """Every slot of the concurrent-call cap is taken."""

    code = "RATE_LIMITED"
    failure_class = "llm_quota"
    default_message = "All analysis slots are busy; the work will be retried."


class OcrCapacityExhaustedError(RetryableError):
    """Every slot of the run's lane on page OCR is taken (its `ocr-{lane}` semaphore)."""

    code = "RATE_LIMITED"
    failure_class = "ocr_failed"
    default_message = "All text-recognition slots are busy; the work will be retried."


# --- terminal: the input is at fault ---------------------------------------


class UnsupportedFormatError(TerminalError):
    """The file is of a type we do not read, or not the type it claims to be."""

    code = "UNSUPPORTED_FORMAT"
    failure_class = "user"
    http_status = 415
    default_message = (
        "This file type is not supported. Send PDF, DOCX, DOC, RTF, TXT, PNG, JPG or XLSX."
    )


class UnreadableDocumentError(TerminalError):
    """The file is corrupt or holds no text we can read."""

    code = "UNREADABLE"
    failure_class = "user"
    http_status = 422
    default_message = "The file is damaged or holds no readable text."


class EncryptedDocumentError(TerminalError):
    """The file is protected by a password."""

    code = "ENCRYPTED"
    failure_class = "user"
    http_status = 422
    default_message = (
        "The file is protected by a password. Remove the protection and send it again."
    )


class DocumentTooLargeError(TerminalError):
    """The file is larger than the upload limit or than the size it declared."""

    code = "TOO_LARGE"
    failure_class = "user"
    http_status = 413
    default_message = "The file is larger than allowed."


class DocumentTooLongError(TerminalError):
    """The document has more pages than we process."""

    code = "TOO_MANY_PAGES"
    failure_class = "user"
    http_status = 413
    default_message = "The document has more pages than we process."


class TooManyScannedPagesError(TerminalError):
    """The document has more pages that need OCR than we recognise."""

    code = "TOO_MANY_SCANNED_PAGES"
    failure_class = "user"
    http_status = 413
    default_message = "The document has more scanned pages than we recognise."


class HostileDocumentError(TerminalError):
    """The file tries to exhaust memory or reach outside (zip or XML bomb, external entity)."""

    code = "UNSAFE_CONTENT"
    failure_class = "user"
    http_status = 422
    default_message = (
        "The file contains structures we refuse to open (for example a zip or XML bomb)."
    )


class ExtractionTimeoutError(TerminalError):
    """Reading or recognising the document took longer than allowed."""

    code = "TIMEOUT"
    failure_class = "user"
    http_status = 422
    default_message = "Reading the document took too long. Send a shorter or clearer file."


class SchemaMismatchError(TerminalError):
    """A spreadsheet does not have the structure of an accounting statement we know."""

    code = "SCHEMA_MISMATCH"
    failure_class = "user"
    http_status = 422
    default_message = "The spreadsheet is not an accounting statement we recognise."


class UploadExpiredError(TerminalError):
    """The upload never arrived before its presigned form expired."""

    code = "UPLOAD_EXPIRED"
    failure_class = "user"
    http_status = 410
    default_message = "The file was not uploaded in time."


class ReviewRejectedError(TerminalError):
    """A reviewer rejected the document."""

    code = "REJECTED_BY_REVIEWER"
    failure_class = "user"
    http_status = 422
    default_message = "A reviewer rejected the document."


# --- terminal: we are at fault ---------------------------------------------


class InvalidModelOutputError(TerminalError):
    """The language model's answer stayed invalid after the repair loop."""

    code = "INVALID_MODEL_OUTPUT"
    failure_class = "llm_output"
    default_message = "The analysis model gave an answer we could not use."


class LlmRequestRejectedError(TerminalError):
    """The language model provider refused the request: bad key, unknown model, bad request."""

    code = "ANALYSIS_MISCONFIGURED"
    failure_class = "llm_rejected"
    default_message = "The analysis model refused our request; an operator must check its settings."


class OcrEngineUnavailableError(TerminalError):
    """Tesseract or its language data is missing from the deployment."""

    code = "OCR_UNAVAILABLE"
    failure_class = "ocr_failed"
    default_message = "Text recognition is unavailable on our side. Your credit was returned."


class ReviewTimedOutError(TerminalError):
    """Nobody decided a held document in time."""

    code = "REVIEW_TIMEOUT"
    failure_class = "review"
    default_message = "The document waited too long for a reviewer."


class ExtractionCrashedError(TerminalError):
    """The isolated extraction worker died (out of memory or a crash in a parser)."""

    code = "UNREADABLE"
    failure_class = "user"
    http_status = 422
    default_message = "The file could not be read: the reader ran out of memory or crashed on it."


class ImportInterruptedError(DomainError):
    """A zip's import stopped before it finished (a crash, a timeout) and was not resumed.

    The sweeper's verdict on a batch, never raised in a run: not a TerminalError, which the
    state machine must catch."""

    code = "IMPORT_INTERRUPTED"
    failure_class = "infra"
    default_message = (
        "Opening the archive stopped before it finished. The documents made of it so far are "
        "listed in the batch and run as usual; the rest were not charged. Send them again."
    )


# --- request errors (HTTP only, never in the state machine) -----------------


class RequestError(DomainError):
    """A caller's request is wrong; nothing was changed."""

    code = "BAD_REQUEST"
    failure_class = "user"
    http_status = 400
    default_message = "The request is not valid."


class InvalidRequestError(RequestError):
    """A field of the request is missing or malformed."""


class AuthenticationRequiredError(RequestError):
    """The caller did not prove who they are."""

    code = "UNAUTHORIZED"
    http_status = 401
    default_message = "Sign in first."


class ForbiddenError(RequestError):
    """The caller is signed in but their role does not allow this."""

    code = "FORBIDDEN"
    http_status = 403
    default_message = "Your role does not allow this."


class InsufficientCreditsError(RequestError):
    """The user has no credit left to reserve."""

    code = "INSUFFICIENT_CREDITS"
    http_status = 402
    default_message = "You have no credits left."


class DocumentNotFoundError(RequestError):
    """No such document, or not one of the caller's."""

    code = "NOT_FOUND"
    http_status = 404
    default_message = "No such document."


class DocumentStateConflictError(RequestError):
    """The document is not in a state that allows this action."""

    code = "CONFLICT"
    http_status = 409
    default_message = "The document is not in a state that allows this."


class VersionInProgressError(RequestError):
    """A new version or a roll-back was asked while the current version is still running."""

    code = "VERSION_IN_PROGRESS"
    http_status = 409
    default_message = (
        "The current version is still being processed; upload the next one once it is done."
    )


class DuplicateVersionError(RequestError):
    """The file is the same (same SHA-256) as one of the document's versions."""

    code = "DUPLICATE_VERSION"
    http_status = 409
    default_message = "This file is identical to an existing version of the document."


class VersionNotFoundError(RequestError):
    """No such version of the document (or the document is not the caller's)."""

    code = "NOT_FOUND"
    http_status = 404
    default_message = "No such version."


class UploadTooLargeError(RequestError):
    """The declared size is over the upload limit."""

    code = "TOO_LARGE"
    http_status = 413
    default_message = "The file is larger than allowed."


class UploadTypeNotSupportedError(RequestError):
    """The declared name or content type is not one we accept."""

    code = "UNSUPPORTED_FORMAT"
    http_status = 415
    default_message = "This file type is not supported."


# --- recognition as a service over HTTP (POST /v1/recognitions) ---------------------------


class RecognitionRequestRefusedError(RequestError):
    """A recognition request that fails the contract's request schema (or names no job)."""

    code = "SCHEMA_MISMATCH"
    default_message = "The request does not match recognitionRequest-v1.0."


class RecognitionJobTakenError(RequestError):
    """The request's job_id is a job another partner sent."""

    code = "CONFLICT"
    http_status = 409
    default_message = "This job_id belongs to another sender's job: use a new job_id."


class RecognitionNotFoundError(RequestError):
    """No such recognition job, or not one the caller sent."""

    code = "NOT_FOUND"
    http_status = 404
    default_message = "No such recognition job."


class RecognitionBusUnavailableError(RequestError):
    """The recognition bus did not take the request (after the publisher's retries)."""

    code = "TEMPORARILY_UNAVAILABLE"
    http_status = 503
    default_message = "The request could not be queued; send it again (same msg_id)."


def terminal_error_names() -> set[str]:
    """Names of every concrete terminal error, for the ASL check."""
    return {cls.__name__ for cls in _leaves(TerminalError)}


def retryable_error_names() -> set[str]:
    """Names of every concrete retryable error, for the ASL check."""
    return {cls.__name__ for cls in _leaves(RetryableError)}


def error_class_by_name(name: str) -> type[DomainError] | None:
    """The domain error class a Lambda error type names, if it is one of ours."""
    for cls in _leaves(DomainError):
        if cls.__name__ == name:
            return cls
    return None


def _leaves(base: type[DomainError]) -> list[type[DomainError]]:
    found: list[type[DomainError]] = []
    for sub in base.__subclasses__():
        children = _leaves(sub)
        found.extend(children or [sub])
    return found
