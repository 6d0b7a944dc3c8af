"""The Bot API's call shape: a request's parameters as Telegram reads them, and its refusals.

Telegram reads every parameter leniently: numbers and booleans may come as text, complex
fields (reply_markup, entities, reply_parameters, ...) as JSON strings. A refusal is an
`ApiError` with the HTTP status and Telegram's exact description, so aiogram raises the same
exception class with the same message as in production.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from infra.localcloud.fake_telegram.wire import Upload

BLOCKED = "Forbidden: bot was blocked by the user"
NOT_MODIFIED = (
    "message is not modified: specified new message content and reply markup are exactly "
    "the same as a current content and reply markup of the message"
)
QUERY_TOO_OLD = "query is too old and response timeout expired or query ID is invalid"
WEBHOOK_CONFLICT = (
    "Conflict: can't use getUpdates method while webhook is active; "
    "use deleteWebhook to delete the webhook first"
)


class ApiError(Exception):
    """A refusal: the HTTP status and Telegram's description (and retry_after for 429)."""

    def __init__(self, status: int, description: str, retry_after: int | None = None) -> None:
        super().__init__(description)
        self.status = status
        self.description = description
        self.retry_after = retry_after


def bad_request(detail: str) -> ApiError:
    """A 400 with Telegram's "Bad Request: " prefix."""
    return ApiError(400, f"Bad Request: {detail}")


@dataclass(frozen=True)
class Described:
    """A result that comes with a description (setWebhook and deleteWebhook send one)."""

    result: Any
    description: str


@dataclass
class Request:
    """One call's parameters and files, with readers that coerce the way Telegram does."""

    params: dict[str, Any]
    files: dict[str, Upload] = field(default_factory=dict)

    def text(self, name: str) -> str | None:
        """A string parameter (absent or empty: None)."""
        value = self.params.get(name)
        return None if value in (None, "") else str(value)

    def integer(self, name: str) -> int | None:
        """An integer parameter; 400 when it is not one."""
        value = self.params.get(name)
        if value in (None, ""):
            return None
        try:
            return int(value)
        except (TypeError, ValueError):
            raise bad_request(f"invalid {name} specified") from None

    def flag(self, name: str) -> bool:
        """A boolean parameter: JSON true or the text "true"/"1"."""
        value = self.params.get(name)
        return value is True or str(value).lower() in ("true", "1")

    def json(self, name: str, what: str | None = None) -> Any:
        """A complex parameter: sent as a JSON string by form-data clients, or as JSON."""
        value = self.params.get(name)
        if not isinstance(value, str):
            return value
        try:
            return json.loads(value)
        except ValueError:
            raise bad_request(f"can't parse {what or name} JSON object") from None
