"""Document extraction: any supported upload to Markdown plus facts, safely.

`extract_document` reads in this process; `extract_isolated` runs the same in a
child process with a memory cap and a timeout, for untrusted files in a Lambda.
"""

from __future__ import annotations

from chalicelib.extract.dispatch import extract_document
from chalicelib.extract.isolate import extract_isolated
from chalicelib.extract.limits import ExtractLimits
from chalicelib.formats import SUPPORTED_EXTENSIONS

__all__ = ["SUPPORTED_EXTENSIONS", "ExtractLimits", "extract_document", "extract_isolated"]
