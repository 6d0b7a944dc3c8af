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
    # The template's other state machines (the recognizer's hand-off) as they are.
    for other in (PROJECT_ROOT / "statemachines").glob("*.asl.json"):
        shutil.copy(other, root / "statemachines" / other.name)
    asl = root / "statemachines" / "document_pipeline.asl.json"
    asl.write_text(json.dumps(STUB_ASL, indent=2), encoding="utf-8")
    return root


# A small template of its own for the local cloud's events, async invocations and function
# URLs: it does not follow the real template, which grows its own uses of them.
EVENTS_TEMPLATE = """\
AWSTemplateFormatVersion: "2010-09-09"
Transform: AWS::Serverless-2016-10-31
Parameters:
  Stage:
    Type: String
    Default: local
  AuthMode:  # the local cloud passes these two to every template
    Type: String
    Default: dev
  LogLevel:
    Type: String
    Default: WARNING
  WorkerConcurrency:
    Type: Number
    Default: 1
Globals:
  Function:
    Runtime: python3.11
    Timeout: 10
    Layers: [!Ref SharedLayer]
    Environment:
      Variables:
        BUS_NAME: !Ref StubBus
Resources:
  SharedLayer:
    Type: AWS::Serverless::LayerVersion
    Properties:
      ContentUri: layers/shared
      CompatibleRuntimes: [python3.11]
      RetentionPolicy: Delete
  StubBus:
    Type: AWS::Events::EventBus
    Properties:
      Name: !Sub "stub-${Stage}-events"
  FailuresQueue:
    Type: AWS::SQS::Queue
  AuditQueue:
    Type: AWS::SQS::Queue
  ProgressFunction:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: functions/progress/
      Handler: handler.handler
      EventInvokeConfig:
        MaximumRetryAttempts: 1
        DestinationConfig:
          OnFailure:
            Type: SQS
            Destination: !GetAtt FailuresQueue.Arn
      Events:
        Progress:
          Type: EventBridgeRule
          Properties:
            EventBusName: !Ref StubBus
            Pattern:
              source: [stub]
              detail-type: [Thing Changed]
              detail:
                chat:
                  id: [{exists: true}]
  AuditFunction:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: functions/audit/
      Handler: handler.handler
  AuditRule:
    Type: AWS::Events::Rule
    Properties:
      EventBusName: !GetAtt StubBus.Arn
      EventPattern:
        source: [stub]
        detail:
          size: [{numeric: [">", 10]}]
      Targets:
        - Id: queue
          Arn: !GetAtt AuditQueue.Arn
        - Id: function
          Arn: !GetAtt AuditFunction.Arn
          InputPath: $.detail
  DefaultBusFunction:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: functions/default_bus/
      Handler: handler.handler
      Events:
        Hello:
          Type: EventBridgeRule
          Properties:
            Pattern:
              source: [stub.default]
  SweeperFunction:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: functions/sweeper/
      Handler: handler.handler
      Events:
        Every:
          Type: Schedule
          Properties:
            Schedule: rate(1 hour)
  WorkerFunction:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: functions/worker/
      Handler: handler.handler
      ReservedConcurrentExecutions: !Ref WorkerConcurrency
      EventInvokeConfig:
        MaximumRetryAttempts: 2
        DestinationConfig:
          OnFailure:
            Type: SQS
            Destination: !GetAtt FailuresQueue.Arn
  WebhookFunction:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: functions/webhook/
      Handler: handler.handler
      FunctionUrlConfig:
        AuthType: NONE
      Environment:
        Variables:
          WORKER_FUNCTION: !Ref WorkerFunction
Outputs:
  WebhookUrl:
    Value: !GetAtt WebhookFunctionUrl.FunctionUrl
  BusArn:
    Value: !GetAtt StubBus.Arn
"""


def make_events_project(root: Path) -> Path:
    """Lay out EVENTS_TEMPLATE under root (its handlers are registered by the tests); root."""
    (root / "infra").mkdir(parents=True)
    (root / "infra" / "template.yaml").write_text(EVENTS_TEMPLATE, encoding="utf-8")
    return root
