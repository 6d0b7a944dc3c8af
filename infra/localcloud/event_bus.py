"""Events put on a bus (`PutEvents`), delivered to the matching rules' Lambda targets.

moto keeps buses, rules and targets and delivers to SQS or log groups, but raises
NotImplementedError for a Lambda target. The patch in moto_patches.py takes the
Lambda targets away from moto and hands each matching (target, event) to
`EventBusDelivery.deliver`, which starts an asynchronous invocation, as
EventBridge does: after PutEvents has answered, with Lambda's retries and
on-failure destination.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import threading
    from collections.abc import Callable

    from infra.localcloud.deployment import Deployment

logger = logging.getLogger(__name__)


def _event_time(value: Any) -> str:
    # PutEvents' Time reaches moto as epoch seconds (JSON protocol); AWS sends ISO 8601.
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, int | float):
        moment = datetime.fromtimestamp(value, UTC)
    elif isinstance(value, str) and value:
        try:
            moment = datetime.fromtimestamp(float(value), UTC)
        except ValueError:
            return value
    else:
        moment = datetime.now(UTC)
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def event_envelope(
    event_id: str, entry: dict[str, Any], account: str, region: str
) -> dict[str, Any]:
    """The event EventBridge gives a target for one PutEvents entry."""
    return {
        "version": "0",
        "id": event_id,
        "detail-type": entry["DetailType"],
        "source": entry["Source"],
        "account": account,
        "time": _event_time(entry.get("Time")),
        "region": region,
        "resources": list(entry.get("Resources") or []),
        "detail": json.loads(entry["Detail"]),
    }


def is_lambda_arn(arn: str) -> bool:
    """Whether a target ARN is a Lambda function's."""
    return arn.split(":")[2:3] == ["lambda"]


class EventBusDelivery:
    """Starts the asynchronous invocation of a rule's Lambda target for a matching event."""

    def __init__(
        self, deployment: Deployment, submit: Callable[[str, Any], threading.Event | None]
    ) -> None:
        self._deployment = deployment
        self._submit = submit
        self.undeliverable: list[tuple[str, Any]] = []  # targets that are not our functions

    def deliver(self, function_arn: str, event: Any) -> None:
        """Invoke the target asynchronously; a function not in the template is noted, not run."""
        function = self._deployment.function_by_arn(function_arn)
        if function is None:
            logger.warning("event for %s dropped: not a function of the template", function_arn)
            self.undeliverable.append((function_arn, event))
            return
        self._submit(function.logical_id, event)
