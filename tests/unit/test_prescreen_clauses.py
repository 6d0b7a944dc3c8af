"""Risky clauses: each rule on short real-world sentences, Russian and English."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from chalicelib.prescreen.clauses import find_clauses
from chalicelib.prescreen.text import prepare_text

if TYPE_CHECKING:
    from chalicelib.models import ClauseFlag

_PADDING = "\nПрочие условия договора изложены ниже и не содержат особых оговорок." * 30


def _flags(sentence: str, language: str = "ru") -> dict[str, ClauseFlag | None]:
    text = prepare_text(sentence + _PADDING)
    return find_clauses(text, (language,), can_judge=True)


@pytest.mark.parametrize(
    ("clause", "sentence", "language"),
    [
        (
            "penalty",
            "За просрочку оплаты Покупатель уплачивает пени в размере 0,1% за каждый день.",
            "ru",
        ),
        (
            "penalty",
            "Поставщик вправе потребовать уплаты неустойки в размере 0,03% от суммы долга.",
            "ru",
        ),
        ("penalty", "Штраф за нарушение конфиденциальности составляет 100 000 рублей.", "ru"),
        ("penalty", "Company shall pay liquidated damages of $1,000 for each day of delay.", "en"),
        (
            "unilateral_termination",
            "Заказчик вправе в одностороннем порядке расторгнуть Договор, уведомив Исполнителя.",
            "ru",
        ),
        (
            "unilateral_termination",
            "Каждая из сторон вправе отказаться от исполнения договора.",
            "ru",
        ),
        (
            "unilateral_termination",
            "Компания может прекратить действие соглашения в случае нарушения.",
            "ru",
        ),
        (
            "unilateral_termination",
            "Either party may terminate this Agreement for convenience upon 30 days notice.",
            "en",
        ),
        (
            "unilateral_termination",
            "This Agreement may be terminated by either party upon sixty (60) days’ notice.",
            "en",
        ),
        (
            "auto_renewal",
            "Если ни одна из сторон не заявит о прекращении, договор считается продлённым на год.",
            "ru",
        ),
        ("auto_renewal", "Договор автоматически пролонгируется на каждый следующий год.", "ru"),
        (
            "auto_renewal",
            "This Agreement shall automatically renew for successive one (1) year terms.",
            "en",
        ),
        (
            "liability_cap",
            "Ответственность Исполнителя ограничена суммой, уплаченной по договору.",
            "ru",
        ),
        ("liability_cap", "Общий размер неустойки не может превышать 10% цены договора.", "ru"),
        (
            "liability_cap",
            "Неустойка взыскивается в размере 0,1% в день, но не более 5% от суммы.",
            "ru",
        ),
        (
            "liability_cap",
            "Исполнитель не несет ответственности за упущенную выгоду и косвенные убытки.",
            "ru",
        ),
        (
            "liability_cap",
            "In no event shall either party's aggregate liability exceed the fees paid hereunder.",
            "en",
        ),
        (
            "liability_cap",
            "Neither party will be liable for any indirect or consequential damages whatsoever.",
            "en",
        ),
    ],
)
def test_clause_is_found_with_its_sentence_as_evidence(
    clause: str, sentence: str, language: str
) -> None:
    flag = _flags(sentence, language)[clause]

    assert flag is not None and flag.present
    assert flag.evidence == sentence


@pytest.mark.parametrize(
    ("clause", "sentence", "language"),
    [
        ("penalty", "Стороны освобождаются от уплаты неустойки при форс-мажоре.", "ru"),
        ("penalty", "This Agreement may be terminated without penalty by either party.", "en"),
        (
            "penalty",
            "Licensee shall hold Licensor harmless from all fines, penalties and damages.",
            "en",
        ),
        (
            "penalty",
            "Средняя ступени лестницы изготавливается из дуба по эскизу.",
            "ru",
        ),  # "пени" in a word
        (
            "unilateral_termination",
            "Односторонний отказ от исполнения обязательств не допускается.",
            "ru",
        ),
        (
            "unilateral_termination",
            "Накладная, подписанная Поставщиком в одностороннем порядке, действительна.",
            "ru",
        ),
        (
            "unilateral_termination",
            "This Agreement may be terminated at any time by mutual written agreement.",
            "en",
        ),
        (
            "unilateral_termination",
            "Either party may terminate this Agreement if the other party breaches it.",
            "en",
        ),
        (
            "unilateral_termination",
            "Sections 5 and 7 survive termination or expiration for any reason.",
            "en",
        ),
        ("auto_renewal", "Договор не подлежит пролонгации и прекращает действие 31.12.2024.", "ru"),
        (
            "auto_renewal",
            "The term may be extended at Roche's option for additional one year periods.",
            "en",
        ),
        (
            "liability_cap",
            "Стороны не несут ответственности за неисполнение вследствие форс-мажора.",
            "ru",
        ),
        (
            "liability_cap",
            "ОТВЕТСТВЕННОСТЬ\nШтраф за нарушение конфиденциальности без ограничений.",
            "ru",
        ),
        (
            "liability_cap",
            "Ответственность Исполнителя ничем не ограничена и включает убытки.",
            "ru",
        ),
        ("dispute_forum", "Телефонные разговоры записываются для урегулирования споров.", "ru"),
        (
            "dispute_forum",
            "If any provision is held invalid by a court of competent jurisdiction, it is severed.",
            "en",
        ),
    ],
)
def test_clause_is_absent_when_the_sentence_says_otherwise(
    clause: str, sentence: str, language: str
) -> None:
    flag = _flags(sentence, language)[clause]

    assert flag is not None and not flag.present


@pytest.mark.parametrize(
    ("sentence", "language", "detail"),
    [
        (
            "Спор подлежит рассмотрению в Арбитражном суде по месту нахождения истца.",
            "ru",
            "arbitrazh",
        ),
        ("Все споры передаются на рассмотрение третейского суда при РСПП.", "ru", "arbitration"),
        ("При недостижении согласия спор разрешается в судебном порядке.", "ru", "court"),
        ("Споры рассматриваются в суде общей юрисдикции по месту жительства истца.", "ru", "court"),
        (
            "Any dispute arising under this Agreement shall be settled by binding arbitration.",
            "en",
            "arbitration",
        ),
        (
            "Any claim shall be brought exclusively in the state courts located in New York.",
            "en",
            "court",
        ),
    ],
)
def test_dispute_forum_tells_arbitration_arbitrazh_and_court_apart(
    sentence: str, language: str, detail: str
) -> None:
    flag = _flags(sentence, language)["dispute_forum"]

    assert flag is not None and flag.present and flag.detail == detail


def test_short_text_shows_clauses_but_cannot_prove_their_absence() -> None:
    text = prepare_text("СОГЛАШЕНИЕ О КОНФИДЕНЦИАЛЬНОСТИ\nШтраф за нарушение без ограничений.")

    flags = find_clauses(text, ("ru",), can_judge=False)

    assert flags["penalty"] is not None and flags["penalty"].present
    assert flags["auto_renewal"] is None and flags["liability_cap"] is None


def test_russian_rules_do_not_run_on_an_english_text() -> None:
    text = prepare_text("The supplier shall pay неустойка." + _PADDING)

    assert (
        find_clauses(text, ("en",), can_judge=True)["penalty"]
        == find_clauses(prepare_text(_PADDING), ("en",), can_judge=True)["penalty"]
    )


@pytest.mark.parametrize(
    "sentence",
    [
        "Customer acknowledges that the Termination Fee is a reasonable approximation of such "
        "damages and shall be deemed to be liquidated damages and not a penalty.",
        "If Customer terminates this Agreement for convenience, Customer shall pay M&I an early "
        "termination fee equal to six months of fees.",
        "BNL shall pay to VIP a cancellation fee equal to the Minimum Fee multiplied by the "
        "remaining number of months in the then current term.",
        "Supplier shall pay a penalty of 0.5% of the price of the undelivered Goods for each "
        "week of delay in delivery.",
    ],
)
def test_liquidated_damages_are_an_agreed_sum_on_breach_or_termination(sentence: str) -> None:
    flag = _flags(sentence, "en")["penalty"]

    assert flag is not None and flag.present and flag.evidence == sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "Overdue amounts shall bear interest at the rate of 1.5% per month.",
        "If BNL fails to pay, late charges of 1-1/2% per month shall become payable.",
        "If Party B fails to pay the service fee by the 15th of the month, the daily penalty is "
        "0.05% of the overdue payment.",
        "Any payment not made when due shall accrue interest at the annual rate of six percent.",
        "Customer shall not be responsible for any termination fees or charges as a result.",
        "13. DAMAGES 13.1 Direct Damages 13.2 No Consequential Damages 13.5 Liquidated Damages",
        "In no event shall either party be liable for punitive or liquidated damages hereunder.",
        "Licensee shall pay all taxes, interest and penalties assessed on the royalties paid.",
    ],
)
def test_liquidated_damages_exclude_late_payment_interest_and_headings(sentence: str) -> None:
    flag = _flags(sentence, "en")["penalty"]

    assert flag is not None and not flag.present


@pytest.mark.parametrize(
    "sentence",
    [
        "Unless either party gives written notice to terminate this Agreement at least six (6) "
        "months prior to the end of the Initial Term, this Agreement shall continue on a year to "
        "year basis.",
        "This Agreement shall continue in effect from year to year thereafter unless terminated "
        "by either party on ninety (90) days' notice.",
        "Thereafter the term shall be extended for additional one (1) year periods unless either "
        "party gives notice of non-renewal.",
        "Upon expiry this Agreement will continue on a month-to-month basis.",
        "Thereafter, this Agreement shall be renewed automatically on a five (5) year basis.",
    ],
)
def test_auto_renewal_reads_a_term_that_runs_on_by_itself(sentence: str) -> None:
    flag = _flags(sentence, "en")["auto_renewal"]

    assert flag is not None and flag.present and flag.evidence == sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "Roche shall have the right to extend the term of the Program, upon prior written notice "
        "to FMI, for additional three (3) year periods.",
        "This Agreement may be renewed for successive one-year terms by mutual written agreement.",
        "Customer may, at its option, renew this Agreement for one (1) twelve month period.",
        "Upon termination or non-renewal of this Agreement, Distributor shall return materials.",
        "During any Renewal Term, FMI's obligations shall continue to apply to any signature for "
        "additional one (1) year periods.",
    ],
)
def test_auto_renewal_is_not_a_renewal_by_choice(sentence: str) -> None:
    flag = _flags(sentence, "en")["auto_renewal"]

    assert flag is not None and not flag.present


def test_liability_cap_reads_an_exclusion_owed_to_the_other_party() -> None:
    sentence = (
        "NEITHER PARTY SHALL BE LIABLE TO THE OTHER FOR ANY INCIDENTAL, CONSEQUENTIAL, SPECIAL "
        "OR PUNITIVE DAMAGES ARISING OUT OF THIS AGREEMENT."
    )

    flag = _flags(sentence, "en")["liability_cap"]

    assert flag is not None and flag.present and flag.evidence == sentence
