"""The rules provider's checks: one module per checklist item (patterns, severity, wording)."""
