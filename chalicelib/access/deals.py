"""A deal as a principal may see it: the documents of it they may read, each read audited.

A deal is a contract and its counterparty's statements, all one owner's (the owner's
credits paid for them). Its id is the id of the document that opened it, so a reviewer or a
regional admin finds the owner's deal without knowing the owner. Each document is then
decided on its own, as a read of it would be (`document:read` by role scope or a live
grant): the owner may have moved region between two files, and a file outside the caller's
reach does not exist for them, neither in the list nor in the cross-check. A deal none of
whose documents the caller may read is not found, exactly as one that does not exist.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chalicelib.errors import DocumentNotFoundError

if TYPE_CHECKING:
    from chalicelib.access.principal import Principal
    from chalicelib.access.service import AccessService
    from chalicelib.services.documents import DocumentQueries

DEAL_READ = "deal.read"


def read_deal(
    access: AccessService,
    queries: DocumentQueries,
    principal: Principal,
    deal_id: str,
    *,
    action: str,
) -> dict[str, Any]:
    """The deal's view over the documents the principal may `action` (`document:read`);
    every one of them shown to someone other than its owner is audited as `deal.read`."""
    access.require_action(principal, action)
    members = queries.deal_documents(deal_id, caller_id=principal.user_id)
    shown = []
    for document in members:
        decision = access.decide(principal, action, document)
        if decision.allowed:
            shown.append((document, decision))
    if not shown:
        raise DocumentNotFoundError("No such deal.")
    for document, decision in shown:
        access.record_read(principal, DEAL_READ, document, decision, target=deal_id)
    return queries.deal_of(deal_id, [document for document, _ in shown])
