"""End to end over HTTP: the local cloud's moto server and API, a real presigned POST upload."""

from __future__ import annotations

import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

import httpx
import pytest

from infra.localcloud import LocalCloud
from infra.localcloud.demo import SESSION_FILE, DemoClient, run_review, write_session
from tests.documents import make_pdf

if TYPE_CHECKING:
    from collections.abc import Iterator

pytestmark = pytest.mark.e2e
PROJECT_ROOT = Path(__file__).parents[2]


@pytest.fixture(scope="module")
def cloud() -> Iterator[LocalCloud]:
    running = LocalCloud(env_overrides={"SIGNUP_CREDITS": "10"}).start_server()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def api(cloud: LocalCloud) -> Iterator[DemoClient]:
    assert cloud.api_url is not None
    client = DemoClient(cloud.api_url, timeout_seconds=120)
    yield client
    client.close()
    assert cloud.errors == []


def test_upload_through_presigned_post_poll_and_read_the_report(
    api: DemoClient, tmp_path: Path
) -> None:
    contract = tmp_path / "Договор поставки.pdf"
    contract.write_bytes(make_pdf())
    outcome = api.submit(contract)
    assert outcome.status == "done", outcome.document
    report = api.report(outcome.document["document_id"])
    assert report["markdown"].startswith("#")
    assert report["report"]["prescreen"]["amount"]["currency"] == "RUB"


def test_the_api_speaks_json_errors(api: DemoClient) -> None:
    response = httpx.get(f"{api.api_url}/v1/documents/not-a-real-document-id", headers=api.headers)
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "NOT_FOUND"
    bad = httpx.post(
        f"{api.api_url}/v1/documents",
        content=b"{",
        headers={"content-type": "application/json", **api.headers},
    )
    assert bad.status_code == 400
    assert bad.json()["error"]["code"] == "BAD_REQUEST"


def _run_demo(document: Path) -> subprocess.CompletedProcess[str]:
    """`contract-check demo DOCUMENT` in its own process, as a user runs it."""
    return subprocess.run(
        [sys.executable, "-m", "infra.localcloud.cli", "demo", str(document)],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_the_demo_command_runs_a_document_and_exits_zero(tmp_path: Path) -> None:
    contract = tmp_path / "contract.pdf"
    contract.write_bytes(make_pdf())
    result = _run_demo(contract)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "contract.pdf: done" in result.stdout
    assert "не заменяет консультацию юриста" in result.stdout


def test_the_demo_command_exits_one_when_a_document_fails(tmp_path: Path) -> None:
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.7\n this is not a real pdf")
    result = _run_demo(broken)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "UNREADABLE" in result.stdout


def test_the_demo_leaves_a_held_document_in_review_and_its_cloud_stops_clean(
    tmp_path: Path,
) -> None:
    """The held run is stopped with the cloud, at once: no thread of it sleeps on, no
    warning, and the demo takes no ten seconds more (it did while moto let the wait be)."""
    letter = tmp_path / "letter.txt"
    letter.write_text("Письмо\n\nПросим рассмотреть приложенные материалы.\n", encoding="utf-8")
    result = _run_demo(letter)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "letter.txt: in_review" in result.stdout
    assert "still going" not in result.stderr + result.stdout
    # the review's wait, timed out as the cloud stops, is no error dump in the terminal
    assert "FailureEventException" not in result.stderr + result.stdout


def test_the_demo_command_exits_two_for_a_missing_file(tmp_path: Path) -> None:
    result = _run_demo(tmp_path / "missing.pdf")
    assert result.returncode == 2
    assert "no such file" in result.stderr


def test_a_reviewer_decides_a_held_document_from_the_command_line(
    cloud: LocalCloud, api: DemoClient, tmp_path: Path
) -> None:
    letter = tmp_path / "letter.txt"
    letter.write_text("Письмо\n\nПросим рассмотреть приложенные материалы.\n", encoding="utf-8")
    held = api.submit(letter)
    assert (held.status, held.document["route"]) == ("in_review", "manual_review")
    write_session(cloud)
    try:
        code = run_review(held.document["document_id"], "reject", "Анна", "Не договор")
    finally:
        SESSION_FILE.unlink(missing_ok=True)
    assert code == 0
    cloud.wait_for_execution(f"{held.document['document_id']}-v1")
    report = api.report(held.document["document_id"])
    assert report["document"]["status"] == "done"
    assert report["report"]["review"]["decision"] == "reject"
    assert "Анна" in report["markdown"]


def test_documents_uploaded_at_once_each_run_once_and_credits_add_up(
    cloud: LocalCloud, api: DemoClient, tmp_path: Path
) -> None:
    before = httpx.get(f"{api.api_url}/v1/me", headers=api.headers).json()["credits_left"]
    paths = []
    for number in range(4):
        path = tmp_path / f"contract-{number}.pdf"
        path.write_bytes(make_pdf())
        paths.append(path)
    with ThreadPoolExecutor(max_workers=4) as pool:
        outcomes = list(pool.map(api.submit, paths))
    assert [o.status for o in outcomes] == ["done"] * 4
    assert len({o.document["document_id"] for o in outcomes}) == 4
    assert (
        httpx.get(f"{api.api_url}/v1/me", headers=api.headers).json()["credits_left"] == before - 4
    )
    sfn = cloud.client("stepfunctions")
    names = [
        e["name"]
        for e in sfn.list_executions(stateMachineArn=cloud.deployment.state_machine_arn)[
            "executions"
        ]
    ]
    for outcome in outcomes:
        assert names.count(f"{outcome.document['document_id']}-v1") == 1
