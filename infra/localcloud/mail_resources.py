"""SES on the local cloud: the template's sender identity, verified in moto's SES.

moto's SES refuses to send from an address that is not a verified identity, as SES does;
`AWS::SES::EmailIdentity` is created through SES v2's public API, and moto treats every
identity as verified at once (AWS mails a confirmation link first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from infra.localcloud.intrinsics import Created

if TYPE_CHECKING:
    from infra.localcloud.provision import Creator, ProvisionContext


def create_email_identity(ctx: ProvisionContext, logical_id: str, props: dict[str, Any]) -> Created:
    """An SES identity (an address or a domain), verified."""
    identity = str(props["EmailIdentity"])
    ctx.clients.get("sesv2").create_email_identity(EmailIdentity=identity)
    return Created(ref=identity)


CREATORS: dict[str, Creator] = {
    "AWS::SES::EmailIdentity": create_email_identity,
}
