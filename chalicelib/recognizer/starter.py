"""Starting a hand-off: what the recognition service calls for an image-pipeline request
when `EXTERNAL_RECOGNIZER_ENABLED` is on.

One execution of RecognizerHandoffStateMachine per task, named by the task id (= the job
id), with input `{"command": …, "job_id": …}`: a second start of the same task is the same
run, never a second hand-off.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from chalicelib.recognizer.handoff import parse_command

if TYPE_CHECKING:
    from chalicelib.ports import Workflow


class RecognizerDisabledError(RuntimeError):
    """The external recognizer is off (EXTERNAL_RECOGNIZER_ENABLED): nothing is handed over."""


class HandoffStarter:
    """Starts hand-offs, when the external recognizer is enabled."""

    def __init__(self, workflow: Workflow | None, *, enabled: bool) -> None:
        self._workflow = workflow
        self._enabled = enabled

    @property
    def enabled(self) -> bool:
        """Whether image-pipeline requests go to the external recognizer."""
        return self._enabled and self._workflow is not None

    def start(self, command: dict[str, Any], job_id: str) -> str:
        """Start (once) the hand-off of `command` (recognizerCommand-v1.0); its execution ARN."""
        if not self.enabled or self._workflow is None:
            raise RecognizerDisabledError("The external recognizer is not enabled.")
        checked = parse_command(command)  # a bad command is refused here, not in the run
        payload = {"command": asdict(checked), "job_id": job_id}
        return self._workflow.start(checked.task_id, payload)
