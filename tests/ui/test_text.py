"""The one place that measures and cuts text (ui/text.py): ``fit`` keeps the longest cut that
fits, as trying every cut from the longest down would."""

from hypothesis import given
from hypothesis import strategies as st

from ui.oled_canvas import small
from ui.text import ELLIPSIS, fit


def fit_by_every_cut(text: str, measure, max_width: int) -> str:
    """The reference: every cut tried, the longest first."""
    if measure(text) <= max_width:
        return text
    for cut in range(len(text) - 1, -1, -1):
        if measure(text[:cut].rstrip() + ELLIPSIS) <= max_width:
            return text[:cut].rstrip() + ELLIPSIS
    return ""


TEXTS = st.text(alphabet=st.sampled_from("AVWTaeilmo .,:()0123456789\u00b7"), max_size=240)


@given(TEXTS, st.integers(min_value=0, max_value=140))
def test_fit_keeps_the_longest_cut_that_fits_in_the_oled_font(text, width):
    measure = small().measure
    assert fit(text, measure, width) == fit_by_every_cut(text, measure, width)


def test_a_long_summary_is_cut_in_few_measurements():
    widths: list[str] = []

    def measure(text: str) -> int:
        widths.append(text)
        return 6 * len(text)

    summary = "Prepare: 3 darkness spawned at the Lair, the Overrun track moves to 4, " * 4
    assert fit(summary, measure, 120) == summary[:19].rstrip() + ELLIPSIS
    assert len(widths) <= 12
