"""The hand-off's errors: the state machine matches their class names."""

from __future__ import annotations

from chalicelib.errors import DomainError


class RecognizerError(DomainError):
    """Base of the hand-off's errors. Neither retryable nor terminal in the document
    pipeline's sense: only the hand-off's own state machine matches them, by name."""


class RecognizerShareUnavailableError(RecognizerError):
    """The share with the external recognizer (S3 prefix or SMB) did not answer."""

    code = "TEMPORARILY_UNAVAILABLE"
    http_status = 503
    failure_class = "storage"
    default_message = "The recognizer's share is unavailable."


class RecognizerSourceNotFoundError(RecognizerError):
    """The command's source is not in our documents bucket."""

    code = "source_not_found"
    default_message = "The source file is not in the documents bucket."


class InvalidRecognizerCommandError(RecognizerError):
    """The command does not match recognizerCommand-v1.0 (the message lists why)."""

    code = "SCHEMA_MISMATCH"
    http_status = 422
    default_message = "The recognizer command does not match its schema."


class RecognizerPublishFailedError(RecognizerError):
    """The result could not be put on the recognition bus after the publisher's tries."""

    code = "TEMPORARILY_UNAVAILABLE"
    http_status = 503
    default_message = "The recognition bus did not take the result."
