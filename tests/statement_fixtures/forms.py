"""The ФНС forms 0710001 and 0710002 as 1C:Бухгалтерия and the ФНС service export them.

Our own invented company and figures, internally consistent: the balance sums up section
by section, 1600 = 1700 in every column, and the net profit of 2024 (2400) is the growth
of retained earnings (1370) over the year. Layouts follow the printed forms: a title and
the date, the «Коды» block (ОКУД, date, ОКПО, ИНН, ОКВЭД, ОКОПФ/ОКФС, ОКЕИ), then the table
«Пояснения | Наименование показателя | Код | one column per date».
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tests.statement_fixtures.writers import FixtureCell, FixtureSheet, write_workbook

if TYPE_CHECKING:
    from pathlib import Path

INN = "7725123450"
INN_SMALL = "5003128760"
INN_BAD = "7725123451"  # the control digit is wrong
ORGANIZATION = 'Общество с ограниченной ответственностью "Северный ветер"'
SMALL_ORGANIZATION = 'ООО "Ладья"'

Line = tuple[str, str | None, list[FixtureCell]]
_ = "-"  # what the forms print for nothing

# Thousands of roubles, at 31.12.2024, 31.12.2023, 31.12.2022.
ASSETS: list[Line] = [
    ("АКТИВ", None, []),
    ("I. ВНЕОБОРОТНЫЕ АКТИВЫ", None, []),
    ("Нематериальные активы", "1110", [120, 150, 180]),
    ("Результаты исследований и разработок", "1120", [_, _, _]),
    ("Основные средства", "1150", [8450, 7980, 7210]),
    ("Финансовые вложения", "1170", [1200, 1200, 900]),
    ("Отложенные налоговые активы", "1180", [85, 70, 64]),
    ("Прочие внеоборотные активы", "1190", [40, 35, _]),
    ("Итого по разделу I", "1100", [9895, 9435, 8354]),
    ("II. ОБОРОТНЫЕ АКТИВЫ", None, []),
    ("Запасы", "1210", [5320, 4870, 4410]),
    ("Налог на добавленную стоимость по приобретенным ценностям", "1220", [110, 95, 88]),
    ("Дебиторская задолженность", "1230", [7640, 6980, 6150]),
    ("Финансовые вложения (за исключением денежных эквивалентов)", "1240", [500, _, 300]),
    ("Денежные средства и денежные эквиваленты", "1250", [2130, 1745, 1260]),
    ("Прочие оборотные активы", "1260", [25, 30, 18]),
    ("Итого по разделу II", "1200", [15725, 13720, 12226]),
    ("БАЛАНС", "1600", [25620, 23155, 20580]),
]
LIABILITIES: list[Line] = [
    ("ПАССИВ", None, []),
    ("III. КАПИТАЛ И РЕЗЕРВЫ", None, []),
    ("Уставный капитал (складочный капитал, уставный фонд, вклады товарищей)", "1310", [1000] * 3),
    ("Собственные акции, выкупленные у акционеров", "1320", [_, _, _]),
    ("Переоценка внеоборотных активов", "1340", [_, _, _]),
    ("Добавочный капитал (без переоценки)", "1350", [300] * 3),
    ("Резервный капитал", "1360", [50] * 3),
    ("Нераспределенная прибыль (непокрытый убыток)", "1370", [11450, 9460, 7362]),
    ("Итого по разделу III", "1300", [12800, 10810, 8712]),
    ("IV. ДОЛГОСРОЧНЫЕ ОБЯЗАТЕЛЬСТВА", None, []),
    ("Заемные средства", "1410", [3000, 3500, 4000]),
    ("Отложенные налоговые обязательства", "1420", [60, 55, 48]),
    ("Прочие обязательства", "1450", [_, _, _]),
    ("Итого по разделу IV", "1400", [3060, 3555, 4048]),
    ("V. КРАТКОСРОЧНЫЕ ОБЯЗАТЕЛЬСТВА", None, []),
    ("Заемные средства", "1510", [2500, 2100, 1800]),
    ("Кредиторская задолженность", "1520", [6840, 6310, 5690]),
    ("Доходы будущих периодов", "1530", [_, _, _]),
    ("Оценочные обязательства", "1540", [420, 380, 330]),
    ("Прочие обязательства", "1550", [_, _, _]),
    ("Итого по разделу V", "1500", [9760, 8790, 7820]),
    ("БАЛАНС", "1700", [25620, 23155, 20580]),
]
# Thousands of roubles, for 2024 and 2023; expenses printed in parentheses, as text.
INCOME: list[Line] = [
    ("Выручка", "2110", ["48 620", "44 310"]),
    ("Себестоимость продаж", "2120", ["(36 870)", "(33 540)"]),
    ("Валовая прибыль (убыток)", "2100", ["11 750", "10 770"]),
    ("Коммерческие расходы", "2210", ["(3 940)", "(3 610)"]),
    ("Управленческие расходы", "2220", ["(4 380)", "(4 020)"]),
    ("Прибыль (убыток) от продаж", "2200", ["3 430", "3 140"]),
    ("Доходы от участия в других организациях", "2310", [_, _]),
    ("Проценты к получению", "2320", ["95", "60"]),
    ("Проценты к уплате", "2330", ["(610)", "(690)"]),
    ("Прочие доходы", "2340", ["420", "1 020"]),
    ("Прочие расходы", "2350", ["(850)", "(760)"]),
    ("Прибыль (убыток) до налогообложения", "2300", ["2 485", "2 770"]),
    ("Налог на прибыль", "2410", ["(497)", "(554)"]),
    ("в т.ч. текущий налог на прибыль", "2411", ["(482)", "(547)"]),
    ("отложенный налог на прибыль", "2412", ["(15)", "(7)"]),
    ("Прочее", "2460", ["2", "(118)"]),
    ("Чистая прибыль (убыток)", "2400", ["1 990", "2 098"]),
    ("Результат от переоценки внеоборотных активов", "2510", [_, _]),
    ("Совокупный финансовый результат периода", "2500", ["1 990", "2 098"]),
]
# A small business's simplified balance, in roubles, with an empty third column.
SIMPLIFIED: list[Line] = [
    ("АКТИВ", None, []),
    ("Материальные внеоборотные активы", "1150", [1254300, 1310800, _]),
    ("Запасы", "1210", [845120, 720450, _]),
    ("Денежные средства и денежные эквиваленты", "1250", [312845, 198230, _]),
    ("Финансовые и другие оборотные активы", "1230", [564910, 488300, _]),
    ("БАЛАНС", "1600", [2977175, 2717780, _]),
    ("ПАССИВ", None, []),
    ("Капитал и резервы", "1300", [1520175, 1287780, _]),
    ("Долгосрочные заемные средства", "1410", [600000, 700000, _]),
    ("Краткосрочные заемные средства", "1510", [150000, 100000, _]),
    ("Кредиторская задолженность", "1520", [707000, 630000, _]),
    ("Другие краткосрочные обязательства", "1550", [_, _, _]),
    ("БАЛАНС", "1700", [2977175, 2717780, _]),
]
BALANCE_DATES = ["На 31 декабря 2024 г.", "На 31 декабря 2023 г.", "На 31 декабря 2022 г."]
INCOME_PERIODS = ["За Январь - Декабрь 2024 г.", "За Январь - Декабрь 2023 г."]


def _codes_block(
    okud: str, *, inn: str, organization: str, units: str, okei: str
) -> list[list[FixtureCell]]:
    """The requisites as 1C prints them: labels left, the «Коды» column right (F)."""
    return [
        [None, None, None, None, None, "Коды"],
        [None, None, None, "Форма по ОКУД", None, okud],
        [None, None, None, "Дата (число, месяц, год)", None, "31", "12", "2024"],
        ["Организация", organization, None, "по ОКПО", None, "12345678"],
        ["Идентификационный номер налогоплательщика", None, None, "ИНН", None, inn],
        ["Вид экономической деятельности", "Оптовая торговля", None, "по ОКВЭД 2", None, "46.90"],
        ["Организационно-правовая форма / форма собственности"],
        [
            None,
            "Общество с ограниченной ответственностью / Частная собственность",
            None,
            "по ОКОПФ / ОКФС",
            None,
            "12300",
            "16",
        ],
        [f"Единица измерения: {units}", None, None, "по ОКЕИ", None, okei],
        ["Местонахождение (адрес)"],
        ["125009, Москва г, Тверская ул, дом № 7"],
        [],
    ]


def _table(head: list[str], lines: list[Line], code_as_number: bool) -> list[list[FixtureCell]]:
    rows: list[list[FixtureCell]] = [["Пояснения", "Наименование показателя", "Код", *head]]
    for name, code, values in lines:
        printed: FixtureCell = int(code) if code and code_as_number else code
        rows.append([None, name, printed, *values])
    return rows


def _signatures() -> list[list[FixtureCell]]:
    return [
        [],
        ["Руководитель", None, "Соколов А. В.", None, "(расшифровка подписи)"],
        ["31 марта 2025 г."],
    ]


def balance_1c(
    *,
    inn: str = INN,
    liabilities: list[Line] = LIABILITIES,
    name: str = "TDSheet",
) -> FixtureSheet:
    """The balance on one sheet, as 1C:Бухгалтерия 8.3 saves the printed form."""
    rows: list[list[FixtureCell]] = [
        [None, "Бухгалтерский баланс"],
        [None, "на 31 декабря 2024 г."],
        *_codes_block(
            "0710001", inn=inn, organization=ORGANIZATION, units="в тыс. рублей", okei="384"
        ),
        *_table(BALANCE_DATES, ASSETS + liabilities, code_as_number=True),
        *_signatures(),
    ]
    return FixtureSheet(name, rows, merges=[(0, 1, 0, 5), (1, 1, 1, 5)])


def income_1c(name: str = "TDSheet") -> FixtureSheet:
    """The income statement (0710002) in thousands, expenses in parentheses, as 1C saves it."""
    rows: list[list[FixtureCell]] = [
        [None, "Отчет о финансовых результатах"],
        [None, "за Январь - Декабрь 2024 г."],
        *_codes_block(
            "0710002", inn=INN, organization=ORGANIZATION, units="в тыс. рублей", okei="384"
        ),
        *_table(INCOME_PERIODS, INCOME, code_as_number=False),
        *_signatures(),
    ]
    return FixtureSheet(name, rows, merges=[(0, 1, 0, 4), (1, 1, 1, 4)])


def disclosures_1c() -> FixtureSheet:
    """The text part of the notes (пояснения), which has no line codes of its own."""
    rows: list[list[FixtureCell]] = [
        [None, "Пояснения к бухгалтерскому балансу и отчету о финансовых результатах за 2024 г."],
        ["Организация", ORGANIZATION],
        ["ИНН", INN],
        [],
        ["1. Общие сведения"],
        ["Основной вид деятельности — оптовая торговля строительными материалами."],
        ["2. Учетная политика"],
        ["Запасы оцениваются по средней себестоимости; основные средства — линейным способом."],
        ["3. Условные обязательства"],
        ["Поручительств за третьих лиц и незавершенных судебных разбирательств нет."],
    ]
    return FixtureSheet("Пояснения", rows)


def _fns_id_row(inn: str, page: int) -> list[FixtureCell]:
    """ИНН, КПП and the page number in boxes: one character per cell, as the form prints them."""
    kpp = "772501001"
    return ["ИНН", *inn, None, "КПП", *kpp, None, "Стр.", *f"{page:03d}"]


def balance_fns_pages() -> list[FixtureSheet]:
    """The balance as the ФНС service prints it: Актив on one page, Пассив on the next."""
    head = [
        "На отчетную дату отчетного периода",
        "На 31 декабря предыдущего года",
        "На 31 декабря года, предшествующего предыдущему",
    ]
    table_head: list[FixtureCell] = ["Пояснения", "Наименование показателя", "Код строки", *head]
    numbers: list[FixtureCell] = ["1", "2", "3", "4", "5", "6"]

    def lines(part: list[Line]) -> list[list[FixtureCell]]:
        return [[None, name, code, *values] for name, code, values in part]

    assets: list[list[FixtureCell]] = [
        _fns_id_row(INN, 2),
        [],
        [None, "Бухгалтерский баланс"],
        [None, "на 31.12.2024 г."],
        [None, None, None, "Форма по ОКУД 0710001"],
        [
            "Единица измерения: в тыс. рублей / в млн. рублей (ненужное зачеркнуть)",
            None,
            None,
            "по ОКЕИ",
            "384",
        ],
        [],
        table_head,
        numbers,
        *lines(ASSETS),
    ]
    liabilities: list[list[FixtureCell]] = [
        _fns_id_row(INN, 3),
        [],
        [None, None, None, "Форма 0710001 с.2"],
        [],
        table_head,
        numbers,
        *lines(LIABILITIES),
    ]
    return [FixtureSheet("Стр.2 Актив", assets), FixtureSheet("Стр.3 Пассив", liabilities)]


def balance_roubles() -> FixtureSheet:
    """A small business's simplified balance in roubles (ОКЕИ 383)."""
    rows: list[list[FixtureCell]] = [
        [None, "Бухгалтерский баланс"],
        [None, "на 31 декабря 2024 г."],
        *_codes_block(
            "0710001", inn=INN_SMALL, organization=SMALL_ORGANIZATION, units="в руб.", okei="383"
        ),
        *_table(BALANCE_DATES, SIMPLIFIED, code_as_number=False),
        *_signatures(),
    ]
    return FixtureSheet("Баланс", rows)


def _broken_liabilities() -> list[Line]:
    """Payables of 2024 raised by 60 with its subtotals: 1700 = 25 680, 1600 stays 25 620."""
    changed = {"1520": 6900, "1500": 9820, "1700": 25680}
    return [
        (name, code, [changed[code], *values[1:]] if code in changed else values)
        for name, code, values in LIABILITIES
    ]


FIXTURES: dict[str, str] = {
    "form_balance_1c.xlsx": "0710001 on one sheet as 1C saves it, thousands, codes as numbers",
    "form_balance_1c.xls": "the same balance as XLS",
    "form_balance_1c.xlsb": "the same balance as XLSB",
    "form_balance_fns_two_sheets.xlsx": "0710001 as the ФНС service prints it: Актив, Пассив",
    "form_income_1c.xlsx": "0710002 in thousands, expenses in parentheses as text",
    "form_balance_broken.xlsx": "0710001 where 1700 (25 680) ≠ 1600 (25 620), a bad ИНН",
    "form_full_year.xlsx": "balance, income statement and notes on three sheets",
    "form_balance_roubles.xlsx": "a simplified 0710001 in roubles, third column empty",
}


def build(out_dir: Path) -> None:
    """Write the forms fixtures into `out_dir`."""
    out_dir.mkdir(parents=True, exist_ok=True)
    for fmt in ("xlsx", "xls"):
        write_workbook(out_dir / f"form_balance_1c.{fmt}", [balance_1c()], fmt)
    write_workbook(out_dir / "form_balance_fns_two_sheets.xlsx", balance_fns_pages(), "xlsx")
    write_workbook(out_dir / "form_income_1c.xlsx", [income_1c()], "xlsx")
    broken = balance_1c(inn=INN_BAD, liabilities=_broken_liabilities())
    write_workbook(out_dir / "form_balance_broken.xlsx", [broken], "xlsx")
    full_year = [
        balance_1c(name="Баланс"),
        income_1c(name="Финансовые результаты"),
        disclosures_1c(),
    ]
    write_workbook(out_dir / "form_full_year.xlsx", full_year, "xlsx")
    write_workbook(out_dir / "form_balance_roubles.xlsx", [balance_roubles()], "xlsx")
    write_workbook(out_dir / "form_balance_1c.xlsb", [balance_1c()], "xlsb")
