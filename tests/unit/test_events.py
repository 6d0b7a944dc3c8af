"""The event models parse what AWS (and moto) send our handlers."""

from __future__ import annotations

import copy

from aws_lambda_powertools.utilities.parser import parse

from chalicelib.events import ExecutionStatusEvent, FailureInput, S3Notification
from chalicelib.keys import parse_upload_key
from chalicelib.services.pipeline import user_message_from_cause
from tests.events import load_event


def test_s3_notification_key_is_url_decoded() -> None:
    record = parse(event=load_event("s3_object_created"), model=S3Notification).records[0]
    key = record.s3.object.key
    assert key == "uploads/ru/6f1c2e4a-9b7d-4c3e-8f2a-1d2e3f4a5b6c/v1/original.pdf"
    parsed = parse_upload_key(key)
    assert parsed is not None and (parsed.version, parsed.ext) == (1, "pdf")
    assert record.s3.object.version_id == "3HL4kqtJlcpXroDTDmjVBH40Nrjfkd"


def test_s3_notification_from_moto_without_aws_only_fields_still_parses() -> None:
    event = load_event("s3_object_created")
    trimmed = copy.deepcopy(event)
    for field in ("userIdentity", "requestParameters", "responseElements"):
        del trimmed["Records"][0][field]
    del trimmed["Records"][0]["s3"]["object"]["sequencer"]
    trimmed["Records"][0]["s3"]["object"]["key"] = "uploads/ru/doc+with+plus/v1/original.pdf"
    record = parse(event=trimmed, model=S3Notification).records[0]
    assert record.s3.object.key == "uploads/ru/doc with plus/v1/original.pdf"


def test_execution_status_event_carries_the_run_input() -> None:
    detail = parse(event=load_event("execution_status_failed"), model=ExecutionStatusEvent).detail
    assert detail.status == "FAILED"
    assert detail.error == "StorageUnavailableError"
    assert '"document_id": "6f1c2e4a-9b7d-4c3e-8f2a-1d2e3f4a5b6c"' in (detail.input or "")


def test_record_failure_input_keeps_the_user_facing_message() -> None:
    failure = parse(event=load_event("record_failure_input"), model=FailureInput)
    assert failure.error.error == "EncryptedDocumentError"
    assert user_message_from_cause(failure.error.cause) == (
        "The file is protected by a password. Remove the protection and send it again."
    )
    assert user_message_from_cause("not json") is None
