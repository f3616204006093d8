"""Template filters of the league pages."""

from django import template

from daymove.competitions.downloads import result_text, status_words
from daymove.competitions.standings import number
from daymove.competitions.table_html import fixture_lines, row_cells

register = template.Library()


@register.filter
def points(value: float) -> str:
    """A score as a table writes it: 3, 2½, ½."""
    whole, half = divmod(round(value * 2), 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


@register.filter
def tiebreak(value: float) -> str:
    """A tie-break value: 12.5, 11 (halves and quarters as decimals; Polish 12,5)."""
    return number(value)


register.filter("crosstable_cells", row_cells)
register.filter("fixture_lines", fixture_lines)
register.filter("result", result_text)
register.filter("status_words", status_words)
