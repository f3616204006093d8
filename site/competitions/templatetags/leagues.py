"""Template filters of the league pages."""

from django import template

from daymove.competitions.downloads import result_text, status_words
from daymove.competitions.standings import number

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


@register.filter
def link(links: dict[int, str], match_id: int) -> str:
    """A game's match page from its table's links (`Table.links`), which are reversed once per table."""
    return links[match_id]


register.filter("result", result_text)
register.filter("status_words", status_words)
