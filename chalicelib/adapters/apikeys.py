"""API Gateway adapter for B2B partner keys: create, delete, and read usage on the plan."""

from __future__ import annotations

import contextlib
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING

import boto3
from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.errors import RequestError, StorageUnavailableError
from chalicelib.ports import CreatedKey, DailyUsage

if TYPE_CHECKING:
    from mypy_boto3_apigateway import APIGatewayClient

_NOT_FOUND = {"NotFoundException"}


class ApiGatewayKeys:
    """Partner API keys attached to one usage plan."""

    def __init__(self, usage_plan_id: str, client: APIGatewayClient | None = None) -> None:
        self._plan = usage_plan_id
        self._client: APIGatewayClient = client or boto3.client("apigateway")

    def create(self, owner_id: str, name: str) -> CreatedKey:
        """Create an enabled key for `owner_id` and attach it to the plan."""
        try:
            key = self._client.create_api_key(
                name=name, enabled=True, generateDistinctId=True, customerId=owner_id
            )
        except ClientError as exc:
            raise _translate(exc) from exc
        except BotoCoreError as exc:
            raise StorageUnavailableError from exc
        try:
            self._client.create_usage_plan_key(
                usagePlanId=self._plan, keyId=key["id"], keyType="API_KEY"
            )
        except (ClientError, BotoCoreError) as exc:
            # A key off the plan works nowhere, but would still count against the quota.
            with contextlib.suppress(StorageUnavailableError, RequestError):
                self.delete(key["id"])
            raise (
                _translate(exc) if isinstance(exc, ClientError) else StorageUnavailableError()
            ) from exc
        created = key.get("createdDate") or datetime.now(UTC)
        return CreatedKey(key_id=key["id"], value=key["value"], created_at=_utc(created))

    def delete(self, key_id: str) -> None:
        """Delete a key: API Gateway refuses it at once, and it no longer counts against the
        account's quota of keys. A key already gone is done (a retried revocation)."""
        try:
            self._client.delete_api_key(apiKey=key_id)
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") not in _NOT_FOUND:
                raise _translate(exc) from exc
        except BotoCoreError as exc:
            raise StorageUnavailableError from exc

    def disable(self, key_id: str) -> None:
        """Disable a key: API Gateway answers 403 to it from now on (it stays for the records)."""
        self._set_enabled(key_id, enabled=False)

    def enable(self, key_id: str) -> None:
        """Enable a disabled key again."""
        self._set_enabled(key_id, enabled=True)

    def usage(self, key_id: str, start: date, end: date) -> list[DailyUsage]:
        """A key's requests per day from `start` to `end` (inclusive), days without data as 0."""
        try:
            resp = self._client.get_usage(
                usagePlanId=self._plan,
                keyId=key_id,
                startDate=start.isoformat(),  # API Gateway wants "yyyy-MM-dd"
                endDate=end.isoformat(),
            )
        except ClientError as exc:
            raise _translate(exc) from exc
        except BotoCoreError as exc:
            raise StorageUnavailableError from exc
        # items: {key id: [[used, remaining], ...]}, one pair per day from startDate.
        days = resp.get("items", {}).get(key_id, [])
        span = (end - start).days + 1
        usage = []
        for offset in range(span):
            used, remaining = days[offset] if offset < len(days) else (0, 0)
            usage.append(DailyUsage(start + timedelta(days=offset), int(used), int(remaining)))
        return usage

    def _set_enabled(self, key_id: str, *, enabled: bool) -> None:
        try:
            self._client.update_api_key(
                apiKey=key_id,
                patchOperations=[
                    {"op": "replace", "path": "/enabled", "value": str(enabled).lower()}
                ],
            )
        except ClientError as exc:
            raise _translate(exc) from exc
        except BotoCoreError as exc:
            raise StorageUnavailableError from exc


def _utc(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _translate(exc: ClientError) -> Exception:
    if exc.response.get("Error", {}).get("Code") in _NOT_FOUND:
        return RequestError("No such API key or usage plan.")
    return StorageUnavailableError()
