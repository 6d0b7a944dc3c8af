"""A throwaway project for testing the local cloud: the real template, a small ASL, stub handlers.

The real template is copied as is, so the walker is tested on every resource
the project deploys; the ASL and the handlers are small and known, so the tests
do not depend on the application's behaviour.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from tests.integration import localcloud_handlers as stubs

PROJECT_ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = PROJECT_ROOT / "infra" / "template.yaml"

STUB_ASL: dict[str, Any] = {
    "StartAt": "Prescreen Document",
    "States": {
        "Prescreen Document": {
            "Type": "Task",
            "Resource": "arn:aws:states:::lambda:invoke",
            "Parameters": {"FunctionName": "${PrescreenFunctionArn}", "Payload.$": "$"},
            "OutputPath": "$.Payload",
            "Retry": [
                {
                    "ErrorEquals": ["LlmRateLimitedError"],
                    "IntervalSeconds": 2,
                    "MaxAttempts": 3,
                    "BackoffRate": 2,
                }
            ],
            "Catch": [
                {
                    "ErrorEquals": ["UnreadableDocumentError"],
                    "ResultPath": "$.error",
                    "Next": "Record Failure",
                }
            ],
            "Next": "Which Route?",
        },
        "Which Route?": {
            "Type": "Choice",
            "Choices": [
                {"Variable": "$.route", "StringEquals": "review", "Next": "Hold For Review"},
                {"Variable": "$.route", "StringEquals": "fail", "Next": "Give Up"},
            ],
            "Default": "Analyze Document",
        },
        "Analyze Document": {
            "Type": "Task",
            "Resource": "${AnalyzeFunctionArn}",
            "Next": "Finalize Report",
        },
        "Hold For Review": {
            "Type": "Task",
            "Resource": "arn:aws:states:::lambda:invoke.waitForTaskToken",
            "Parameters": {
                "FunctionName": "${HoldForReviewFunctionArn}",
                "Payload": {"task_token.$": "$$.Task.Token"},
            },
            "Next": "Finalize Report",
        },
        "Finalize Report": {"Type": "Task", "Resource": "${FinalizeFunctionArn}", "End": True},
        "Record Failure": {
            "Type": "Task",
            "Resource": "${RecordFailureFunctionArn}",
            "Next": "Failed",
        },
        "Failed": {"Type": "Fail", "Error": "DocumentFailed", "Cause": "recorded"},
        "Give Up": {"Type": "Fail", "Error": "GivenUp", "Cause": "the input said so"},
    },
}

STUB_HANDLERS: dict[str, Any] = {
    "ExtractFunction": "tests.integration.localcloud_handlers:extract",
    "PrescreenFunction": "tests.integration.localcloud_handlers:prescreen",
    "AnalyzeFunction": stubs.record("analyze"),
    "HoldForReviewFunction": stubs.record("hold"),
    "FinalizeFunction": stubs.record("finalize"),
    "RecordFailureFunction": stubs.record("record_failure"),
    "OnRunFailedFunction": stubs.record("on_run_failed"),
    "SweeperFunction": stubs.record("sweeper"),
    "APIHandler": stubs.record("api"),
}


def make_stub_project(root: Path) -> Path:
    """Lay out the template and the stub ASL under root; root."""
    (root / "infra").mkdir(parents=True)
    shutil.copy(TEMPLATE, root / "infra" / "template.yaml")
    (root / "statemachines").mkdir()
    asl = root / "statemachines" / "document_pipeline.asl.json"
    asl.write_text(json.dumps(STUB_ASL, indent=2), encoding="utf-8")
    return root
