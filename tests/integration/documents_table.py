"""The documents table's properties from the SAM template, for adapter tests on moto.

The fixtures `moto_aws` and `documents_table` (tests/integration/conftest.py) create it
with the local cloud's own creator: the real key schema and TTL, without the whole cloud.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from infra.localcloud.template import load_sam_template

REGION = "us-east-1"
TEMPLATE = Path(__file__).resolve().parents[2] / "infra" / "template.yaml"
TABLE_PROPS: dict[str, Any] = load_sam_template(TEMPLATE)["Resources"]["DocumentsTable"][
    "Properties"
]
