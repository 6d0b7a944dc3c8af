"""Every status change is announced once it is written; the server-side upload of the bot."""

from __future__ import annotations

import pytest

from chalicelib.errors import InvalidRequestError
from chalicelib.keys import build_upload_key
from chalicelib.models import DocumentError
from chalicelib.services.extraction import UploadEvent
from chalicelib.services.status_events import status_event_detail
from chalicelib.services.uploads import UploadRequest
from tests.fakes.ports import FakeStatusEvents
from tests.unit.test_services import PDF, World


def _announcing_world() -> tuple[World, FakeStatusEvents]:
    events = FakeStatusEvents()
    return World(events=events), events


def test_status_events_extract_announces_reading_then_prescreen() -> None:
    world, events = _announcing_world()
    event = world.upload()
    world.extraction.handle_upload(event)
    statuses = [status for _, status in events.published]
    assert statuses == ["extracting", "prescreening"]


def test_status_events_a_duplicate_upload_event_announces_nothing_more() -> None:
    world, events = _announcing_world()
    event = world.upload()
    world.extraction.handle_upload(event)
    world.extraction.handle_upload(event)
    assert len(events.published) == 2


def test_status_events_a_failure_is_announced_with_its_refund() -> None:
    world, events = _announcing_world()
    doc = world.uploads.request_upload("alice", PDF).document
    error = DocumentError(code="UNREADABLE", message="x", failure_class="user")
    world.failures.record(doc.document_id, error)
    assert events.published == [(doc.document_id, "failed")]


def test_status_events_detail_carries_the_telegram_chat_only_when_there_is_one() -> None:
    world = World()
    request = UploadRequest(
        filename="a.pdf",
        content_type="application/pdf",
        size=3,
        telegram_chat_id=42,
        telegram_message_id=7,
    )
    from_bot = world.uploads.upload_bytes("alice", request, b"abc")
    from_web = world.uploads.request_upload("alice", PDF).document
    assert status_event_detail(from_bot)["telegram"] == {"chat_id": 42, "message_id": 7}
    assert status_event_detail(from_web)["telegram"] is None
    assert status_event_detail(from_bot)["status"] == "awaiting_upload"


def test_uploads_server_side_upload_stores_the_bytes_under_the_upload_key() -> None:
    world = World()
    request = UploadRequest(filename="a.pdf", content_type="application/pdf", size=3)
    document = world.uploads.upload_bytes("alice", request, b"abc")
    key = build_upload_key(document.region, document.document_id, document.version, "pdf")
    assert world.store.objects[key] == b"abc"
    assert world.credits() == 1  # the same reservation as the web's


def test_uploads_server_side_upload_refuses_bytes_that_are_not_the_declared_size() -> None:
    world = World()
    request = UploadRequest(filename="a.pdf", content_type="application/pdf", size=4)
    with pytest.raises(InvalidRequestError):
        world.uploads.upload_bytes("alice", request, b"abc")
    assert not world.repo.documents  # nothing reserved, nothing stored


def test_uploads_event_of_the_upload_is_processable() -> None:
    world, _ = _announcing_world()
    request = UploadRequest(filename="a.pdf", content_type="application/pdf", size=3)
    document = world.uploads.upload_bytes("alice", request, b"abc")
    key = build_upload_key(document.region, document.document_id, document.version, "pdf")
    event = UploadEvent(bucket="b", key=key, size=3, version_id="v1", etag="e")
    assert world.extraction.handle_upload(event)["outcome"] == "started"
