"""The HTTP routes through Chalice's test client on the local cloud: shapes and statuses."""

from __future__ import annotations

import base64
import json
from typing import TYPE_CHECKING, Any

import pytest

from tests.documents import make_pdf
from tests.integration.pipeline_driver import Driver

if TYPE_CHECKING:
    from infra.localcloud import LocalCloud

pytestmark = pytest.mark.integration
PDF = "application/pdf"


@pytest.fixture
def driver(local_cloud: LocalCloud) -> Driver:
    return Driver(local_cloud)


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"filename": "a.pdf", "content_type": PDF}, 400, "BAD_REQUEST"),
        ({"filename": "a.pdf", "content_type": PDF, "size": "many"}, 400, "BAD_REQUEST"),
        ({"filename": "", "content_type": PDF, "size": 10}, 400, "BAD_REQUEST"),
        (
            {"filename": "a.exe", "content_type": "application/x-msdownload", "size": 10},
            415,
            "UNSUPPORTED_FORMAT",
        ),
        (
            {"filename": "a.numbers", "content_type": "application/x-iwork-numbers", "size": 10},
            415,
            "UNSUPPORTED_FORMAT",
        ),
        ({"filename": "a.pdf", "content_type": PDF, "size": 10**9}, 413, "TOO_LARGE"),
    ],
)
def test_bad_upload_requests_get_one_error_shape_and_cost_nothing(
    driver: Driver, body: dict[str, Any], status: int, code: str
) -> None:
    before = driver.credits()
    got_status, got = driver.api("POST", "/v1/documents", body)
    assert (got_status, got["error"]["code"]) == (status, code)
    assert set(got) == {"error"} and set(got["error"]) == {"code", "message"}
    assert driver.credits() == before


def test_a_body_that_is_not_json_is_a_400(driver: Driver) -> None:
    response = driver.client.http.post(
        "/v1/documents",
        headers={"Content-Type": "application/json", **driver.bearer()},
        body=b"{not json",
    )
    assert response.status_code == 400
    assert json.loads(response.body)["error"]["code"] == "BAD_REQUEST"


def test_upload_form_is_bound_to_the_key_type_and_size(driver: Driver) -> None:
    status, body = driver.api(
        "POST", "/v1/documents", {"filename": "Договор.pdf", "content_type": PDF, "size": 1234}
    )
    assert status == 201
    fields = body["upload"]["fields"]
    doc = body["document"]
    # The document lives in its uploader's region (new users': DEFAULT_REGION, ru-msk).
    assert doc["region"] == "ru-msk"
    assert fields["key"] == f"uploads/ru-msk/{doc['document_id']}/v1/original.pdf"
    assert fields["Content-Type"] == PDF
    policy = json.loads(base64.b64decode(fields["policy"]))
    assert ["content-length-range", 1, 1234] in policy["conditions"]
    assert doc["filename"] == "Договор.pdf" and doc["status"] == "awaiting_upload"


def test_report_of_a_document_still_waiting_is_202_with_its_stage(driver: Driver) -> None:
    ticket = driver.request_upload("a.pdf", 100)
    status, body = driver.api("GET", f"/v1/documents/{ticket.document_id}/report")
    assert (status, body["status"], body["stage"]) == (
        202,
        "awaiting_upload",
        "Waiting for the upload",
    )


@pytest.mark.parametrize("document_id", ["no-such-document-1", "UPPER-case-id", "x" * 300])
def test_unknown_documents_are_404(driver: Driver, document_id: str) -> None:
    status, body = driver.api("GET", f"/v1/documents/{document_id}")
    assert (status, body["error"]["code"]) == (404, "NOT_FOUND")


def test_a_request_without_a_token_is_refused_by_the_gateway_in_our_shape(driver: Driver) -> None:
    response = driver.client.http.get("/v1/me")

    assert response.status_code == 401
    assert json.loads(response.body)["error"]["code"] == "UNAUTHORIZED"
    assert response.headers["WWW-Authenticate"] == "Bearer"


@pytest.mark.parametrize("header", ["Bearer not-a-jwt", "Basic dXNlcjpwYXNz", "Bearer", "bearer  "])
def test_a_bad_token_is_a_401_from_the_authorizer(driver: Driver, header: str) -> None:
    response = driver.client.http.get("/v1/documents", headers={"Authorization": header})

    assert response.status_code == 401
    assert json.loads(response.body)["error"]["code"] == "UNAUTHORIZED"


def test_a_path_the_api_lacks_is_a_404_in_our_shape(driver: Driver) -> None:
    response = driver.client.http.get("/v1/no-such-thing", headers=driver.bearer())

    assert response.status_code == 404
    assert json.loads(response.body)["error"]["code"] == "NOT_FOUND"


@pytest.mark.parametrize("local_cloud_env", [{"AUTH_MODE": "jwt", "AUTH_TOKEN_SECRET": "s" * 40}])
def test_outside_the_local_cloud_there_is_no_development_sign_in(driver: Driver) -> None:
    status, body = driver.api("POST", "/v1/auth/dev", {"role": "admin"}, anonymous=True)

    assert (status, body["error"]["code"]) == (403, "AUTH_METHOD_DISABLED")


def test_errors_the_framework_answers_itself_have_our_shape_too(driver: Driver) -> None:
    wrong_type = driver.client.http.post(
        "/v1/documents", headers={"Content-Type": "text/plain", **driver.bearer()}, body=b"hello"
    )
    assert wrong_type.status_code == 415
    assert json.loads(wrong_type.body)["error"]["code"] == "UNSUPPORTED_MEDIA_TYPE"
    wrong_method = driver.client.http.put("/v1/me", headers=driver.bearer(), body=b"")
    assert wrong_method.status_code == 405
    assert json.loads(wrong_method.body)["error"]["code"] == "METHOD_NOT_ALLOWED"


def test_documents_are_listed_newest_first_a_page_at_a_time(driver: Driver) -> None:
    ids = [driver.request_upload(f"contract-{n}.pdf", 100).document_id for n in range(3)]

    status, first = driver.api("GET", "/v1/documents?limit=2")
    assert status == 200, first
    _, second = driver.api("GET", f"/v1/documents?limit=2&cursor={first['next_cursor']}")

    listed = [d["document_id"] for d in first["documents"] + second["documents"]]
    assert listed == ids[::-1]
    assert first["next_cursor"] and second["next_cursor"] is None
    assert {d["filename"] for d in first["documents"]} == {"contract-2.pdf", "contract-1.pdf"}


@pytest.mark.parametrize("query", ["limit=0", "limit=many", "limit=101", "cursor=bm90LWEta2V5"])
def test_a_bad_page_request_is_a_400_in_the_error_shape(driver: Driver, query: str) -> None:
    status, body = driver.api("GET", f"/v1/documents?{query}")

    assert status == 400 and body["error"]["code"] == "BAD_REQUEST"


def test_deleting_a_done_document_removes_its_objects_and_keeps_an_audit_record(
    driver: Driver, local_cloud: LocalCloud
) -> None:
    doc_id = driver.submit("Договор.pdf", make_pdf())

    status, body = driver.api("DELETE", f"/v1/documents/{doc_id}")

    assert status == 200, body
    assert body["objects_removed"] >= 2  # the original and the report at least
    s3 = local_cloud.client("s3")
    left = s3.list_object_versions(Bucket=local_cloud.deployment.bucket, Prefix="")
    assert not [v for v in left.get("Versions", []) if doc_id in v["Key"]]
    assert driver.api("GET", f"/v1/documents/{doc_id}")[0] == 404
    assert driver.api("GET", f"/v1/documents/{doc_id}/report")[0] == 404
    assert driver.api("DELETE", f"/v1/documents/{doc_id}")[0] == 404
    assert doc_id not in [
        d["document_id"] for d in driver.api("GET", "/v1/documents")[1]["documents"]
    ]
    record = local_cloud.client("dynamodb").get_item(
        TableName=local_cloud.deployment.table,
        Key={"PK": {"S": f"DOC#{doc_id}"}, "SK": {"S": "META"}},
    )["Item"]
    assert "deleted_at" in record and "GSI1PK" not in record


def test_a_document_still_running_cannot_be_deleted(driver: Driver) -> None:
    doc_id = driver.request_upload("contract.pdf", 100).document_id

    status, body = driver.api("DELETE", f"/v1/documents/{doc_id}")

    assert (status, body["error"]["code"]) == (409, "CONFLICT")
