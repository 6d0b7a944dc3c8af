"""Document versions: what a version is, and what changed between two of them.

`compare` is pure (two reports' facts and findings in, their differences out); the
bookkeeping (`records`) is what each version item of the table holds. The service is
`chalicelib.services.versions`, the table's adapter `chalicelib.adapters.dynamo.versions`.
"""
