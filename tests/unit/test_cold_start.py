"""Importing a Lambda's handler builds nothing: settings and clients wait for the first call."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).parents[2]
HANDLERS = sorted(p.parent.name for p in (PROJECT_ROOT / "functions").glob("*/handler.py"))


def _python(code: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """`code` in a fresh interpreter from the project's root: a cold start's imports."""
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=PROJECT_ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def test_every_handler_and_the_api_import_without_settings_or_pymupdf() -> None:
    # GIVEN an environment with none of our settings
    env = {k: v for k, v in os.environ.items() if k not in {"TABLE_NAME", "BUCKET_NAME"}}
    imports = "; ".join(f"import functions.{name}.handler" for name in HANDLERS)
    check = "import sys; assert 'pymupdf' not in sys.modules, 'PyMuPDF loaded at import time'"
    # WHEN every handler and the HTTP app are imported
    result = _python(f"{imports}; import app; {check}", env)
    # THEN nothing failed for want of a setting, and the heavy reader stayed unloaded
    assert result.returncode == 0, result.stderr
    assert len(HANDLERS) >= 8


# What a step's handler must not import at import time outside Lambda (issue 16): the
# X-Ray SDK (the tracer is off there), pydantic-settings' sources, Powertools' parser,
# and the adapters, which its service's builder imports on the first event.
NOT_AT_IMPORT = (
    "aws_xray_sdk.core",
    "pydantic_settings",
    "aws_lambda_powertools.utilities.parser",
    "chalicelib.adapters.dynamo",
    "chalicelib.adapters.stepfunctions",
    "boto3",
)
STEPS = (
    *("analyze", "finalize", "hold_for_review", "ocr_page", "on_run_failed", "prescreen"),
    *("record_failure", "statements", "sweeper", "telegram_webhook"),
    *("recognition_client", "recognition_client_sweep", "recognition_sweep"),
)


def test_a_step_handler_imports_no_tracer_settings_source_parser_or_adapter() -> None:
    env = {k: v for k, v in os.environ.items() if k not in {"LAMBDA_TASK_ROOT"}}
    probe = (
        "import importlib, json, sys\n"
        f"for name in {STEPS!r}:\n"
        "    importlib.import_module(f'functions.{name}.handler')\n"
        f"print(json.dumps(sorted(m for m in {NOT_AT_IMPORT!r} if m in sys.modules)))"
    )
    result = _python(probe, env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "[]"


def test_the_settings_read_the_environment_in_any_case_and_passed_fields_win(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from chalicelib.settings import Settings

    monkeypatch.delenv("TABLE_NAME", raising=False)
    monkeypatch.setenv("table_name", "from-env")
    monkeypatch.setenv("BUCKET_NAME", "bucket")
    monkeypatch.setenv("Callback_Retry_Seconds", "[5, 10]")
    monkeypatch.setenv("AUTO_APPROVE_ENABLED", "true")
    monkeypatch.setenv("HIGH_VALUE_THRESHOLD", "2500.50")
    monkeypatch.setenv("NOT_A_SETTING", "ignored")
    settings = Settings.model_validate({})
    assert settings.table_name == "from-env"
    assert settings.callback_retry_seconds == (5, 10)
    assert settings.auto_approve_enabled is True
    assert str(settings.high_value_threshold) == "2500.50"
    assert Settings(table_name="passed").table_name == "passed"


def test_a_setting_out_of_range_still_fails_the_cold_start(monkeypatch: pytest.MonkeyPatch) -> None:
    from pydantic import ValidationError

    from chalicelib.settings import Settings

    monkeypatch.setenv("TABLE_NAME", "t")
    monkeypatch.setenv("BUCKET_NAME", "b")
    monkeypatch.setenv("OCR_DPI", "10")
    with pytest.raises(ValidationError, match="ocr_dpi"):
        Settings.model_validate({})
