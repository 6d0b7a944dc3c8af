"""What admins do with accounts: list and search users, look at one, block and unblock,
and read usage per day.

A block is one transaction on the user's profile with its audit record (who, when,
why). From that write on, every signed-in route and partner call reads the profile and
refuses the user (`chalicelib.auth.account_checks`), whatever API Gateway's authorizer
cache or the token's lifetime say; sign-in, refresh and the bots' exchange refuse too.
Then the user's partner keys are disabled in API Gateway, which refuses them before the
function runs (an unblock enables them again; a revoked key stays revoked). A failure
half-way is mended by blocking again: the block is kept, the keys are switched again.
"""

from __future__ import annotations

import contextlib
from datetime import timedelta
from typing import TYPE_CHECKING, Any, Literal

from chalicelib import api_views as views
from chalicelib.auth.errors import InvalidEmailError
from chalicelib.auth.service import normalize_email
from chalicelib.errors import DocumentNotFoundError, InvalidRequestError, RequestError
from chalicelib.ports.accounts_admin import BlockChange

if TYPE_CHECKING:
    from collections.abc import Callable
    from datetime import datetime

    from chalicelib.ports.accounts_admin import (
        AccountDirectory,
        KeySwitch,
        OwnedKeys,
        UsageStatistics,
        UserRecord,
    )

MAX_USAGE_DAYS = 366
DEFAULT_USER_PAGE = 20
MAX_USER_PAGE = 100


class AccountAdmin:
    """Users for admins: search, one user's record, block and unblock, usage per day."""

    def __init__(
        self,
        directory: AccountDirectory,
        keys: OwnedKeys,
        switch: KeySwitch,
        usage: UsageStatistics,
        clock: Callable[[], datetime],
    ) -> None:
        self._directory = directory
        self._keys = keys
        self._switch = switch
        self._usage = usage
        self._clock = clock

    # --- users -----------------------------------------------------------------------

    def search(
        self,
        *,
        email: str | None = None,
        telegram_id: int | None = None,
        region: str | None = None,
        role: str | None = None,
        limit: int = DEFAULT_USER_PAGE,
        cursor: str | None = None,
    ) -> views.UserPage:
        """Users newest first, a page at a time; by e-mail or Telegram id, one at most."""
        if not 1 <= limit <= MAX_USER_PAGE:
            raise InvalidRequestError(f"limit must be between 1 and {MAX_USER_PAGE}.")
        if email is not None or telegram_id is not None:
            user_id = self._identity(email, telegram_id)
            record = self._directory.user_record(user_id) if user_id else None
            found = [record] if record and _matches(record, region, role) else []
            return views.UserPage(users=[self._view(r) for r in found], next_cursor=None)
        records, next_cursor = self._directory.list_users(
            region=region, role=role, limit=limit, cursor=cursor
        )
        return views.UserPage(users=[self._view(r) for r in records], next_cursor=next_cursor)

    def get(self, user_id: str) -> views.UserDetail:
        """One user, with their blocks and unblocks (newest first)."""
        record = self._directory.user_record(user_id)
        if record is None:
            raise DocumentNotFoundError("No such user.")
        history = [
            views.BlockRecord(action=c.action, reason=c.reason, by=c.by, at=c.at)
            for c in self._directory.block_history(user_id)
        ]
        return views.UserDetail(**self._user_fields(record), block_history=history)

    # --- blocks ------------------------------------------------------------------------

    def block(self, user_id: str, *, reason: str, by: str) -> views.BlockChange:
        """Block a user at once: tokens, refreshes, exchanges and partner keys."""
        if user_id == by:
            # An admin who blocked themselves could leave nobody to undo it.
            raise InvalidRequestError("Ask another admin to block your own account.")
        changed = self._change(user_id, "block", reason, by)
        self._switch_keys(user_id, enable=False)
        return views.BlockChange(user_id=user_id, blocked=True, changed=changed)

    def unblock(self, user_id: str, *, reason: str, by: str) -> views.BlockChange:
        """Lift a block: the user signs in again (the sessions the block ended stay ended)
        and their partner keys work again."""
        changed = self._change(user_id, "unblock", reason, by)
        self._switch_keys(user_id, enable=True)
        return views.BlockChange(user_id=user_id, blocked=False, changed=changed)

    def _change(
        self, user_id: str, action: Literal["block", "unblock"], reason: str, by: str
    ) -> bool:
        if not reason.strip():
            raise InvalidRequestError(f"Say why the account is {action}ed.")
        change = BlockChange(
            user_id=user_id,
            action=action,
            reason=reason.strip(),
            by=by,
            at=self._clock().isoformat(),
        )
        return self._directory.set_blocked(change)

    def _switch_keys(self, user_id: str, *, enable: bool) -> None:
        for record in self._keys.list(user_id):
            if not record.enabled:
                continue  # revoked: deleted from API Gateway, and it stays so
            # A key gone from API Gateway already has nothing to switch.
            with contextlib.suppress(RequestError):
                if enable:
                    self._switch.enable(record.key_id)
                else:
                    self._switch.disable(record.key_id)

    # --- usage -------------------------------------------------------------------------

    def usage(self, days: int) -> views.UsageStatistics:
        """Usage per day over the last `days` days (today included), oldest first."""
        if not 1 <= days <= MAX_USAGE_DAYS:
            raise InvalidRequestError(f"days must be between 1 and {MAX_USAGE_DAYS}.")
        today = self._clock().date()
        wanted = [today - timedelta(days=offset) for offset in range(days - 1, -1, -1)]
        rows = [
            views.UsageDayCounts(
                date=t.day,
                documents_created=t.documents_created,
                documents_done=t.documents_done,
                documents_failed=t.documents_failed,
                credits_spent=t.credits_spent,
                credits_refunded=t.credits_refunded,
                active_users=t.active_users,
            )
            for t in self._usage.daily_totals(wanted)
        ]
        # The totals sum the counters (UsageCounts), not active users: one user active on
        # two days is one user.
        totals = {
            name: sum(getattr(row, name) for row in rows) for name in views.UsageCounts.model_fields
        }
        return views.UsageStatistics(days=rows, totals=views.UsageCounts(**totals))

    # --- shared ------------------------------------------------------------------------

    def _identity(self, email: str | None, telegram_id: int | None) -> str | None:
        by_email = by_telegram = None
        if email is not None:
            try:
                by_email = self._directory.user_for_email(normalize_email(email))
            except InvalidEmailError:
                return None
            if by_email is None:
                return None
        if telegram_id is not None:
            by_telegram = self._directory.user_for_telegram(telegram_id)
            if by_telegram is None:
                return None
        if by_email and by_telegram and by_email != by_telegram:
            return None  # both given, and they name two users: nobody matches both
        return by_email or by_telegram

    def _view(self, record: UserRecord) -> views.AdminUser:
        return views.AdminUser(**self._user_fields(record))

    def _user_fields(self, record: UserRecord) -> dict[str, Any]:
        """A user's fields as an admin sees them (a view that extends the user's adds its
        own)."""
        profile = record.profile
        return {
            "user_id": profile.user_id,
            "email": record.email,
            "role": profile.role,
            "region": profile.region,
            "credits_left": profile.credits_left,
            "documents_count": self._directory.count_documents(profile.user_id),
            "email_verified": profile.email_verified,
            "blocked": profile.blocked,
            "blocked_at": record.blocked_at,
            "blocked_by": record.blocked_by,
            "blocked_reason": record.blocked_reason,
            "created_at": record.created_at,
        }


def _matches(record: UserRecord, region: str | None, role: str | None) -> bool:
    profile = record.profile
    if role and profile.role != role:
        return False
    return not region or profile.region == region or profile.region.startswith(f"{region}-")
