"""The Metrics port as CloudWatch Embedded Metric Format lines (Powertools' EMF provider).

One EMF line per count, on stdout, which Lambda sends to CloudWatch Logs and CloudWatch
turns into metrics. Why not one `Metrics` flushed by `@metrics.log_metrics` on each
handler: an EMF blob carries one set of dimensions for all of its metrics, and one
invocation counts under several (Extract moves a document to `extracting` and then to
`prescreening`; a failure is counted by status and by class); the HTTP API has no handler
of ours to decorate; and a count made on a worker thread (the model's chunks) would race
a shared metric set. A document makes a handful of lines, so the cost is nothing.

`POWERTOOLS_METRICS_DISABLED=true` (the local cloud sets it) silences the lines while
the same code runs: Powertools checks it when a provider flushes. (Its `single_metric`
does not: in Powertools 3.37 it prints whatever the switch says, hence a provider here.)
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING

from aws_lambda_powertools.metrics import (
    EphemeralMetrics,
    MetricResolutionError,
    MetricUnitError,
    MetricValueError,
    SchemaValidationError,
)

if TYPE_CHECKING:
    from collections.abc import Mapping

logger = logging.getLogger(__name__)

DEFAULT_NAMESPACE = "ContractCheck"
_POWERTOOLS_ERRORS = (
    MetricUnitError,
    MetricResolutionError,
    MetricValueError,
    SchemaValidationError,
    ValueError,
)


class PowertoolsMetrics:
    """Counts as EMF lines in `namespace` (`POWERTOOLS_METRICS_NAMESPACE`, else ContractCheck)."""

    def __init__(self, namespace: str | None = None) -> None:
        self._namespace = namespace
        # print() writes the line and its newline apart: threads must not interleave them.
        self._lock = threading.Lock()

    def count(
        self,
        name: str,
        value: float = 1,
        *,
        unit: str = "Count",
        breakdown: Mapping[str, str] | None = None,
        **dimensions: str,
    ) -> None:
        """One EMF line: `name` under `dimensions` and, with a breakdown, under both."""
        try:
            # A fresh provider per count: its own metric and dimension sets. `service=""`
            # leaves out Powertools' `service` dimension: the namespace is ours alone, and
            # an alarm then names exactly the dimensions documented in chalicelib.metrics.
            emf = EphemeralMetrics(namespace=self._namespace, service="")
            emf.namespace = emf.namespace or DEFAULT_NAMESPACE
            for dimension, label in dimensions.items():
                emf.add_dimension(name=dimension, value=label)
            if breakdown:
                emf.add_dimensions(**dimensions, **breakdown)
            emf.add_metric(name=name, unit=unit, value=value)
            with self._lock:
                emf.flush_metrics()
        except _POWERTOOLS_ERRORS:
            # A metric is an operator's aid: losing one must never fail a document.
            logger.warning("metric not recorded: %s", name, exc_info=True)
