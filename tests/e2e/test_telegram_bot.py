"""The Telegram bot end to end: a fake of Telegram's Bot API posts updates to the webhook's
Function URL on the served local cloud, and the test reads what the bot sent back.

Everything between is real: the webhook's secret check and update claim, the asynchronous
hand-off to the aiogram worker, the download from the fake's file server, the upload with its
credit, the state machine, the "Document Status Changed" events on the bus and the progress
function that edits the chat's status message. Each test plays its own user (chat id).
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import TYPE_CHECKING, Any

import boto3
import httpx
import pytest

from infra.localcloud import LocalCloud
from infra.localcloud.telegram_local import LocalTelegram
from tests.documents import RU_SUPPLY_CONTRACT_HTML, make_pdf

if TYPE_CHECKING:
    from collections.abc import Iterator

    from infra.localcloud.fake_telegram.state import BotMessage

pytestmark = pytest.mark.e2e

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "pipeline"
CONTRACT = make_pdf()


@pytest.fixture(scope="module")
def bot() -> Iterator[LocalTelegram]:
    telegram = LocalTelegram(album_settle_seconds=1.5).start()
    cloud = LocalCloud(
        env_overrides={**telegram.environment(), "SIGNUP_CREDITS": "3"},
        retry_wait_factor=0.001,
    )
    try:
        cloud.start_server(access_log=False)  # the HTTP API too: a reviewer decides there
        telegram.connect(cloud)
        yield telegram
    finally:
        cloud.stop()
        telegram.stop()


@pytest.fixture
def tmp_file(tmp_path: Path) -> Any:
    def write(name: str, data: bytes) -> Path:
        path = tmp_path / name
        path.write_bytes(data)
        return path

    return write


def _texts(bot: LocalTelegram, chat_id: int) -> list[str]:
    return [m.text or m.caption or "" for m in bot.fake.messages(chat_id)]


def _with_buttons(bot: LocalTelegram, chat_id: int) -> BotMessage:
    return next(m for m in bot.fake.messages(chat_id) if m.callback_data)


def _no_handler_errors(bot: LocalTelegram) -> None:
    assert bot.cloud is not None
    assert [(e.logical_id, e.message) for e in bot.cloud.errors] == []


def test_bot_start_greets_in_the_users_language_and_lang_switches_it(bot: LocalTelegram) -> None:
    chat = 2001
    assert bot.say(chat, "/start", language_code="ru") == 200
    assert "Здравствуйте" in _texts(bot, chat)[-1] and "3" in _texts(bot, chat)[-1]
    bot.say(chat, "/lang")
    choose = bot.fake.messages(chat)[-1]
    bot.press(chat, choose.message_id, next(d for d in choose.callback_data if d.endswith("en")))
    assert bot.fake.messages(chat)[-1].text == "I will write in English."
    bot.say(chat, "/balance")
    assert _texts(bot, chat)[-1] == "Credits left: 3. Each check costs one credit."
    bot.say(chat, "/help")
    assert "/history" in _texts(bot, chat)[-1]
    _no_handler_errors(bot)


def test_bot_a_contract_runs_through_the_pipeline_with_one_status_message(
    bot: LocalTelegram, tmp_file: Any
) -> None:
    chat = 2002
    bot.say(chat, "/start", language_code="en")
    bot.send_file(chat, tmp_file("supply.pdf", CONTRACT))
    [document] = bot.wait_until_settled(chat)
    assert document.status.value == "done"
    status, result = bot.fake.messages(chat)[1:3]
    # One status message, edited forward through the stages the pipeline announced. Each
    # edit draws the document as it stands then, so a quick stage may be passed over, but
    # none is ever drawn after a later one.
    headlines = [text.splitlines()[0] for text in status.texts]
    assert headlines[0] == "⏳ Received…" and headlines[-1] == "✅ Done"
    stages = ["⏳ Received…", "⏳ Reading…", "⏳ Pre-screening…", "⏳ Analysis…", "✅ Done"]
    assert set(headlines) <= set(stages)
    assert headlines == sorted(headlines, key=stages.index)
    assert len(set(headlines)) >= 3  # the run was followed, not just begun and ended
    # The result: facts, findings by severity and the gravest quotes, with its buttons.
    assert result.text is not None and result.text.startswith("Screening result: supply.pdf")
    assert "Findings:" in result.text and "does not replace the advice of a lawyer" in result.text
    assert any(e["type"] == "blockquote" for e in result.entities)
    assert result.buttons == ["📄 Full report", "🗑 Delete"]
    bot.say(chat, "/balance")
    assert "Credits left: 2." in _texts(bot, chat)[-1]
    _no_handler_errors(bot)


def test_bot_full_report_and_delete_buttons(bot: LocalTelegram, tmp_file: Any) -> None:
    chat = 2003
    bot.say(chat, "/start", language_code="en")
    bot.send_file(
        chat, tmp_file("agreement.pdf", (FIXTURES / "en_distributor_agreement.pdf").read_bytes())
    )
    bot.wait_until_settled(chat)
    result = _with_buttons(bot, chat)
    bot.press(chat, result.message_id, result.callback_data[0])
    report = bot.fake.messages(chat)[-1]
    sent = report.document
    if sent is not None:  # longer than one message: a Markdown file
        assert sent.file_name == "agreement.report.md"
        assert sent.data.decode().startswith("# ")
    else:
        assert (report.text or "").startswith("# ")
    bot.press(chat, result.message_id, result.callback_data[1])
    confirm = bot.fake.messages(chat)[-1]
    assert confirm.text is not None and confirm.text.startswith("Delete “agreement.pdf”?")
    bot.press(chat, confirm.message_id, confirm.callback_data[0])
    assert bot.fake.messages(chat)[-1].text == "“agreement.pdf” is deleted."
    assert bot.documents_of(chat) == []  # out of the owner's list
    _no_handler_errors(bot)


def test_bot_takes_a_redelivered_update_once(bot: LocalTelegram) -> None:
    chat = 2004
    bot.say(chat, "/start", language_code="en")
    document = bot.fake.add_user_file(CONTRACT, file_name="twice.pdf")
    update = bot.fake.document_update(chat, document)
    assert bot.fake.deliver(update) == 200
    assert bot.fake.deliver(update) == 200  # Telegram's redelivery after a slow answer
    bot.wait_until_settled(chat)
    assert len(bot.documents_of(chat)) == 1
    status_messages = [m for m in bot.fake.messages(chat) if "twice.pdf" in (m.text or "")]
    assert len(status_messages) == 2  # one status message, one result
    bot.say(chat, "/balance")
    assert "Credits left: 2." in _texts(bot, chat)[-1]


def _post_webhook(bot: LocalTelegram, headers: dict[str, str], body: bytes) -> int:
    assert bot.cloud is not None
    url = bot.cloud.function_url("TelegramWebhookFunction")
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as exc:
        return exc.code


def test_bot_webhook_refuses_requests_without_telegrams_secret(bot: LocalTelegram) -> None:
    chat = 2005
    update = json.dumps(bot.fake.text_update(chat, "/start")).encode()
    wrong = {"X-Telegram-Bot-Api-Secret-Token": "guess", "Content-Type": "application/json"}
    assert _post_webhook(bot, wrong, update) == 401
    assert _post_webhook(bot, {"Content-Type": "application/json"}, update) == 401
    bot.settle()
    assert bot.fake.messages(chat) == []


def test_bot_answers_200_to_a_broken_update_so_telegram_stops(bot: LocalTelegram) -> None:
    headers = {"X-Telegram-Bot-Api-Secret-Token": bot.secret}
    assert _post_webhook(bot, headers, b"{not json") == 200
    assert _post_webhook(bot, headers, json.dumps({"update_id": 5, "poll": {}}).encode()) == 200
    bot.settle()
    _no_handler_errors(bot)


def test_bot_explains_an_unsupported_file_and_charges_nothing(
    bot: LocalTelegram, tmp_file: Any
) -> None:
    chat = 2006
    bot.say(chat, "/start", language_code="en")
    bot.send_file(chat, tmp_file("contracts.zip", b"PK\x03\x04 not a contract"))
    said = _texts(bot, chat)[-1]
    assert said.startswith("I cannot read this format") and "Send PDF, DOCX" in said
    assert bot.documents_of(chat) == []
    assert bot.fake.calls_of("getFile") == [] or all(
        c.params.get("file_id") != "contracts.zip" for c in bot.fake.calls_of("getFile")
    )


def test_bot_refuses_a_file_telegram_will_not_hand_to_bots(bot: LocalTelegram) -> None:
    chat = 2007
    bot.say(chat, "/start", language_code="ru")
    document = {**bot.fake.add_user_file(b"%PDF-1.7 tiny", file_name="huge.pdf")}
    document["file_size"] = 25 * 2**20
    downloads_before = len(bot.fake.calls_of("getFile"))
    bot.deliver(bot.fake.document_update(chat, document))
    assert "20 МБ" in _texts(bot, chat)[-1]
    assert len(bot.fake.calls_of("getFile")) == downloads_before
    assert bot.documents_of(chat) == []


def test_bot_without_credits_says_how_to_get_more(bot: LocalTelegram, tmp_file: Any) -> None:
    chat = 2008
    bot.say(chat, "/start", language_code="en")
    _set_credits(bot, chat, 0)
    bot.send_file(chat, tmp_file("late.pdf", CONTRACT))
    said = _texts(bot, chat)[-1]
    assert said.startswith("You have no credits left") and "administrator" in said
    assert bot.documents_of(chat) == []


def _set_credits(bot: LocalTelegram, chat: int, credits: int) -> None:
    from chalicelib.adapters.credentials import DynamoCredentialStore
    from chalicelib.settings import get_settings

    table = get_settings().table_name
    user_id = DynamoCredentialStore(table).get_telegram_link(chat)
    boto3.client("dynamodb").update_item(
        TableName=table,
        Key={"PK": {"S": f"USER#{user_id}"}, "SK": {"S": "PROFILE"}},
        UpdateExpression="SET credits_left = :c",
        ExpressionAttributeValues={":c": {"N": str(credits)}},
    )


def test_bot_encrypted_file_fails_in_plain_words_and_refunds(bot: LocalTelegram) -> None:
    chat = 2009
    bot.say(chat, "/start", language_code="en")
    bot.send_file(chat, FIXTURES / "encrypted.pdf")
    [document] = bot.wait_until_settled(chat)
    assert document.status.value == "failed" and document.refunded
    status = bot.fake.messages(chat)[1]
    assert status.text is not None and status.text.startswith("❌ Failed")
    assert "password" in status.text and "refunded" in status.text
    bot.say(chat, "/balance")
    assert "Credits left: 3." in _texts(bot, chat)[-1]
    _no_handler_errors(bot)


def test_bot_album_of_photos_becomes_one_scan_in_page_order(bot: LocalTelegram) -> None:
    chat = 2010
    bot.say(chat, "/start", language_code="en")
    page = FIXTURES / "ru_payment_order_scan.png"
    bot.send_album(chat, [page, page])
    [document] = bot.wait_until_settled(chat)
    assert document.ext == "tiff" and document.filename.startswith("Scan (2 pages)")
    # A payment order is no contract: prescreen holds it, and the one status message says so.
    [status] = [m for m in bot.fake.messages(chat) if "Scan (2 pages)" in (m.text or "")]
    assert document.status.value == "in_review"
    assert status.text is not None and status.text.startswith("👩‍⚖️ Held for a reviewer")
    # A reviewer approves it over HTTP: the run resumes, the message moves on, the result comes.
    assert bot.cloud is not None and bot.cloud.api_url is not None
    api = bot.cloud.api_url
    token = httpx.post(f"{api}/v1/auth/dev", json={"user_id": "rev-1", "role": "reviewer"})
    headers = {"authorization": f"Bearer {token.json()['access_token']}"}
    decided = httpx.post(
        f"{api}/v1/reviews/{document.document_id}", json={"decision": "approve"}, headers=headers
    )
    assert decided.status_code == 200, decided.text
    [document] = bot.wait_until_settled(chat, held_counts=False)
    assert document.status.value == "done"
    status, result = [m for m in bot.fake.messages(chat) if "Scan (2 pages)" in (m.text or "")]
    assert (status.text or "").startswith("✅ Done")
    assert "Reviewer's decision: approve" in (result.text or "")
    _no_handler_errors(bot)


def test_bot_history_lists_documents_and_a_button_resends_the_result(
    bot: LocalTelegram, tmp_file: Any
) -> None:
    chat = 2011
    bot.say(chat, "/start", language_code="en")
    bot.send_file(chat, tmp_file("first.pdf", CONTRACT))
    bot.wait_until_settled(chat)
    bot.say(chat, "/history")
    listing = bot.fake.messages(chat)[-1]
    assert listing.buttons == ["✅ first.pdf"]
    bot.press(chat, listing.message_id, listing.callback_data[0])
    again = bot.fake.messages(chat)[-1]
    assert again.text is not None and again.text.startswith("Screening result: first.pdf")


def test_bot_rides_out_a_flood_limit_and_a_blocked_chat(bot: LocalTelegram, tmp_file: Any) -> None:
    chat = 2012
    bot.say(chat, "/start", language_code="en")
    bot.fake.fail_next("editMessageText", status=429, retry_after=1)
    bot.fake.fail_next("sendMessage", status=429, retry_after=1, times=1)
    bot.send_file(chat, tmp_file("flood.pdf", CONTRACT))
    bot.wait_until_settled(chat)
    status, result = bot.fake.messages(chat)[1:3]
    # The run that waited out the flood limit drew the message as it stands, not as it was.
    assert status.text is not None and status.text.startswith("✅ Done")
    assert result.text is not None and result.text.startswith("Screening result: flood.pdf")
    # The user blocks the bot while the next document runs: its progress is dropped, the
    # document is not.
    bot.fake.fail_next("editMessageText", status=403)
    bot.send_file(chat, tmp_file("blocked.pdf", CONTRACT))
    documents = bot.wait_until_settled(chat)
    assert [d.status.value for d in documents] == ["done", "done"]
    _no_handler_errors(bot)


def test_bot_works_in_private_chats_only(bot: LocalTelegram) -> None:
    chat = -100777
    update = bot.fake.text_update(chat, "/start", language_code="en")
    update["message"]["chat"] = {"id": chat, "type": "group", "title": "Deal team"}
    bot.deliver(update)
    # The fake knows private chats only, so it refuses the answer; what the bot said is kept.
    said = [c.params for c in bot.fake.calls_of("sendMessage") if int(c.params["chat_id"]) == chat]
    assert said[0]["text"].startswith("I only work in private chats")


def test_bot_a_late_or_repeated_status_event_changes_nothing(
    bot: LocalTelegram, tmp_file: Any
) -> None:
    chat = 2013
    bot.say(chat, "/start", language_code="en")
    bot.send_file(chat, tmp_file("again.pdf", CONTRACT))
    [document] = bot.wait_until_settled(chat)
    sent_before = len(bot.fake.messages(chat))
    # EventBridge delivers an old "extracting" event again, after the document is done.
    event = {
        "version": "0",
        "id": "late-1",
        "detail-type": "Document Status Changed",
        "source": "contract-check",
        "account": "123456789012",
        "time": "2026-12-01T00:00:00Z",
        "region": "us-east-1",
        "resources": [],
        "detail": {
            "document_id": document.document_id,
            "version": 1,
            "status": "extracting",
            "telegram": {"chat_id": chat, "message_id": document.telegram_message_id},
        },
    }
    assert bot.cloud is not None
    answer = bot.cloud.invoke("TelegramProgressFunction", event)
    assert answer.payload["outcome"] == "unchanged"  # Telegram said "message is not modified"
    refused = [c for c in bot.fake.calls_of("editMessageText") if c.status == 400]
    assert refused  # the fake answered the real error, and the bot took it in its stride
    assert len(bot.fake.messages(chat)) == sent_before  # no second result
    assert (bot.fake.messages(chat)[1].text or "").startswith("✅ Done")


def test_bot_a_balance_sheet_gets_its_figures_and_failed_checks_not_contract_blanks(
    bot: LocalTelegram,
) -> None:
    chat = 2030
    bot.say(chat, "/start", language_code="ru")
    balance = Path(__file__).parents[1] / "fixtures" / "statements" / "form_balance_broken.xlsx"
    bot.send_file(chat, balance)
    [document] = bot.wait_until_settled(chat)
    assert (document.status.value, document.pipeline) == ("done", "statement")
    [result] = [m for m in bot.fake.messages(chat) if (m.text or "").startswith("Отчётность")]
    assert result.text is not None
    assert "ИНН 7725123451" in result.text
    assert "Итого активы (баланс): 25\u00a0620 тыс. руб." in result.text
    assert "контрольные соотношения нарушены" in result.text
    assert "1600 = 1700" in result.text  # the failed relation, in words
    assert "Стороны" not in result.text  # no contract fields left blank
    _no_handler_errors(bot)


def test_bot_a_file_sent_in_reply_to_a_result_is_the_documents_next_version(
    bot: LocalTelegram, tmp_file: Any
) -> None:
    chat = 2101
    bot.say(chat, "/start", language_code="en")
    bot.send_file(chat, tmp_file("supply.pdf", CONTRACT))
    [first] = bot.wait_until_settled(chat)
    result = _with_buttons(bot, chat)
    changed = make_pdf(RU_SUPPLY_CONTRACT_HTML.replace("2 500 000,00", "3 000 000,00"))

    bot.send_file(chat, tmp_file("supply-v2.pdf", changed), reply_to=result.message_id)
    [second] = bot.wait_until_settled(chat)

    assert (second.document_id, second.version, second.status.value) == (
        first.document_id,
        2,
        "done",
    )
    assert second.filename == "supply-v2.pdf"
    latest = [m for m in bot.fake.messages(chat) if m.callback_data][-1]
    assert latest.message_id != result.message_id
    assert latest.text is not None and latest.text.startswith("Screening result: supply-v2.pdf")
    # The same file again, in reply to the new result: no version, no credit.
    bot.send_file(chat, tmp_file("again.pdf", changed), reply_to=latest.message_id)
    assert "identical to v2" in _texts(bot, chat)[-1]
    [still] = bot.documents_of(chat)
    assert still.version == 2
    bot.say(chat, "/balance")
    assert "Credits left: 1." in _texts(bot, chat)[-1]
    _no_handler_errors(bot)
