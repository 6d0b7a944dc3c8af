"""Drives documents through the local cloud the way a client does, for integration tests."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import requests

from chalicelib.formats import BY_EXTENSION
from infra.localcloud.gateway import api_test_client

if TYPE_CHECKING:
    from infra.localcloud import LocalCloud
    from infra.localcloud.apikeys import ApiKeyGate

# A short supply contract with a penalty clause, as plain text: the batch, lane and admission
# tests upload it by the dozen.
SUPPLY_CONTRACT = (
    b"SUPPLY AGREEMENT. The Supplier shall deliver the goods within 10 days. "
    b"The Buyer shall pay a penalty of 0.1% per day of delay. "
) * 10


@dataclass
class Ticket:
    """What POST /v1/documents answered."""

    document_id: str
    url: str
    fields: dict[str, str]


class Driver:
    """The HTTP API through Chalice's test client and the local API Gateway in front of it,
    uploads through the presigned POST. Calls are signed in as the local cloud's development
    user (`POST /v1/auth/dev`) unless they name a token or are `anonymous`."""

    def __init__(self, cloud: LocalCloud, gate: ApiKeyGate | None = None) -> None:
        from app import app

        self.cloud = cloud
        self.client = api_test_client(app, gate)
        self._dev_token = ""

    def sign_in(self, user_id: str | None = None, role: str | None = None) -> str:
        """An access token from the local cloud's development sign-in."""
        body = {k: v for k, v in (("user_id", user_id), ("role", role)) if v is not None}
        status, tokens = self.api("POST", "/v1/auth/dev", body, anonymous=True)
        assert status == 200, tokens
        return str(tokens["access_token"])

    def bearer(self, token: str | None = None) -> dict[str, str]:
        """The Authorization header for `token`, or for the development user."""
        if token is None:
            if not self._dev_token:
                self._dev_token = self.sign_in()
            token = self._dev_token
        return {"Authorization": f"Bearer {token}"}

    def api(
        self,
        method: str,
        path: str,
        body: dict[str, Any] | None = None,
        *,
        token: str | None = None,
        anonymous: bool = False,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, Any]:
        """Call a route as the bearer of `token` (the development user's by default, nobody's
        when `anonymous`), with any other `headers`; the status and the JSON body."""
        sent = {"Content-Type": "application/json", **(headers or {})}
        if not anonymous:
            sent.update(self.bearer(token))
        kwargs: dict[str, Any] = {"headers": sent}
        if body is not None:
            kwargs["body"] = json.dumps(body)
        response = getattr(self.client.http, method.lower())(path, **kwargs)
        return response.status_code, json.loads(response.body or b"null")

    def request_upload(self, filename: str, size: int) -> Ticket:
        """POST /v1/documents for a file of this name and size."""
        ext = filename.rsplit(".", 1)[-1].lower()
        status, body = self.api(
            "POST",
            "/v1/documents",
            {
                "filename": filename,
                "content_type": BY_EXTENSION[ext].content_types[0],
                "size": size,
            },
        )
        assert status == 201, body
        return Ticket(
            body["document"]["document_id"], body["upload"]["url"], body["upload"]["fields"]
        )

    def upload(self, ticket: Ticket, data: bytes) -> None:
        """The browser's presigned POST (moto fires the S3 event inside it)."""
        response = requests.post(
            ticket.url, data=ticket.fields, files={"file": ("upload", data)}, timeout=120
        )
        assert response.status_code in (200, 201, 204), response.text

    def submit(self, filename: str, data: bytes) -> str:
        """Request, upload and wait for the run; the document id."""
        ticket = self.request_upload(filename, len(data))
        self.upload(ticket, data)
        self.wait(ticket.document_id)
        return ticket.document_id

    def wait(self, document_id: str, timeout: float = 120.0) -> dict[str, Any]:
        """Wait until the document's run ends or holds it for a reviewer; the document."""
        document = self.document(document_id)
        if document["status"] in ("failed", "awaiting_upload"):
            return document  # Extract refused it: no run was started
        sfn = self.cloud.client("stepfunctions")
        # The run of the document's current version (`{id}-v{n}`).
        arn = self.cloud.execution_arn(f"{document_id}-v{document['version']}")
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.document(document_id)["status"] == "in_review":
                return self.document(document_id)
            if sfn.describe_execution(executionArn=arn)["status"] != "RUNNING":
                self.cloud.wait_for_execution(arn)  # delivers the status events
                return self.document(document_id)
            time.sleep(0.02)
        raise TimeoutError(f"{document_id} did not settle in {timeout} s")

    def document(self, document_id: str) -> dict[str, Any]:
        """GET /v1/documents/{id}."""
        status, body = self.api("GET", f"/v1/documents/{document_id}")
        assert status == 200, body
        return dict(body)

    def credits(self) -> int:
        """GET /v1/me's credits."""
        status, body = self.api("GET", "/v1/me")
        assert status == 200, body
        return int(body["credits_left"])

    def executions(self) -> list[dict[str, Any]]:
        """Every execution of the pipeline."""
        sfn = self.cloud.client("stepfunctions")
        arn = self.cloud.deployment.state_machines["DocumentPipeline"]
        return list(sfn.list_executions(stateMachineArn=arn)["executions"])
