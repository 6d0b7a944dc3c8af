"""A provisioned local cloud kept per process, and restored instead of provisioned again.

Provisioning the template is some 365 AWS calls through botocore and moto: 3.7 to 4.6 s
at every start of a local cloud (0.25 s restored), and the tests start one hundreds of times
with the same template and parameters. What those calls leave behind is moto's state
(its backends, process-wide) and our `Deployment`; both are copied once after the
first provisioning of a given input and copied back at each later start, which gives
every cloud the same fresh, untouched resources the calls would have made.

Only in decorator mode: a moto server names what it makes after its own address (an SQS
queue's URL), so a server-mode cloud is always provisioned for real. moto's objects
hold locks here and there (an SQS queue's); a copy gets a fresh, unheld lock of its own
(only while copying: pickling a lock elsewhere still fails, as it should).
"""

from __future__ import annotations

import _thread
import contextlib
import copy
import copyreg
import json
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from infra.localcloud.provision import provision

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Mapping

    from infra.localcloud.deployment import Deployment


@dataclass(frozen=True)
class _Saved:
    backends: list[tuple[Any, str, str, Any]]  # (BackendDict, account, region, backend)
    deployment: Deployment


_saved: dict[str, _Saved] = {}
_lock = threading.Lock()
_copy_lock = threading.Lock()  # apart from _lock: a copy is made while _lock is held


def provisioned(
    template: Mapping[str, Any], deployment: Deployment, parameters: Mapping[str, str]
) -> Deployment:
    """`provision`, or its state restored if this process provisioned the same before.

    Called on a moto just reset: whatever moto holds after provisioning is what is kept.
    """
    key = json.dumps(
        [template, deployment.stack_name, deployment.region, deployment.account_id, parameters],
        sort_keys=True,
        default=str,
    )
    with _lock:
        saved = _saved.get(key)
    if saved is not None:
        _restore(saved)
        return copy.deepcopy(saved.deployment)
    made = provision(template, deployment, parameters)
    with _lock:
        _saved.setdefault(key, _Saved(_copied(_backends()), copy.deepcopy(made)))
    return made


def forget() -> None:
    """Drop every kept state (the next start provisions for real)."""
    with _lock:
        _saved.clear()


def _backends() -> list[tuple[Any, str, str, Any]]:
    from moto.core.base_backend import BackendDict

    registry: list[Any] = BackendDict._instances  # type: ignore[misc]  # moto's own registry
    return [
        (backends, account, region, backend)
        for backends in list(registry)
        for account, by_region in list(backends.items())
        for region, backend in list(by_region.items())
    ]


def _restore(saved: _Saved) -> None:
    for backends, account, region, backend in _copied(saved.backends):
        # A plain dict write: moto's own item lookup would make an empty backend first.
        dict.__setitem__(backends[account], region, backend)


def _copied(backends: list[tuple[Any, str, str, Any]]) -> list[tuple[Any, str, str, Any]]:
    # One copy of them all, so one backend's reference to another's object stays shared;
    # the BackendDicts themselves are moto's registries, kept, not copied.
    memo: dict[int, Any] = {id(item[0]): item[0] for item in backends}
    with _locks_copied_fresh():
        return copy.deepcopy(backends, memo)


@contextlib.contextmanager
def _locks_copied_fresh() -> Iterator[None]:
    """While copying, a lock's copy is a new, unheld lock (copying one is a TypeError)."""
    table = copyreg.dispatch_table
    with _copy_lock:
        table[_thread.LockType] = _made_anew(_thread.allocate_lock)
        table[_thread.RLock] = _made_anew(_thread.RLock)
        table[threading.Condition] = _fresh_condition
        try:
            yield
        finally:
            del table[_thread.LockType], table[_thread.RLock], table[threading.Condition]


def _made_anew(factory: Callable[[], Any]) -> Callable[[Any], tuple[Callable[[], Any], tuple[()]]]:
    return lambda _held: (factory, ())


def _fresh_condition(
    condition: threading.Condition,
) -> tuple[Callable[..., threading.Condition], tuple[Any]]:
    # A condition is bound to its lock's methods: built anew around the lock's copy (shared
    # by conditions that shared the lock, as a queue's three do), with no waiters.
    return threading.Condition, (condition._lock,)  # type: ignore[attr-defined]
