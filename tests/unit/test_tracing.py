"""Every Lambda is traced with X-Ray on AWS, with its AWS and HTTP calls as subsegments;
outside Lambda (tests, the local cloud) the tracer is off and patches nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

PROJECT_ROOT = Path(__file__).parents[2]
HANDLERS = sorted(p.parent.name for p in (PROJECT_ROOT / "functions").glob("*/handler.py"))

# Imports every handler in a fresh interpreter and tells what its tracer did.
PROBE = """
import importlib, json
from aws_xray_sdk.core import patcher
def wrappers(function):
    while hasattr(function, "__wrapped__"):
        yield function.__code__.co_filename
        function = function.__wrapped__
found = {}
for name in NAMES:
    module = importlib.import_module(f"functions.{name}.handler")
    found[name] = {
        "disabled": module.entry.tracer.disabled,
        "wrapped": any("tracing" in f and "tracer" in f for f in wrappers(module.handler)),
    }
print(json.dumps({"handlers": found, "patched": sorted(patcher._PATCHED_MODULES)}))
"""


def _probe(**env: str) -> dict[str, object]:
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("POWERTOOLS_", "LAMBDA_TASK_ROOT", "AWS_SAM_LOCAL"))
    }
    result = subprocess.run(
        [sys.executable, "-c", f"NAMES = {HANDLERS!r}\n{PROBE}"],
        cwd=PROJECT_ROOT,
        env={**clean, "AWS_DEFAULT_REGION": "us-east-1", **env},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return dict(json.loads(result.stdout.strip().splitlines()[-1]))


def test_on_lambda_every_handler_is_traced_with_boto_and_httpx_patched() -> None:
    probe = _probe(LAMBDA_TASK_ROOT="/var/task")
    handlers = probe["handlers"]
    assert isinstance(handlers, dict) and sorted(handlers) == HANDLERS
    for name, tracer in handlers.items():
        assert tracer == {"disabled": False, "wrapped": True}, name
    assert probe["patched"] == ["botocore", "httpx"]


def test_outside_lambda_the_tracer_is_off_and_patches_nothing() -> None:
    probe = _probe()
    handlers = probe["handlers"]
    assert isinstance(handlers, dict)
    assert all(tracer == {"disabled": True, "wrapped": True} for tracer in handlers.values())
    assert probe["patched"] == []
