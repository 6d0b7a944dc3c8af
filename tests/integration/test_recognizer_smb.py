"""The SMB share against a real Samba server on loopback (tests/integration/samba.py): its
files put, listed, read and deleted, `.tmp` pages left for later, a wrong password refused
as an unavailable share, and one whole hand-off through it on the local cloud."""

from __future__ import annotations

import json
import time
import uuid
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import pytest

from chalicelib.adapters.dynamo.recognizer_tasks import DynamoRecognizerTasks
from chalicelib.adapters.recognizer_smb_share import SmbShare
from chalicelib.keys import build_recognition_source_key
from chalicelib.recognizer.errors import RecognizerShareUnavailableError
from chalicelib.recognizer.merge import batch_of
from infra.localcloud.fake_recognizer import FakeRecognizer
from tests.integration import samba as samba_fixtures

if TYPE_CHECKING:
    from infra.localcloud import LocalCloud
    from tests.integration.samba import Samba

pytestmark = pytest.mark.integration

samba = samba_fixtures.samba  # the Samba server fixture, for this module's tests


def _share(server: Samba, password: str | None = None) -> SmbShare:
    return SmbShare(
        server.host,
        server.share,
        username=server.username,
        password=server.password if password is None else password,
        port=server.port,
    )


def test_files_are_put_listed_read_and_deleted_on_the_smb_share(samba: Samba) -> None:
    share = _share(samba)
    share.probe()

    share.put("Input/task-1.pdf", b"%PDF scan")
    share.put("Output/task-1/page-1.json", b'{"page": 1, "rows": []}')
    share.put("Output/task-1/page-2.json.tmp", b'{"page": 2')

    assert (samba.root / "Input" / "task-1.pdf").read_bytes() == b"%PDF scan"
    assert [(e.name, e.size) for e in share.list("Input/")] == [("task-1.pdf", 9)]
    listed = share.list("Output/task-1/")
    assert sorted(e.name for e in listed) == ["page-1.json", "page-2.json.tmp"]
    assert not batch_of(listed).complete  # a page still being written: keep waiting
    assert share.list("Output/no-such-task/") == []
    assert share.read("Output/task-1/page-1.json") == b'{"page": 1, "rows": []}'

    share.delete("Input/task-1.pdf")
    share.delete("Input/task-1.pdf")  # a missing file is no error
    share.delete_folder("Output/task-1/")
    share.delete_folder("Output/task-1/")

    assert share.list("Input/") == []
    assert not (samba.root / "Output" / "task-1").exists()


def test_a_wrong_password_is_an_unavailable_share(samba: Samba) -> None:
    with pytest.raises(RecognizerShareUnavailableError):
        _share(samba, password="not-the-password").probe()


@pytest.fixture
def local_cloud_env(samba: Samba) -> dict[str, str]:
    return {
        "EXTERNAL_RECOGNIZER_ENABLED": "true",
        "RECOGNIZER_SHARE": "smb",
        "RECOGNIZER_SMB_SERVER": samba.host,
        "RECOGNIZER_SMB_PORT": str(samba.port),
        "RECOGNIZER_SMB_SHARE": samba.share,
        "RECOGNIZER_SMB_USER": samba.username,
        "RECOGNIZER_SMB_PASSWORD": samba.password,
    }


def test_a_hand_off_through_the_smb_share_completes(
    samba: Samba,
    local_cloud: LocalCloud,
) -> None:
    job_id = task_id = str(uuid.uuid4())
    file_id = str(uuid.uuid4())
    key = build_recognition_source_key(file_id, job_id, "png")
    bucket = local_cloud.deployment.bucket
    local_cloud.client("s3").put_object(Bucket=bucket, Key=key, Body=b"\x89PNG scan")
    command = {
        "task_id": task_id,
        "file_id": file_id,
        "source_s3_key": key,
        "expires_at": (datetime.now(UTC) + timedelta(minutes=10)).isoformat(),
    }
    machine = "RecognizerHandoffStateMachine"
    local_cloud.client("stepfunctions").start_execution(
        stateMachineArn=local_cloud.deployment.state_machines[machine],
        name=task_id,
        input=json.dumps({"command": command, "job_id": job_id}),
    )
    tasks = DynamoRecognizerTasks(
        local_cloud.deployment.environment["TABLE_NAME"], local_cloud.client("dynamodb")
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # sent once the run waits for its result
        task = tasks.get(task_id)
        if task is not None and task.stage == "waiting_for_result":
            break
        time.sleep(0.05)
    handed = samba.root / "Input" / f"{task_id}.png"
    assert handed.read_bytes() == b"\x89PNG scan"

    fake = FakeRecognizer(_share(samba))
    fake.step()
    poll = local_cloud.run_schedule("RecognizerPollerFunction")
    execution = local_cloud.wait_for_execution(
        local_cloud.execution_arn(task_id, machine), deliver_events=False
    )

    assert poll.payload == {"resumed": 1, "waiting": 0}
    result = json.loads(execution["output"])
    assert (result["status"], result["result_s3_key"]) == (
        "ready",
        f"FileWorker/results/{task_id}.json",
    )
    merged = json.loads(
        local_cloud.client("s3")
        .get_object(Bucket=bucket, Key=result["result_s3_key"])["Body"]
        .read()
    )
    assert [f["name"] for f in merged["files"]] == ["page-1.json", "Page-2.json"]
    assert not handed.exists()
    assert not (samba.root / "Output" / task_id).exists()
