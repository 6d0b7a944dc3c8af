"""The Content-Disposition of a download: the original file name, safely encoded.

RFC 6266 with RFC 5987's `filename*`: an ASCII fallback in `filename="..."` for old
clients (non-ASCII letters, quotes, backslashes and controls replaced), and the exact name
as `filename*=UTF-8''…` percent-encoded. No user-supplied byte reaches the header raw, so
a name cannot split the header or add a parameter.
"""

from __future__ import annotations

import unicodedata
from urllib.parse import quote

_FALLBACK_UNSAFE = set('"\\;%')
MAX_NAME_CHARS = 255


def ascii_fallback(filename: str) -> str:
    """An ASCII form of `filename`: accents dropped, other characters and quotes as `_`."""
    decomposed = unicodedata.normalize("NFKD", filename)
    chars = []
    for char in decomposed:
        if unicodedata.combining(char):
            continue
        printable = 0x20 <= ord(char) < 0x7F
        chars.append(char if printable and char not in _FALLBACK_UNSAFE else "_")
    fallback = "".join(chars).strip() or "download"
    return fallback[:MAX_NAME_CHARS]


def content_disposition(filename: str, *, inline: bool = False) -> str:
    """`attachment; filename="contract.pdf"; filename*=UTF-8''%D0%B4…` for `filename`."""
    clean = "".join(c for c in filename if unicodedata.category(c)[0] != "C")[:MAX_NAME_CHARS]
    clean = clean.strip() or "download"
    kind = "inline" if inline else "attachment"
    encoded = quote(clean, safe="")
    return f"{kind}; filename=\"{ascii_fallback(clean)}\"; filename*=UTF-8''{encoded}"
