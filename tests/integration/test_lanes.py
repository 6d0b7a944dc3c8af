"""Priority lanes on moto: each lane's own lease semaphores, their names and caps, and a
batch that holds every slot of its lane never blocks a person's lane."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import boto3
import pytest

from chalicelib import wiring
from chalicelib.adapters.semaphore import semaphore_pk
from chalicelib.errors import LlmCapacityExhaustedError, OcrCapacityExhaustedError
from chalicelib.lanes import LANES, WaitingSlots, lane_limits
from chalicelib.settings import Settings

if TYPE_CHECKING:
    from collections.abc import Iterator

    from chalicelib.llm.slots import CallSlots, SlotLease
    from tests.integration.pipeline_driver import Driver

pytestmark = pytest.mark.integration


@pytest.fixture
def lane_wiring(documents_table: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The wiring of a deployment on the OpenAI-compatible provider (a cap of 8 calls)."""
    monkeypatch.setenv("TABLE_NAME", documents_table)
    monkeypatch.setenv("BUCKET_NAME", "lanes-bucket")
    monkeypatch.setenv("LLM_PROVIDER", "openai")
    monkeypatch.setenv("LLM_MAX_CONCURRENT_CALLS", "8")
    # No polling: a full lane answers at once, so the test never waits.
    monkeypatch.setenv("LANE_SLOT_WAIT_SECONDS", json.dumps(dict.fromkeys(LANES, 0)))
    wiring.reset_cold_start()
    yield documents_table
    wiring.reset_cold_start()


def _name_and_limit(slots: CallSlots) -> tuple[str, int | None]:
    return str(getattr(slots, "name", "")), getattr(slots, "limit", None)


def test_each_lane_has_its_own_named_semaphores_and_caps(lane_wiring: str) -> None:
    llm = {lane: _name_and_limit(wiring.call_slots(lane)) for lane in LANES}
    ocr = {lane: _name_and_limit(wiring.ocr_slots(lane)) for lane in LANES}

    assert llm == {
        "high": ("llm-openai-high", 2),
        "default": ("llm-openai-default", 2),
        "batch": ("llm-openai-batch", 3),
        "system": ("llm-openai-system", 1),
    }
    # Together the lanes ask the provider for no more than its cap.
    assert sum(limit or 0 for _, limit in llm.values()) == 8
    assert ocr == {
        "high": ("ocr-high", 4),
        "default": ("ocr-default", 4),
        "batch": ("ocr-batch", 2),
        "system": ("ocr-system", 1),
    }


def test_a_lane_cap_named_in_the_settings_wins_over_its_share() -> None:
    settings = Settings(
        table_name="t", bucket_name="b", llm_provider="ollama", lane_llm_calls={"batch": 5}
    )

    assert lane_limits(settings, "batch").llm_calls == 5
    assert lane_limits(settings, "high").llm_calls == 1  # ollama's cap of 2: one each at least


def test_a_settings_table_naming_no_lane_fails_at_cold_start() -> None:
    with pytest.raises(ValueError, match="unknown lanes"):
        Settings(table_name="t", bucket_name="b", lane_llm_calls={"urgent": 2})


def _fill(slots: CallSlots, owner: str) -> list[SlotLease]:
    limit = getattr(slots, "limit", None)
    assert limit is not None
    return [slots.acquire(f"{owner}-{n}") for n in range(limit)]


def test_a_batch_holding_every_model_slot_does_not_block_a_person(lane_wiring: str) -> None:
    batch, high = wiring.call_slots("batch"), wiring.call_slots("high")
    held = _fill(batch, "batch-run")

    with pytest.raises(LlmCapacityExhaustedError):
        batch.acquire("batch-run-extra")
    lease = high.acquire("person-run")

    assert lease.name == "llm-openai-high"
    # The batch's leases are where its semaphore is, not in the person's lane.
    items = boto3.client("dynamodb").query(
        TableName=lane_wiring,
        KeyConditionExpression="PK = :pk",
        ExpressionAttributeValues={":pk": {"S": semaphore_pk("llm-openai-batch")}},
    )["Items"]
    assert len(items) == len(held) == 3


def test_a_batch_holding_every_ocr_slot_does_not_block_a_person(lane_wiring: str) -> None:
    _fill(wiring.ocr_slots("batch"), "batch-page")

    with pytest.raises(OcrCapacityExhaustedError):
        wiring.ocr_slots("batch").acquire("batch-page-extra")
    assert wiring.ocr_slots("high").acquire("person-page").name == "ocr-high"


def test_a_full_person_lane_waits_for_the_slot_that_frees(lane_wiring: str) -> None:
    # GIVEN every slot of the person's lane held, one released while a step waits for it
    high = wiring.call_slots("high")
    held = _fill(high, "person")
    released: list[bool] = []

    def release_first(seconds: float) -> None:  # the wait's sleep: another run ends meanwhile
        if not released:
            released.append(high.release(held[0]))

    waiting = WaitingSlots(high, 5, poll_seconds=0.01, sleep=release_first)
    lease = waiting.acquire("person-next")

    assert released == [True]
    assert lease.slot == held[0].slot


def _execution_input(driver: Driver, document_id: str) -> dict[str, object]:
    sfn = driver.cloud.client("stepfunctions")
    arn = driver.cloud.execution_arn(f"{document_id}-v1")
    return dict(json.loads(sfn.describe_execution(executionArn=arn)["input"]))


def test_the_lane_is_decided_at_upload_and_travels_in_the_run(driver: Driver) -> None:
    person = driver.submit("contract.txt", b"The Supplier shall deliver the goods. " * 20)

    assert driver.document(person)["lane"] == "high"
    assert _execution_input(driver, person)["lane"] == "high"
    # Every step that takes a slot was given the lane.
    history = driver.cloud.client("stepfunctions").get_execution_history(
        executionArn=driver.cloud.execution_arn(f"{person}-v1"), maxResults=1000
    )["events"]
    scheduled = [
        json.loads(e["lambdaFunctionScheduledEventDetails"]["input"])
        for e in history
        if "lambdaFunctionScheduledEventDetails" in e
    ]
    # Prescreen (the first step: it may ask the model) took its slots in the high lane.
    assert scheduled[0]["lane"] == "high"
    assert {step.get("lane") for step in scheduled} <= {"high", None}
