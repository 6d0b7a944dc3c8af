"""The embedded local cloud: moto provisioned from infra/template.yaml, our handlers in-process."""

from infra.localcloud.cloud import LocalCloud
from infra.localcloud.deployment import (
    Deployment,
    FunctionDeployment,
    FunctionUrlDeployment,
    RuleDeployment,
)
from infra.localcloud.environment import EnvironmentConflictError
from infra.localcloud.function_urls import FunctionUrlResponse
from infra.localcloud.runtime import HandlerError, InvocationResult, LambdaContext

__all__ = [
    "Deployment",
    "EnvironmentConflictError",
    "FunctionDeployment",
    "FunctionUrlDeployment",
    "FunctionUrlResponse",
    "HandlerError",
    "InvocationResult",
    "LambdaContext",
    "LocalCloud",
    "RuleDeployment",
]
