"""Which document a file sent in reply to the bot is a new version of."""

from __future__ import annotations

from typing import Any

from aiogram.types import Message

from chalicelib.telegram.bot import DocAction, document_replied_to


def _message(replied: dict[str, Any] | None) -> Message:
    payload: dict[str, Any] = {
        "message_id": 10,
        "date": 0,
        "chat": {"id": 7, "type": "private"},
        "from": {"id": 7, "is_bot": False, "first_name": "Anna"},
        "document": {"file_id": "f", "file_unique_id": "u", "file_name": "v2.pdf"},
    }
    if replied is not None:
        payload["reply_to_message"] = replied
    return Message.model_validate(payload)


def _bot_message(*document_ids: str, from_bot: bool = True) -> dict[str, Any]:
    buttons = [
        [{"text": "Full report", "callback_data": DocAction(action="full", document_id=d).pack()}]
        for d in document_ids
    ]
    return {
        "message_id": 9,
        "date": 0,
        "chat": {"id": 7, "type": "private"},
        "from": {"id": 1, "is_bot": from_bot, "first_name": "Contract-check"},
        "text": "Screening result",
        "reply_markup": {"inline_keyboard": buttons},
    }


def test_a_reply_to_a_documents_result_names_that_document() -> None:
    assert document_replied_to(_message(_bot_message("doc-1", "doc-1"))) == "doc-1"


def test_a_reply_to_a_list_of_documents_or_to_a_person_names_none() -> None:
    assert document_replied_to(_message(_bot_message("doc-1", "doc-2"))) is None
    assert document_replied_to(_message(_bot_message("doc-1", from_bot=False))) is None
    assert document_replied_to(_message(None)) is None
