"""Walks the transformed template and creates each resource through the public boto3 APIs.

Why not moto's CloudFormation `create_stack`: it ignores bucket notifications and
DefinitionSubstitutions and stores state machines where the executor does not
look. Walking the template keeps the template the only list of resources and
touches no moto internals.
"""

from __future__ import annotations

import secrets
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

import boto3

from infra.localcloud import (
    apigateway_resources,
    compute_resources,
    mail_resources,
    monitoring_resources,
    storage_resources,
)
from infra.localcloud.intrinsics import Created, Resolver, references, resolve_parameters

if TYPE_CHECKING:
    from infra.localcloud.deployment import Deployment

_NAME_ALPHABET = string.ascii_uppercase + string.digits

# Resources that have no local effect, and why: the walker says so instead of guessing.
SKIPPED_TYPES: dict[str, str] = {
    "AWS::Lambda::Permission": "moto does not check who may invoke a function",
    "AWS::S3::BucketPolicy": (
        "it denies plain HTTP, the only thing the local endpoint speaks; "
        "moto does not evaluate bucket policies"
    ),
    "AWS::Serverless::Api": "Chalice's API: served locally by chalice.local",
}


class ProvisionError(Exception):
    """A resource could not be created locally."""


@cache
def _session(region: str) -> boto3.Session:
    # One session per region for the process: it caches the service models, which
    # makes each new client ~10x cheaper (clients are still new per cloud: the
    # endpoint is read when a client is made).
    return boto3.Session(region_name=region)


class Clients:
    """boto3 clients, one per service, from one session."""

    def __init__(self, region: str) -> None:
        self._session = _session(region)
        self._clients: dict[str, Any] = {}

    def get(self, service: str) -> Any:
        """The client for a service (created once)."""
        if service not in self._clients:
            self._clients[service] = self._session.client(service)  # type: ignore[call-overload]
        return self._clients[service]


@dataclass
class ProvisionContext:
    """What a resource creator needs: clients, the deployment so far and a name maker."""

    clients: Clients
    deployment: Deployment
    created: dict[str, Created] = field(default_factory=dict)

    def physical_name(self, logical_id: str, max_len: int = 64, *, lower: bool = False) -> str:
        """A CloudFormation-style generated name: `{stack}-{LogicalId}-{RANDOM}`."""
        suffix = "".join(secrets.choice(_NAME_ALPHABET) for _ in range(12))
        base = f"{self.deployment.stack_name}-{logical_id}"[: max_len - len(suffix) - 1]
        name = f"{base}-{suffix}"
        return name.lower() if lower else name

    def arn(self, service: str, resource: str) -> str:
        """An ARN in this deployment's region and account."""
        d = self.deployment
        return f"arn:aws:{service}:{d.region}:{d.account_id}:{resource}"


Creator = Callable[[ProvisionContext, str, dict[str, Any]], Created]

CREATORS: dict[str, Creator] = {
    **storage_resources.CREATORS,
    **compute_resources.CREATORS,
    **apigateway_resources.CREATORS,
    **monitoring_resources.CREATORS,
    **mail_resources.CREATORS,
}


def creation_order(resources: Mapping[str, Any]) -> list[str]:
    """Logical ids ordered so that every resource comes after those it refers to."""
    deps: dict[str, set[str]] = {}
    for logical_id, resource in resources.items():
        depends_on = resource.get("DependsOn", [])
        named = {depends_on} if isinstance(depends_on, str) else set(depends_on)
        found = references(resource.get("Properties", {})) | named
        deps[logical_id] = {d for d in found if d in resources and d != logical_id}
    ordered: list[str] = []
    done: set[str] = set()
    while len(ordered) < len(resources):
        ready = sorted(lid for lid in resources if lid not in done and deps[lid] <= done)
        if not ready:
            stuck = sorted(set(resources) - done)
            raise ProvisionError(f"circular references among {stuck}")
        ordered.extend(ready)
        done.update(ready)
    return ordered


def pseudo_parameters(deployment: Deployment) -> dict[str, str]:
    """AWS::Region, AWS::AccountId and friends for this deployment."""
    d = deployment
    return {
        "AWS::Region": d.region,
        "AWS::AccountId": d.account_id,
        "AWS::Partition": "aws",
        "AWS::URLSuffix": "amazonaws.com",
        "AWS::StackName": d.stack_name,
        "AWS::StackId": d.stack_id,
        "AWS::NotificationARNs": "",
    }


def provision(
    template: Mapping[str, Any], deployment: Deployment, parameters: Mapping[str, str]
) -> Deployment:
    """Create every resource of a transformed template; fill and return the deployment."""
    context = ProvisionContext(Clients(deployment.region), deployment)
    values = resolve_parameters(template.get("Parameters", {}), parameters)
    resolver = Resolver(template, values, pseudo_parameters(deployment), context.created)
    resources = template["Resources"]
    for logical_id in creation_order(resources):
        resource = resources[logical_id]
        kind = resource["Type"]
        if "Condition" in resource and not resolver.condition(resource["Condition"]):
            deployment.skipped[logical_id] = f"condition {resource['Condition']} is false"
        elif kind in SKIPPED_TYPES:
            deployment.skipped[logical_id] = SKIPPED_TYPES[kind]
        elif kind in CREATORS:
            props = resolver.resolve(resource.get("Properties", {}))
            context.created[logical_id] = CREATORS[kind](context, logical_id, props)
            deployment.created[logical_id] = kind
        else:
            raise ProvisionError(
                f"{logical_id}: the local cloud cannot create {kind}; "
                "add a creator or list it in SKIPPED_TYPES with the reason"
            )
    for name, output in template.get("Outputs", {}).items():
        deployment.outputs[name] = resolver.resolve(output["Value"])
    return deployment
