"""Who may do what: regions, permissions, roles, grants and the access audit.

The services ask here before they read or change a document (DESIGN.md, "Governance"):
a route only builds the caller's `Principal` (`AccessService.principal`) and hands it to
a service, which calls `AccessService.require` or `require_document`. A document outside
the caller's reach is not found, never forbidden.
"""
