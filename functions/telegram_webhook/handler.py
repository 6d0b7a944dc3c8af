"""Telegram Webhook: Telegram's requests (a Function URL), checked and handed to the bot.

Light on purpose: no aiogram here, so a cold start answers Telegram in a fraction of a
second; the bot worker is invoked asynchronously with the update.
"""

from __future__ import annotations

import base64
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from chalicelib.events import FunctionUrlRequest
from chalicelib.lambda_entry import LambdaEntry
from chalicelib.wiring import telegram_webhook

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.typing import LambdaContext

entry = LambdaEntry()

_JSON = {"content-type": "application/json"}


@entry
def handler(event: dict[str, Any], context: LambdaContext) -> dict[str, Any]:
    """One webhook request: 200 once the update is taken (or is not worth a retry)."""
    try:
        request = FunctionUrlRequest.model_validate(event)
    except ValidationError:
        return {"statusCode": 400, "headers": _JSON, "body": '{"ok": false}'}
    if request.request_context.http.method != "POST":
        return {"statusCode": 405, "headers": {**_JSON, "allow": "POST"}, "body": '{"ok": false}'}
    body: str | bytes = request.body
    if request.is_base64_encoded:
        body = base64.b64decode(request.body, validate=False)
    answer = telegram_webhook().receive(request.headers, body)
    return {"statusCode": answer.status, "headers": _JSON, "body": answer.body}
