"""Accounting workbooks written by hand for the statements tests: 1C ОСВ and ФНС forms.

`python -m tests.statement_fixtures` regenerates the committed files under
`tests/fixtures/statements/`.
"""
