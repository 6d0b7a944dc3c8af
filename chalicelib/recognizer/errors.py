"""The hand-off's errors: the state machine matches their class names."""

from __future__ import annotations

from chalicelib.errors import RetryableError, TerminalError


class RecognizerShareUnavailableError(RetryableError):
    """The share with the external recognizer (S3 prefix or SMB) did not answer."""

    failure_class = "storage"
    default_message = "The recognizer's share is unavailable."


class RecognizerSourceNotFoundError(TerminalError):
    """The command's source is not in our documents bucket."""

    code = "source_not_found"
    default_message = "The source file is not in the documents bucket."


class InvalidRecognizerCommandError(TerminalError):
    """The command does not match recognizerCommand-v1.0 (the message lists why)."""

    code = "SCHEMA_MISMATCH"
    http_status = 422
    default_message = "The recognizer command does not match its schema."


class RecognizerPublishFailedError(RetryableError):
    """The result could not be put on the recognition bus after the publisher's tries."""

    failure_class = "infra"
    default_message = "The recognition bus did not take the result."
