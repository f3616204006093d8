"""The league pages: every series, one series (with registration), one season, one division and its downloads.

Thin views: what they show is `daymove.competitions.pages` and `tables`, what they change is `registration`.
The pages are public, like the archives and the watch page; only registration needs an account.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from daymove.competitions import downloads, pages
from daymove.competitions import registration as registering
from daymove.competitions.models import Registration
from daymove.competitions.tables import division_table
from daymove.competitions.withdrawal_preview import for_viewer
from daymove.errors import Refused
from daymove.play.wording import options_said
from daymove.refusals import answers_refusals
from games.registry import all_games

LEAVE = "leave"
CHOICES = {
    Registration.Mode.RECURRING: _("You are entered for every season, starting with the next."),
    Registration.Mode.ONCE: _("You are entered for the next season only."),
    Registration.Mode.SKIP: _("You skip the next season and keep your division for the one after."),
    LEAVE: _("You have left the league: you are not entered for the next season."),
}


class GameFilter(forms.Form):
    """Which game's leagues to list (empty: every game)."""

    game = forms.ChoiceField(required=False, label=_("Game"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [("", gettext("Every game"))] + [
            (slug, g.name) for slug, g in all_games().items()
        ]


@never_cache
@require_GET
def index(request):
    """Every league of every game (or of one), with its seasons and the viewer's place."""
    form = GameFilter(request.GET)
    if not form.is_valid():
        return render(request, "competitions/index.html", {"form": form, "rows": []}, status=400)
    rows = pages.series_rows(request.user, form.cleaned_data["game"])
    return render(request, "competitions/index.html", {"form": form, "rows": rows})


def _render_series(request, series, status=200, error=None):
    """The series page (with `error`, the reason a registration was refused)."""
    viewer = request.user
    seasons = pages.seasons_of(series)
    running = seasons["running"]
    context = seasons | {
        "series": series,
        "game_name": series.rules.name,
        "options": options_said(series.rules, series.options),
        "terms": pages.terms(series),
        "registration": registering.registration_of(series, viewer),
        "refusal": registering.refusal_to_join(series, viewer) if viewer.is_authenticated else None,
        "choices": [*Registration.Mode.choices, (LEAVE, gettext("Leave the league"))],
        "divisions": pages.division_rows(running, viewer) if running is not None else [],
        "error": error,
    }
    return render(request, "competitions/series.html", context, status=status)


@never_cache
@require_GET
def series_page(request, slug):
    """One league: its running season's divisions, the next season and joining it, its rules, its past seasons."""
    return _render_series(request, pages.series_or_404(slug))


def _registration_refused(request, refusal: Refused, slug):
    return _render_series(request, pages.series_or_404(slug), status=refusal.status, error=refusal.message)


@require_POST
@login_required
@answers_refusals(show=_registration_refused)
def registration(request, slug):
    """POST `mode`: join every season, the next only, skip the next, or leave the league."""
    series = pages.series_or_404(slug)
    mode = request.POST.get("mode", "")
    if mode not in CHOICES:
        raise Refused(gettext("Choose to join every season, the next only, to skip the next season, or to leave."))
    if mode == LEAVE:
        registering.unregister(series, request.user)
    else:
        registering.register(series, request.user, mode)
    messages.success(request, CHOICES[mode])
    return redirect(series)


@never_cache
@require_GET
def season_page(request, slug, number):
    """One season: its dates, status and divisions with their leaders."""
    season = pages.season_or_404(slug, number)
    context = {"season": season, "series": season.series, "divisions": pages.division_rows(season, request.user)}
    return render(request, "competitions/season.html", context)


def _division_context(request, division) -> dict:
    table = division_table(division)
    return {
        "division": division,
        "season": division.season,
        "series": division.season.series,
        "table": table,
        "need": table.need_for(request.user) if request.user.is_authenticated else None,
        "results_in": any(line.played for line in table.lines),  # before any, everyone is equal: nothing to explain
        "live_topic": pages.live_topic(division),
    }


@never_cache
@require_GET
def division_page(request, slug, number, division):
    """One division: standings with statuses and tie-breaks in words, the crosstable and the fixtures; for a player
    of its running season, what withdrawing would do to their games."""
    division = pages.division_or_404(slug, number, division)
    context = _division_context(request, division)
    context["withdrawal"] = for_viewer(context["table"], request.user)
    return render(request, "competitions/division.html", context)


@never_cache
@require_GET
def division_part(request, slug, number, division):
    """htmx, on a live update: the division's table, crosstable and fixtures drawn again."""
    division = pages.division_or_404(slug, number, division)
    template = "competitions/division.html#table" if request.htmx else "competitions/division.html"
    return render(request, template, _division_context(request, division))


def _download_name(division, extension: str) -> str:
    season = division.season
    return f"{season.series.slug}-season-{season.number}-division-{division.index + 1}.{extension}"


@never_cache
@require_GET
def division_csv(request, slug, number, division):
    """The division's standings and games as CSV (what the page shows, nothing more)."""
    division = pages.division_or_404(slug, number, division)
    response = HttpResponse(downloads.as_csv(division_table(division)), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_download_name(division, "csv")}"'
    return response


@never_cache
@require_GET
def division_json(request, slug, number, division):
    """The division's standings and games as JSON (what the page shows, nothing more)."""
    division = pages.division_or_404(slug, number, division)
    response = JsonResponse(downloads.as_json(division_table(division)), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="{_download_name(division, "json")}"'
    return response
