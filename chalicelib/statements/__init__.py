"""A counterparty's accounting: 1C trial balances (ОСВ) and annual statements (0710001/2).

Recognition turns a workbook (or a statement's PDF pages laid out as a grid) into the
result file v1.2 of `chalicelib/contracts/` (JSON Schemas): `osvDocument` and
`statementDocument` entries, each checked.

- `grid`: the common shape every reader produces, `Sheet` (a name and rows of cells);
- `workbook`: XLSX, XLS, XLSB and ODS read with python-calamine into sheets, bounded;
- `osv`: a 1C «Оборотно-сальдовая ведомость по счёту …» sheet into an `osvDocument`;
- `forms`: the balance sheet (0710001), the income statement (0710002) and the other
  0710xxx forms into `statementDocument`s; `checks`: the forms' control relations;
- `result`: one file's documents into the result file v1.2 (`recognize_sheets`).
"""
