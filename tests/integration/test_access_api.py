"""Regions, permissions, grants, downloads and the access audit over the HTTP API.

Two regions: Sofia (a user of ru-spb) uploads a letter that prescreen holds for a
reviewer; Rita reviews for ru-msk. The local cloud's development user is the admin.
"""

from __future__ import annotations

import base64
import json
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlsplit

import pytest
import requests

from tests.integration.pipeline_driver import Driver

if TYPE_CHECKING:
    from infra.localcloud import LocalCloud
    from tests.clocks import ShiftedClock

pytestmark = pytest.mark.integration
LETTER = "Письмо\n\nПросим рассмотреть приложенные материалы.\n".encode()
FILENAME = "Письмо о поставке.txt"
READ_ROUTES = ("", "/report", "/original", "/artifacts/prescreen.json")


@pytest.fixture
def driver(local_cloud: LocalCloud, clock: ShiftedClock) -> Driver:
    return Driver(local_cloud)


def _submit_as(driver: Driver, token: str, filename: str, data: bytes) -> str:
    """Upload as the bearer of `token` (the driver uploads as the admin otherwise)."""
    status, body = driver.api(
        "POST",
        "/v1/documents",
        {"filename": filename, "content_type": "text/plain", "size": len(data)},
        token=token,
    )
    assert status == 201, body
    fields, url = body["upload"]["fields"], body["upload"]["url"]
    response = requests.post(url, data=fields, files={"file": ("upload", data)}, timeout=60)
    assert response.status_code in (200, 201, 204), response.text
    document_id = str(body["document"]["document_id"])
    driver.wait(document_id)  # the admin may read every document
    return document_id


def _in_region(driver: Driver, user_id: str, role: str, region: str) -> str:
    token = driver.sign_in(user_id, role)
    moved = driver.api(
        "PUT", f"/v1/admin/users/{user_id}/region", {"region": region, "reason": "branch"}
    )
    assert moved == (200, {"user_id": user_id, "region": region})
    return token


def _grant(driver: Driver, user_id: str, region: str, minutes: int = 60, **extra: Any) -> str:
    until = datetime.now(UTC) + timedelta(minutes=minutes)
    body = {
        "user_id": user_id,
        "region": region,
        "permission": "document:read:region",
        "expires_at": until.isoformat(),
        "reason": "audit of the St Petersburg branch",
        **extra,
    }
    status, grant = driver.api("POST", "/v1/admin/grants", body)
    assert status == 201, grant
    assert grant["live"] is True
    return str(grant["grant_id"])


def _statuses(driver: Driver, document_id: str, token: str) -> list[int]:
    return [
        driver.api("GET", f"/v1/documents/{document_id}{route}", token=token)[0]
        for route in READ_ROUTES
    ]


def _audit(driver: Driver, **filters: str) -> list[dict[str, Any]]:
    query = "&".join(f"{k}={v}" for k, v in filters.items())
    status, page = driver.api("GET", f"/v1/admin/audit?{query}")
    assert status == 200, page
    return list(page["entries"])


def test_a_document_takes_its_uploaders_region_and_another_regions_reviewer_sees_nothing(
    driver: Driver,
) -> None:
    sofia = _in_region(driver, "sofia", "user", "ru-spb")
    rita = driver.sign_in("rita", "reviewer")  # new users: DEFAULT_REGION, ru-msk
    document_id = _submit_as(driver, sofia, FILENAME, LETTER)

    assert driver.document(document_id)["region"] == "ru-spb"
    assert driver.api("GET", "/v1/me", token=rita)[1]["region"] == "ru-msk"
    # Every read answers 404 exactly as for a document that does not exist: no hint.
    assert _statuses(driver, document_id, rita) == [404] * len(READ_ROUTES)
    missing = driver.api("GET", "/v1/documents/00000000-0000-0000-0000-000000000000", token=rita)
    outside = driver.api("GET", f"/v1/documents/{document_id}", token=rita)
    assert outside == missing
    # Nor may she delete it, decide it, or find it in her queue.
    assert driver.api("DELETE", f"/v1/documents/{document_id}", token=rita)[0] == 404
    decided = driver.api("POST", f"/v1/reviews/{document_id}", {"decision": "approve"}, token=rita)
    assert decided[0] == 404
    queue = driver.api("GET", "/v1/reviews", token=rita)[1]["reviews"]
    assert document_id not in {item["document_id"] for item in queue}
    # A reviewer of ru-spb, and one of the whole province, see it in their queues.
    for user_id, region in (("pavel", "ru-spb"), ("olga", "ru")):
        token = _in_region(driver, user_id, "reviewer", region)
        assert _statuses(driver, document_id, token)[0] == 200
        queue = driver.api("GET", "/v1/reviews", token=token)[1]["reviews"]
        assert document_id in {item["document_id"] for item in queue}
    # Nothing was read by Rita, so the audit holds no read of hers.
    assert _audit(driver, user_id="rita") == []


def test_a_grant_opens_another_region_until_it_expires_and_every_read_is_audited(
    driver: Driver, clock: ShiftedClock
) -> None:
    sofia = _in_region(driver, "sofia", "user", "ru-spb")
    rita = driver.sign_in("rita", "reviewer")
    document_id = _submit_as(driver, sofia, FILENAME, LETTER)
    assert _statuses(driver, document_id, rita) == [404] * 4

    grant_id = _grant(driver, "rita", "ru-spb", minutes=10)

    assert _statuses(driver, document_id, rita) == [200, 202, 200, 200]
    # The grant lends reading only: no deleting, no deciding.
    assert driver.api("DELETE", f"/v1/documents/{document_id}", token=rita)[0] == 404
    decided = driver.api("POST", f"/v1/reviews/{document_id}", {"decision": "approve"}, token=rita)
    assert decided[0] == 404
    # Each of her four reads is in the audit, newest first, with the grant that allowed it.
    reads = _audit(driver, user_id="rita", document_id=document_id)
    assert [entry["action"] for entry in reads] == [
        "artifact.download",
        "original.download",
        "report.read",
        "document.read",
    ]
    assert {(e["grant_id"], e["owner_id"]) for e in reads} == {(grant_id, "sofia")}
    assert reads[0]["target"] == "prescreen.json"
    # Sofia reading her own document is not audited.
    assert _statuses(driver, document_id, sofia) == [200, 202, 200, 200]
    assert _audit(driver, user_id="sofia") == []

    # WHEN the grant's time passes (nobody revokes it, and TTL has not tidied it away)
    clock.offset = timedelta(minutes=11)

    # THEN the document is out of her reach again, and the grant lists as no longer live
    assert _statuses(driver, document_id, rita) == [404] * 4
    status, grants = driver.api("GET", "/v1/admin/grants?user_id=rita")
    assert status == 200
    assert [(g["grant_id"], g["live"]) for g in grants["grants"]] == [(grant_id, False)]


def test_a_revoked_grant_closes_the_region_at_once_and_both_changes_are_audited(
    driver: Driver,
) -> None:
    sofia = _in_region(driver, "sofia", "user", "ru-spb")
    rita = driver.sign_in("rita", "reviewer")
    document_id = _submit_as(driver, sofia, FILENAME, LETTER)
    first = _grant(driver, "rita", "ru-spb")
    second = _grant(driver, "rita", "ru")  # a province-wide one
    assert _statuses(driver, document_id, rita)[0] == 200

    assert driver.api("DELETE", f"/v1/admin/grants/{first}")[0] == 200
    # The province grant still covers ru-spb; revoking it (the POST form) closes it.
    assert _statuses(driver, document_id, rita)[0] == 200
    status, revoked = driver.api("POST", f"/v1/admin/grants/{second}/revoke")
    again = driver.api("DELETE", f"/v1/admin/grants/{second}")

    assert (status, revoked["live"], revoked["revoked_by"]) == (200, False, "dev-user")
    assert again[0] == 409
    assert _statuses(driver, document_id, rita) == [404] * 4
    changes = [(e["action"], e["grant_id"]) for e in _audit(driver, user_id="dev-user")]
    assert changes[:4] == [
        ("grant.revoke", second),
        ("grant.revoke", first),
        ("grant.create", second),
        ("grant.create", first),
    ]
    assert ("user.region", None) in changes
    listed = driver.api("GET", "/v1/admin/grants")[1]["grants"]
    assert [g["grant_id"] for g in listed[:2]] == [second, first]


def test_grants_are_checked_and_only_admins_may_give_them(driver: Driver) -> None:
    rita = driver.sign_in("rita", "reviewer")
    until = (datetime.now(UTC) + timedelta(hours=1)).isoformat()
    body = {"user_id": "rita", "region": "ru-spb", "permission": "document:read:region"}

    past = {**body, "expires_at": (datetime.now(UTC) - timedelta(hours=1)).isoformat()}
    too_far = {**body, "expires_at": (datetime.now(UTC) + timedelta(days=91)).isoformat()}
    naive = {**body, "expires_at": "2030-01-01T00:00:00"}
    admin_power = {**body, "permission": "admin:*", "expires_at": until}
    bad_region = {**body, "region": "Ru-SPB", "expires_at": until}
    nobody = {**body, "user_id": "nobody-here", "expires_at": until}
    for wrong in (past, too_far, naive, admin_power, bad_region):
        assert driver.api("POST", "/v1/admin/grants", wrong)[0] == 400, wrong
    assert driver.api("POST", "/v1/admin/grants", nobody)[0] == 404
    assert (
        driver.api("POST", "/v1/admin/grants", {**body, "expires_at": until}, token=rita)[0] == 403
    )
    assert driver.api("GET", "/v1/admin/grants", token=rita)[0] == 403
    assert driver.api("GET", "/v1/admin/audit", token=rita)[0] == 403
    assert driver.api("DELETE", "/v1/admin/grants/g-" + "0" * 32)[0] == 404


def test_downloads_are_presigned_after_the_check_and_named_as_uploaded(driver: Driver) -> None:
    sofia = _in_region(driver, "sofia", "user", "ru-spb")
    document_id = _submit_as(driver, sofia, FILENAME, LETTER)

    status, link = driver.api("GET", f"/v1/documents/{document_id}/original", token=sofia)

    assert status == 200, link
    assert link["filename"] == FILENAME
    # The URL lives DOWNLOAD_URL_TTL_SECONDS (300), and says so itself: its signature
    # (SigV2's Expires, or SigV4's X-Amz-Expires) is what S3 enforces.
    expires_at = datetime.fromisoformat(link["expires_at"])
    assert datetime.now(UTC) < expires_at <= datetime.now(UTC) + timedelta(seconds=300)
    signed = parse_qs(urlsplit(link["url"]).query)
    if "Expires" in signed:
        assert abs(int(signed["Expires"][0]) - expires_at.timestamp()) <= 2
    else:
        assert signed["X-Amz-Expires"] == ["300"]
    assert signed["response-content-disposition"][0].startswith("attachment;")
    fetched = requests.get(link["url"], timeout=30)
    assert fetched.status_code == 200
    assert fetched.content == LETTER
    disposition = fetched.headers["Content-Disposition"]
    assert disposition.startswith('attachment; filename="')
    assert "filename*=UTF-8''%D0%9F%D0%B8%D1%81%D1%8C%D0%BC%D0%BE" in disposition

    _, artifact = driver.api(
        "GET", f"/v1/documents/{document_id}/artifacts/prescreen.json", token=sofia
    )
    assert artifact["filename"] == "Письмо о поставке.prescreen.json"
    assert requests.get(artifact["url"], timeout=30).json()["route"] == "manual_review"
    # Only the known artifacts, and only those the run wrote, have links.
    unknown = driver.api("GET", f"/v1/documents/{document_id}/artifacts/secret.txt", token=sofia)
    unwritten = driver.api("GET", f"/v1/documents/{document_id}/artifacts/report.md", token=sofia)
    assert (unknown[0], unwritten[0]) == (404, 404)
    # Someone without reach gets the same 404 as for nothing at all, and no URL.
    rita = driver.sign_in("rita", "reviewer")
    refused = driver.api("GET", f"/v1/documents/{document_id}/original", token=rita)
    assert refused[0] == 404
    assert "url" not in refused[1]


def test_a_roles_permissions_change_through_the_api_at_once_and_are_audited(
    driver: Driver,
) -> None:
    sofia = _in_region(driver, "sofia", "user", "ru-spb")
    ivan = _in_region(driver, "ivan", "user", "ru-spb")
    document_id = _submit_as(driver, sofia, FILENAME, LETTER)
    status, roles = driver.api("GET", "/v1/admin/roles")
    assert status == 200
    by_name = {role["role"]: role for role in roles["roles"]}
    assert set(by_name) == {"user", "reviewer", "regional_admin", "admin"}
    assert by_name["user"]["permissions"] == ["document:read:own", "document:write:own"]
    assert "admin:*" in roles["permissions"]
    assert driver.api("GET", f"/v1/documents/{document_id}", token=ivan)[0] == 404

    widened = ["document:read:own", "document:read:region", "document:write:own"]
    status, changed = driver.api(
        "PUT", "/v1/admin/roles/user", {"permissions": widened, "reason": "branch sharing"}
    )

    assert (status, changed["permissions"], changed["version"]) == (200, widened, 1)
    # This process forgot its cached role: the change holds at the very next request.
    assert driver.api("GET", f"/v1/documents/{document_id}", token=ivan)[0] == 200
    entry = _audit(driver, user_id="dev-user")[0]
    assert (entry["action"], entry["target"]) == ("role.update", "user")
    assert entry["detail"]["before"] == ["document:read:own", "document:write:own"]
    # The admin role is fixed (an admin without admin:roles could never get it back), no
    # permission may be made up, and a non-admin may not change roles at all.
    locked = {"permissions": ["document:read:all"], "reason": "oops"}
    unknown = {"permissions": ["document:read:galaxy"], "reason": "typo"}
    assert driver.api("PUT", "/v1/admin/roles/admin", locked)[0] == 409
    assert driver.api("PUT", "/v1/admin/roles/user", unknown)[0] == 400
    assert driver.api("PUT", "/v1/admin/roles/user", locked, token=sofia)[0] == 403
    assert driver.api("PUT", "/v1/admin/roles/overlord", locked)[0] == 404


def test_the_audit_pages_newest_first_and_filters_by_time(driver: Driver) -> None:
    sofia = _in_region(driver, "sofia", "user", "ru-spb")
    document_id = _submit_as(driver, sofia, FILENAME, LETTER)
    rita = driver.sign_in("rita", "reviewer")
    _grant(driver, "rita", "ru-spb")
    for _ in range(5):
        assert driver.api("GET", f"/v1/documents/{document_id}", token=rita)[0] == 200
    everything = _audit(driver, document_id=document_id, user_id="rita")
    assert len(everything) == 5

    seen: list[str] = []
    cursor = ""
    while True:
        query = f"/v1/admin/audit?user_id=rita&limit=2{cursor}"
        status, page = driver.api("GET", query)
        assert status == 200, page
        seen += [entry["audit_id"] for entry in page["entries"]]
        if not page["next_cursor"]:
            break
        cursor = f"&cursor={page['next_cursor']}"

    assert seen == [entry["audit_id"] for entry in everything]
    times = [entry["at"] for entry in everything]
    assert times == sorted(times, reverse=True)
    oldest, newest = (t.replace("+00:00", "Z") for t in (times[-1], times[0]))
    assert len(_audit(driver, user_id="rita", since=oldest)) == 5  # since is inclusive
    assert len(_audit(driver, user_id="rita", since=oldest, until=oldest)) == 1
    assert len(_audit(driver, user_id="rita", since=newest)) == 1
    early = (datetime.now(UTC) - timedelta(days=1)).isoformat().replace("+00:00", "Z")
    assert _audit(driver, user_id="rita", until=early) == []
    assert driver.api("GET", f"/v1/admin/audit?since={newest}&until={oldest}")[0] == 400
    forged = driver.api("GET", "/v1/admin/audit?cursor=bm90LWEta2V5")
    assert forged[0] == 400


def test_a_regional_admin_deletes_a_finished_document_of_their_region_only_and_it_is_audited(
    driver: Driver, local_cloud: LocalCloud
) -> None:
    sofia = _in_region(driver, "sofia", "user", "ru-spb")
    document_id = _submit_as(driver, sofia, FILENAME, LETTER)
    rejected = driver.api("POST", f"/v1/reviews/{document_id}", {"decision": "reject"})
    assert rejected[0] == 200
    local_cloud.wait_for_execution(f"{document_id}-v1")
    moscow = driver.sign_in("ralf", "regional_admin")
    petersburg = _in_region(driver, "rada", "regional_admin", "ru-spb")

    assert driver.api("DELETE", f"/v1/documents/{document_id}", token=moscow)[0] == 404
    status, deleted = driver.api("DELETE", f"/v1/documents/{document_id}", token=petersburg)

    assert (status, deleted["document_id"]) == (200, document_id)
    assert driver.api("GET", f"/v1/documents/{document_id}", token=sofia)[0] == 404
    entry = _audit(driver, user_id="rada")[0]
    assert (entry["action"], entry["document_id"], entry["owner_id"]) == (
        "document.delete",
        document_id,
        "sofia",
    )


def _region_page(driver: Driver, token: str, query: str = "") -> tuple[int, Any]:
    return driver.api("GET", f"/v1/documents?scope=region{query}", token=token)


def _listed(page: dict[str, Any]) -> set[str]:
    return {document["document_id"] for document in page["documents"]}


def test_a_regions_list_shows_its_documents_to_those_who_may_read_them_and_is_audited(
    driver: Driver, clock: ShiftedClock
) -> None:
    # GIVEN a document in ru-spb (Sofia's) and one in ru-msk (Masha's)
    sofia = _in_region(driver, "sofia", "user", "ru-spb")
    masha = driver.sign_in("masha", "user")  # DEFAULT_REGION, ru-msk
    in_spb = _submit_as(driver, sofia, FILENAME, LETTER)
    in_msk = _submit_as(driver, masha, "Письмо из Москвы.txt", LETTER)

    # A user's own list is unchanged, and a plain user may not list a region
    assert _listed(driver.api("GET", "/v1/documents", token=sofia)[1]) == {in_spb}
    assert _region_page(driver, sofia)[0] == 403
    # A reviewer of ru-spb lists ru-spb (their own region by default), and no other city
    pavel = _in_region(driver, "pavel", "reviewer", "ru-spb")
    status, page = _region_page(driver, pavel)
    assert status == 200, page
    assert _listed(page) == {in_spb}
    assert _region_page(driver, pavel, "&region=ru-msk")[0] == 403
    # A reviewer of the whole province lists both cities, or one by name
    olga = _in_region(driver, "olga", "reviewer", "ru")
    assert _listed(_region_page(driver, olga)[1]) == {in_spb, in_msk}
    assert _listed(_region_page(driver, olga, "&region=ru-msk")[1]) == {in_msk}
    # Pages of one: newest first, the cursor leads to the older one, then no further
    status, first = _region_page(driver, olga, "&limit=1")
    assert (status, _listed(first)) == (200, {in_msk})
    status, second = _region_page(driver, olga, f"&limit=1&cursor={first['next_cursor']}")
    assert status == 200
    assert _listed(second) == {in_spb}
    # A city's page shares its province's cursor (the filter still holds), but a cursor of
    # another province's list is refused, not followed
    assert _listed(_region_page(driver, pavel, f"&cursor={first['next_cursor']}")[1]) == {in_spb}
    key = json.loads(base64.urlsafe_b64decode(first["next_cursor"]))
    key["GSI2PK"] = {"S": "REGION#kz"}
    foreign = base64.urlsafe_b64encode(json.dumps(key).encode()).decode()
    assert _region_page(driver, olga, f"&cursor={foreign}")[0] == 400

    # Rita (ru-msk) may not list ru-spb until a grant lends it, then may until it expires
    rita = driver.sign_in("rita", "reviewer")
    assert _region_page(driver, rita, "&region=ru-spb")[0] == 403
    grant_id = _grant(driver, "rita", "ru-spb", minutes=10)
    status, page = _region_page(driver, rita, "&region=ru-spb")
    assert (status, _listed(page)) == (200, {in_spb})
    lists = [e for e in _audit(driver, user_id="rita") if e["action"] == "documents.list"]
    assert [(e["target"], e["grant_id"]) for e in lists] == [("ru-spb", grant_id)]
    clock.offset = timedelta(minutes=11)
    assert _region_page(driver, rita, "&region=ru-spb")[0] == 403

    assert _region_page(driver, olga, "&region=not+a+region")[0] == 400
