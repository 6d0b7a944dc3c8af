"""Ports: what the services need from the outside world, as small Protocols, and the
records that cross them. One place for all of them:

- `documents`: the table's narrow ports (users and credits, documents, the review queue,
  deadlines), the bucket, status events, metrics and the workflow;
- `accounts`: credentials, sign-in attempts, profiles and roles;
- `partners`: API Gateway's keys, who owns them, and the partners' callbacks;
- `operations`: the operators' runs and the credits and roles set by hand;
- `telegram`: the bot's update ledger.

Services depend on these only; adapters in `chalicelib.adapters` implement them over
boto3 and httpx, and tests implement them with fakes. The language model's port
(`chalicelib.llm.chat.ChatClient`) and the analysis provider's
(`chalicelib.analysis.port.AnalysisProvider`) stay beside the code that drives them.
"""

from __future__ import annotations

from chalicelib.ports.accounts import (
    AttemptReservation,
    CredentialStore,
    EmailCredential,
    LoginAttempts,
    RoleStore,
    UserProfiles,
)
from chalicelib.ports.documents import (
    Deadline,
    Deadlines,
    DocumentRepository,
    Documents,
    Metrics,
    ObjectInfo,
    ObjectStore,
    PresignedPost,
    ReviewQueue,
    StatusChange,
    StatusEvents,
    Users,
    Workflow,
)
from chalicelib.ports.operations import (
    RunControl,
    UserLedger,
)
from chalicelib.ports.partners import (
    CallbackRecords,
    CallbackStatus,
    CreatedKey,
    DailyUsage,
    KeyGateway,
    KeyRecord,
    KeyRegistry,
    WebhookPoster,
)
from chalicelib.ports.telegram import (
    UpdateLedger,
)

__all__ = [
    "AttemptReservation",
    "CallbackRecords",
    "CallbackStatus",
    "CreatedKey",
    "CredentialStore",
    "DailyUsage",
    "Deadline",
    "Deadlines",
    "DocumentRepository",
    "Documents",
    "EmailCredential",
    "KeyGateway",
    "KeyRecord",
    "KeyRegistry",
    "LoginAttempts",
    "Metrics",
    "ObjectInfo",
    "ObjectStore",
    "PresignedPost",
    "ReviewQueue",
    "RoleStore",
    "RunControl",
    "StatusChange",
    "StatusEvents",
    "UpdateLedger",
    "UserLedger",
    "UserProfiles",
    "Users",
    "WebhookPoster",
    "Workflow",
]
