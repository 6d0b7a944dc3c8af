"""S3 adapter for the documents bucket."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import boto3
from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.errors import (
    DocumentTooLargeError,
    StorageUnavailableError,
    StoredObjectMissingError,
)
from chalicelib.ports import ObjectInfo, PresignedPost

if TYPE_CHECKING:
    from mypy_boto3_s3 import S3Client
    from mypy_boto3_s3.type_defs import ObjectIdentifierTypeDef

_MISSING = {"404", "NoSuchKey", "NotFound", "NoSuchVersion"}
_TEXT_TAG = "kind=text"


class S3ObjectStore:
    """Objects in the documents bucket."""

    def __init__(self, bucket: str, client: S3Client | None = None) -> None:
        self._bucket = bucket
        self._client: S3Client = client or boto3.client("s3")

    def head(self, key: str, version_id: str | None = None) -> ObjectInfo:
        """Size, version and type of an object."""
        kwargs: dict[str, Any] = {"VersionId": version_id} if version_id else {}
        try:
            resp = self._client.head_object(Bucket=self._bucket, Key=key, **kwargs)
        except ClientError as exc:
            raise _translate(exc) from exc
        except BotoCoreError as exc:
            raise StorageUnavailableError from exc
        return ObjectInfo(
            key=key,
            size=int(resp["ContentLength"]),
            version_id=resp.get("VersionId"),
            content_type=resp.get("ContentType"),
        )

    def get_bytes(self, key: str, *, version_id: str | None = None, max_bytes: int) -> bytes:
        """An object's bytes, refusing more than `max_bytes`."""
        kwargs: dict[str, Any] = {"VersionId": version_id} if version_id else {}
        try:
            resp = self._client.get_object(Bucket=self._bucket, Key=key, **kwargs)
            # Read one byte past the limit so an object that grew is caught, not truncated.
            data = resp["Body"].read(max_bytes + 1)
        except ClientError as exc:
            raise _translate(exc) from exc
        except BotoCoreError as exc:
            raise StorageUnavailableError from exc
        if len(data) > max_bytes:
            raise DocumentTooLargeError
        return data

    def get_text(self, key: str) -> str:
        """A UTF-8 object as text."""
        try:
            resp = self._client.get_object(Bucket=self._bucket, Key=key)
            return resp["Body"].read().decode("utf-8")
        except ClientError as exc:
            raise _translate(exc) from exc
        except BotoCoreError as exc:
            raise StorageUnavailableError from exc

    def exists(self, key: str) -> bool:
        """True when the object exists."""
        try:
            self.head(key)
        except StoredObjectMissingError:
            return False
        return True

    def delete_prefix(self, prefix: str) -> int:
        """Every version and delete marker under the prefix, removed in batches of 1000."""
        removed = 0
        try:
            pages = self._client.get_paginator("list_object_versions").paginate(
                Bucket=self._bucket, Prefix=prefix
            )
            for page in pages:
                objects: list[ObjectIdentifierTypeDef] = [
                    {"Key": entry["Key"], "VersionId": entry["VersionId"]}
                    for entry in [*page.get("Versions", []), *page.get("DeleteMarkers", [])]
                ]
                for start in range(0, len(objects), 1000):
                    batch = objects[start : start + 1000]
                    self._client.delete_objects(
                        Bucket=self._bucket, Delete={"Objects": batch, "Quiet": True}
                    )
                    removed += len(batch)
        except ClientError as exc:
            raise _translate(exc) from exc
        return removed

    def put_text(self, key: str, text: str, *, content_type: str, expires_with_text: bool) -> None:
        """Store a UTF-8 artifact; `expires_with_text` tags it for the text retention rule."""
        extra: dict[str, Any] = {"Tagging": _TEXT_TAG} if expires_with_text else {}
        try:
            self._client.put_object(
                Bucket=self._bucket,
                Key=key,
                Body=text.encode("utf-8"),
                ContentType=f"{content_type}; charset=utf-8",
                **extra,
            )
        except (ClientError, BotoCoreError) as exc:
            raise StorageUnavailableError from exc

    def put_bytes(self, key: str, data: bytes, *, content_type: str) -> None:
        """Store an object as it is (a server-side upload)."""
        try:
            self._client.put_object(
                Bucket=self._bucket, Key=key, Body=data, ContentType=content_type
            )
        except (ClientError, BotoCoreError) as exc:
            raise StorageUnavailableError from exc

    def presigned_post(
        self, key: str, *, content_type: str, max_size: int, expires_in: int
    ) -> PresignedPost:
        """A form bound to this key, a content-length range and the content type."""
        try:
            form = self._client.generate_presigned_post(
                Bucket=self._bucket,
                Key=key,
                Fields={"Content-Type": content_type},
                Conditions=[
                    {"Content-Type": content_type},
                    ["content-length-range", 1, max_size],
                ],
                ExpiresIn=expires_in,
            )
        except (ClientError, BotoCoreError) as exc:
            raise StorageUnavailableError from exc
        return PresignedPost(url=form["url"], fields={k: str(v) for k, v in form["fields"].items()})

    def presigned_get(
        self, key: str, *, expires_in: int, content_disposition: str, content_type: str
    ) -> str:
        """A GET URL for one object, valid `expires_in` seconds, answering with these headers
        (S3 puts the signed `response-content-*` parameters in the answer)."""
        try:
            return self._client.generate_presigned_url(
                "get_object",
                Params={
                    "Bucket": self._bucket,
                    "Key": key,
                    "ResponseContentDisposition": content_disposition,
                    "ResponseContentType": content_type,
                },
                ExpiresIn=expires_in,
            )
        except (ClientError, BotoCoreError) as exc:
            raise StorageUnavailableError from exc


def _translate(exc: ClientError) -> StorageUnavailableError | StoredObjectMissingError:
    code = str(exc.response.get("Error", {}).get("Code", ""))
    if code in _MISSING:
        return StoredObjectMissingError()
    return StorageUnavailableError(f"Storage refused the call: {code}")
