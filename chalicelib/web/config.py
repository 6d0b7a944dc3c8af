"""What the web page may offer on this deployment: `GET /web/config.json`."""

from __future__ import annotations

from typing import Any

from chalicelib.formats import BY_EXTENSION
from chalicelib.models import CHECK_FACT_BELOW


def page_config(
    *, telegram_bot_username: str, telegram_enabled: bool, max_upload_bytes: int
) -> dict[str, Any]:
    """Telegram sign-in, the upload limit, the content type to declare for each extension, and
    the chance of being right under which a fact is one to check (as the report marks it).

    The Login Widget is offered only with a bot username and a bot token (the server checks
    the widget's data with the token); the Mini App sign-in needs the token only.
    """
    widget = telegram_bot_username if telegram_enabled and telegram_bot_username else None
    return {
        "telegram_bot_username": widget,
        "telegram_enabled": telegram_enabled,
        "max_upload_bytes": max_upload_bytes,
        "content_types": {ext: form.content_types[0] for ext, form in BY_EXTENSION.items()},
        "check_fact_below": CHECK_FACT_BELOW,
    }
