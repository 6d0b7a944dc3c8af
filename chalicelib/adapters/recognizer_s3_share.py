"""The recognizer's share as an S3 prefix (the default): `<prefix>Input/…`, `<prefix>Output/…`.

For a recognizer that reads and writes S3 (and for the local cloud and the tests). Keys
are the prefix plus the share's path; a folder is a key prefix ending in `/`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import boto3
from botocore.exceptions import BotoCoreError, ClientError

from chalicelib.ports.recognizer import ShareEntry
from chalicelib.recognizer.errors import RecognizerShareUnavailableError

if TYPE_CHECKING:
    from mypy_boto3_s3 import S3Client

DEFAULT_SHARE_PREFIX = "FileWorker/share/"


def _unavailable(exc: Exception) -> RecognizerShareUnavailableError:
    code = exc.response.get("Error", {}).get("Code", "") if isinstance(exc, ClientError) else ""
    return RecognizerShareUnavailableError(
        f"The S3 share did not answer: {type(exc).__name__} {code}".strip()
    )


class S3PrefixShare:
    """A folder shared with the recognizer: a prefix of an S3 bucket."""

    def __init__(
        self, bucket: str, prefix: str = DEFAULT_SHARE_PREFIX, client: S3Client | None = None
    ) -> None:
        self._bucket = bucket
        self._prefix = prefix if prefix.endswith("/") or not prefix else f"{prefix}/"
        self._client: S3Client = client or boto3.client("s3")

    def _key(self, path: str) -> str:
        return self._prefix + path.lstrip("/")

    def put(self, path: str, data: bytes) -> None:
        """Write a file."""
        try:
            self._client.put_object(Bucket=self._bucket, Key=self._key(path), Body=data)
        except (ClientError, BotoCoreError) as exc:
            raise _unavailable(exc) from exc

    def list(self, folder: str) -> list[ShareEntry]:
        """The files directly in `folder`."""
        prefix = self._key(folder if folder.endswith("/") else f"{folder}/")
        entries: list[ShareEntry] = []
        try:
            pages = self._client.get_paginator("list_objects_v2").paginate(
                Bucket=self._bucket, Prefix=prefix, Delimiter="/"
            )
            for page in pages:
                entries += [
                    ShareEntry(name=item["Key"][len(prefix) :], size=int(item["Size"]))
                    for item in page.get("Contents", [])
                    if item["Key"] != prefix
                ]
        except (ClientError, BotoCoreError) as exc:
            raise _unavailable(exc) from exc
        return entries

    def read(self, path: str) -> bytes:
        """A file's bytes."""
        try:
            answer = self._client.get_object(Bucket=self._bucket, Key=self._key(path))
            return answer["Body"].read()
        except (ClientError, BotoCoreError) as exc:
            raise _unavailable(exc) from exc

    def delete(self, path: str) -> None:
        """Remove a file (S3 answers the same for a missing one)."""
        try:
            self._client.delete_object(Bucket=self._bucket, Key=self._key(path))
        except (ClientError, BotoCoreError) as exc:
            raise _unavailable(exc) from exc

    def delete_folder(self, folder: str) -> None:
        """Remove every file under `folder`."""
        prefix = self._key(folder if folder.endswith("/") else f"{folder}/")
        try:
            pages = self._client.get_paginator("list_objects_v2").paginate(
                Bucket=self._bucket, Prefix=prefix
            )
            for page in pages:
                keys = [{"Key": item["Key"]} for item in page.get("Contents", [])]
                if keys:
                    self._client.delete_objects(
                        Bucket=self._bucket,
                        Delete={"Objects": keys, "Quiet": True},  # type: ignore[typeddict-item]
                    )
        except (ClientError, BotoCoreError) as exc:
            raise _unavailable(exc) from exc

    def probe(self) -> None:
        """The bucket answers a listing of the share's prefix."""
        try:
            self._client.list_objects_v2(Bucket=self._bucket, Prefix=self._prefix, MaxKeys=1)
        except (ClientError, BotoCoreError) as exc:
            raise _unavailable(exc) from exc
