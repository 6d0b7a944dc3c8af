"""Reading a Bot API request off the wire: bodies, parameters and uploaded files.

The Bot API takes parameters as a query string, JSON, a urlencoded form or a multipart form.
aiogram (3.x, aiohttp) sends a urlencoded form when a call has no file and a multipart form
when it has one; either way every complex field (reply_markup, entities, reply_parameters,
link_preview_options, ...) is a JSON string and every number and boolean is text. A multipart
upload comes with `Transfer-Encoding: chunked` and no Content-Length, with the file in a
part of its own named by a random key that the field refers to as `attach://<key>`; the
filename is raw UTF-8 in Content-Disposition. All of that is read here.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, unquote

if TYPE_CHECKING:
    from email.message import Message
    from io import BufferedIOBase

_PARAM = re.compile(r';\s*([\w*-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))')


class MalformedRequestError(ValueError):
    """The request body cannot be read as what its Content-Type says."""


class BodyTooLargeError(ValueError):
    """The request body is past what the Bot API takes (it answers 413)."""


@dataclass(frozen=True)
class Upload:
    """A file sent in a multipart request."""

    filename: str
    content_type: str
    data: bytes


def read_body(rfile: BufferedIOBase, headers: Message, limit: int) -> bytes:
    """The request body, de-chunked; BodyTooLargeError past `limit` bytes, once it is read.

    A body too large is still read (and dropped): a client whose upload is cut short sees a
    broken connection, not Telegram's 413.
    """
    if headers.get("Transfer-Encoding", "").lower() != "chunked":
        length = int(headers.get("Content-Length") or 0)
        if length <= limit:
            return rfile.read(length) if length else b""
        _drain(rfile, length)
        raise BodyTooLargeError(length)
    pieces: list[bytes] = []
    total = 0
    while True:
        size = int(rfile.readline(1024).split(b";")[0].strip() or b"0", 16)
        if size == 0:
            while rfile.readline(1024) not in (b"\r\n", b"\n", b""):
                pass  # trailers: none that matter here
            if total > limit:
                raise BodyTooLargeError(total)
            return b"".join(pieces)
        total += size
        if total > limit:
            pieces.clear()
            _drain(rfile, size)
        else:
            pieces.append(rfile.read(size))
        rfile.readline(8)


def _drain(rfile: BufferedIOBase, size: int) -> None:
    while size > 0:
        chunk = rfile.read(min(size, 1 << 20))
        if not chunk:
            return
        size -= len(chunk)


def parse_request(
    content_type: str, body: bytes, query: str
) -> tuple[dict[str, Any], dict[str, Upload]]:
    """The parameters and files of a request, from its query string and its body."""
    params: dict[str, Any] = dict(parse_qsl(query, keep_blank_values=True))
    files: dict[str, Upload] = {}
    media_type = content_type.split(";", maxsplit=1)[0].strip().lower()
    if not body:
        return params, files
    if media_type == "application/json":
        try:
            data = json.loads(body)
        except ValueError as exc:
            raise MalformedRequestError("the body is not JSON") from exc
        if not isinstance(data, dict):
            raise MalformedRequestError("the JSON body is not an object")
        params.update(data)
    elif media_type == "application/x-www-form-urlencoded":
        params.update(parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True))
    elif media_type == "multipart/form-data":
        fields, files = _parse_multipart(content_type, body)
        params.update(fields)
    return params, files


def _header_params(value: str) -> dict[str, str]:
    params: dict[str, str] = {}
    _, _, tail = value.partition(";")
    for match in _PARAM.finditer(";" + tail):
        key, quoted, token = match.group(1).lower(), match.group(2), match.group(3)
        params[key] = re.sub(r"\\(.)", r"\1", quoted) if quoted is not None else token
    return params


def _parse_multipart(content_type: str, body: bytes) -> tuple[dict[str, str], dict[str, Upload]]:
    boundary = _header_params(content_type).get("boundary")
    if not boundary:
        raise MalformedRequestError("multipart body without a boundary")
    fields: dict[str, str] = {}
    files: dict[str, Upload] = {}
    delimiter = b"--" + boundary.encode("latin-1")
    for chunk in body.split(delimiter)[1:]:
        if chunk.startswith(b"--"):
            break  # the closing delimiter
        head, _, content = chunk.removeprefix(b"\r\n").partition(b"\r\n\r\n")
        content = content.removesuffix(b"\r\n")
        part_headers = _part_headers(head)
        disposition = _header_params(part_headers.get("content-disposition", ""))
        name = disposition.get("name")
        if name is None:
            continue
        filename = _filename(disposition)
        if filename is None:
            fields[name] = content.decode("utf-8", "replace")
        else:
            content_type_of_part = part_headers.get("content-type", "application/octet-stream")
            files[name] = Upload(filename, content_type_of_part, content)
    return fields, files


def _part_headers(head: bytes) -> dict[str, str]:
    headers: dict[str, str] = {}
    for line in head.split(b"\r\n"):
        key, sep, value = line.partition(b":")
        if sep:
            # aiohttp writes the filename as raw UTF-8; latin-1 would garble Cyrillic names.
            headers[key.decode("latin-1").strip().lower()] = value.decode(
                "utf-8", "replace"
            ).strip()
    return headers


def _filename(disposition: dict[str, str]) -> str | None:
    extended = disposition.get("filename*")
    if extended and "''" in extended:
        charset, _, encoded = extended.partition("''")
        return unquote(encoded, encoding=charset or "utf-8", errors="replace")
    return disposition.get("filename")
