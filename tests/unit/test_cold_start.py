"""Importing a Lambda's handler builds nothing: settings and clients wait for the first call."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

PROJECT_ROOT = Path(__file__).parents[2]
HANDLERS = sorted(p.parent.name for p in (PROJECT_ROOT / "functions").glob("*/handler.py"))


def test_every_handler_and_the_api_import_without_settings_or_pymupdf() -> None:
    # GIVEN an environment with none of our settings
    env = {k: v for k, v in os.environ.items() if k not in {"TABLE_NAME", "BUCKET_NAME"}}
    imports = "; ".join(f"import functions.{name}.handler" for name in HANDLERS)
    check = "import sys; assert 'pymupdf' not in sys.modules, 'PyMuPDF loaded at import time'"
    # WHEN every handler and the HTTP app are imported
    result = subprocess.run(
        [sys.executable, "-c", f"{imports}; import app; {check}"],
        cwd=PROJECT_ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    # THEN nothing failed for want of a setting, and the heavy reader stayed unloaded
    assert result.returncode == 0, result.stderr
    assert len(HANDLERS) >= 8
